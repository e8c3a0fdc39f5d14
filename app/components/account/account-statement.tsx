import { StatusBadge } from "~/components/status-badge";
import { TD, THeadRow, TR, Table } from "~/components/ui/table";
import { AGING_BUCKETS, AGING_LABELS } from "~/domain/cuenta-corriente";
import { formatARS, fromCents } from "~/domain/money";
import type { AccountStatement } from "~/models/cuenta-corriente.server";

// [25/25] A company's cuenta corriente (ADR 0022): its balance, credit, aging and every entry
// with the running balance, overdue invoices marked. Mi Cuenta (members) and Admin > Empresas.

const money = (cents: number) => formatARS(fromCents(cents));

export function AccountStatementView({
  account,
  headingLevel = 2,
}: {
  account: AccountStatement;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const { aging } = account;
  return (
    <div className="space-y-4">
      <Heading className="text-lg font-bold">Cuenta corriente de {account.legalName}</Heading>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-600">Saldo</dt>
          <dd className="text-lg font-semibold tabular-nums" data-testid="account-balance">
            {money(aging.balanceCents)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Vencido</dt>
          <dd className={`text-lg font-semibold tabular-nums ${aging.overdueCents > 0 ? "text-red-700" : ""}`}>
            {money(aging.overdueCents)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Pedidos sin facturar</dt>
          <dd className="text-lg font-semibold tabular-nums">{money(account.uninvoicedCents)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Crédito disponible</dt>
          <dd className="text-lg font-semibold tabular-nums">
            {account.availableCents === null ? "Sin cuenta corriente" : money(account.availableCents)}
          </dd>
          {account.limitCents !== null ? (
            <dd className="text-xs text-slate-500">
              Límite {money(account.limitCents)} · pago a {account.termsDays} días
            </dd>
          ) : null}
        </div>
      </dl>
      {aging.balanceCents > 0 ? (
        <ul className="flex flex-wrap gap-2 text-xs" aria-label="Antigüedad del saldo">
          {AGING_BUCKETS.filter((b) => aging.buckets[b] > 0).map((b) => (
            <li key={b} className="rounded bg-slate-100 px-2 py-1">
              {AGING_LABELS[b]}: <span className="font-semibold tabular-nums">{money(aging.buckets[b])}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {account.rows.length === 0 ? (
        <p className="text-sm text-slate-600">Todavía no hay movimientos en la cuenta.</p>
      ) : (
        <Table caption="Movimientos de la cuenta corriente, del más antiguo al más nuevo">
          <THeadRow
            columns={[
              "Fecha",
              "Movimiento",
              ["Vence", "hidden sm:table-cell"],
              ["Importe", "text-right"],
              ["Saldo", "text-right"],
            ]}
          />
          <tbody>
            {account.rows.map((r) => (
              <TR key={r.id}>
                <TD className="whitespace-nowrap">{r.dateLabel}</TD>
                <TD>
                  <span className="font-medium">{r.kindLabel}</span>
                  <span className="block text-xs text-slate-600">{r.description}</span>
                  {r.overdueDays > 0 ? (
                    <StatusBadge tone="failed">
                      Vencida hace {r.overdueDays} {r.overdueDays === 1 ? "día" : "días"} · adeuda {money(r.openCents)}
                    </StatusBadge>
                  ) : r.kind === "invoice" && r.openCents === 0 ? (
                    <StatusBadge tone="done">Pagada</StatusBadge>
                  ) : null}
                </TD>
                <TD className="hidden whitespace-nowrap sm:table-cell">{r.dueLabel ?? "—"}</TD>
                <TD className="text-right tabular-nums">{money(r.amountCents)}</TD>
                <TD className="text-right tabular-nums">{money(r.runningCents)}</TD>
              </TR>
            ))}
          </tbody>
        </Table>
      )}
    </div>
  );
}
