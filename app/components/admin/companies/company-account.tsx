import { Form, useNavigation } from "react-router";
import { AccountStatementView } from "~/components/account/account-statement";
import { Button } from "~/components/ui/button";
import { FormError, InputField, SelectField } from "~/components/ui/field";
import { Options } from "~/components/ui/options";
import { answerField } from "~/components/ui/inline-form";
import { TD, TH, THead, TR, Table } from "~/components/ui/table";
import { AGING_BUCKETS, AGING_LABELS, PAYMENT_METHODS, PAYMENT_METHOD_LABELS } from "~/domain/cuenta-corriente";
import { formatARS, fromCents } from "~/domain/money";
import type { AccountAging, AccountStatement } from "~/models/cuenta-corriente.server";
import type { CompanyFormAnswer } from "./company-review-form";

const money = (cents: number) => formatARS(fromCents(cents));

/** Admin > Empresas, the company under review: its cuenta corriente and the form to record a payment received. */
export function CompanyAccount({
  account,
  today,
  answer,
}: {
  account: AccountStatement;
  /** yyyy-mm-dd in the store's time zone: the payment date's default. */
  today: string;
  answer: CompanyFormAnswer | undefined;
}) {
  const saving = useNavigation().state === "submitting";
  const errors = answer?.errors ?? {};
  const values = answer?.values ?? {};
  return (
    <section aria-label="Cuenta corriente" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <AccountStatementView account={account} />
      <Form method="post" noValidate className="space-y-3 border-t border-slate-100 pt-4">
        <h3 className="font-semibold">Registrar un pago recibido</h3>
        <input type="hidden" name="intent" value="payment" />
        <input type="hidden" name="companyId" value={account.companyId} />
        <FormError error={errors.form} />
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <InputField
            {...answerField(answer, "payment", "amount")}
            label="Importe"
            inputMode="decimal"
            hint="Por ejemplo 150.000,50"
          />
          <SelectField {...answerField(answer, "payment", "method", "transferencia")} label="Medio">
            <Options values={PAYMENT_METHODS} labels={PAYMENT_METHOD_LABELS} />
          </SelectField>
          <InputField
            {...answerField(answer, "payment", "reference")}
            label="Referencia"
            hint="Número de operación, de cheque o de e-cheq."
          />
          <InputField
            id="payment-date"
            label="Fecha de recepción"
            name="receivedOn"
            type="date"
            max={today}
            error={errors.receivedOn}
            defaultValue={values.receivedOn ?? today}
          />
          <SelectField
            id="payment-invoice"
            label="Factura que paga"
            name="invoiceId"
            error={errors.invoiceId}
            defaultValue={values.invoiceId ?? ""}
          >
            <option value="">A cuenta (las más antiguas primero)</option>
            {account.openInvoices.map((i) => (
              <option key={i.id} value={i.id}>
                {i.label} · adeuda {money(i.openCents)}
              </option>
            ))}
          </SelectField>
        </div>
        <Button type="submit" disabled={saving}>
          Registrar pago
        </Button>
      </Form>
    </section>
  );
}

/** Admin > Empresas: how old the debt of every account is. */
export function AccountsAging({ accounts }: { accounts: AccountAging[] }) {
  return (
    <section aria-labelledby="accounts-aging-title" className="space-y-2">
      <h2 id="accounts-aging-title" className="text-lg font-bold">
        Antigüedad de saldos
      </h2>
      {accounts.length === 0 ? (
        <p className="text-sm text-slate-600">Ninguna empresa tiene cuenta corriente.</p>
      ) : (
        <Table caption="Antigüedad de saldos de las cuentas corrientes, las más vencidas primero">
          <THead>
            <tr>
              <TH>Empresa</TH>
              <TH className="text-right">Saldo</TH>
              {AGING_BUCKETS.map((b) => (
                <TH key={b} className="text-right">
                  {AGING_LABELS[b]}
                </TH>
              ))}
            </tr>
          </THead>
          <tbody>
            {accounts.map((a) => (
              <TR key={a.companyId}>
                <TD className="font-medium">{a.legalName}</TD>
                <TD className="text-right tabular-nums">{money(a.aging.balanceCents)}</TD>
                {AGING_BUCKETS.map((b) => (
                  <TD key={b} className="text-right tabular-nums">
                    {a.aging.buckets[b] ? money(a.aging.buckets[b]) : "—"}
                  </TD>
                ))}
              </TR>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
