import { Link } from "react-router";
import { InputField } from "~/components/ui/field";
import { InlineForm, answerField } from "~/components/ui/inline-form";
import { TD, TH, THead, TR, Table } from "~/components/ui/table";
import { formatPercent } from "~/domain/money";
import type { CustomerGroup } from "~/models/companies.server";
import type { CompanyFormAnswer } from "./company-review-form";

/** Admin > Empresas: the customer groups, their general discount, and a form for a new one. */
export function CustomerGroups({ groups, answer }: { groups: CustomerGroup[]; answer: CompanyFormAnswer | undefined }) {
  return (
    <section aria-labelledby="groups-title" className="space-y-3">
      <h2 id="groups-title" className="text-lg font-bold">
        Grupos de clientes
      </h2>
      {groups.length === 0 ? (
        <p className="text-sm text-slate-600">Todavía no hay grupos. Creá uno para aprobar empresas.</p>
      ) : (
        <Table>
          <caption className="sr-only">Grupos de clientes</caption>
          <THead>
            <tr>
              <TH>Grupo</TH>
              <TH>Descuento general</TH>
              <TH>Empresas</TH>
            </tr>
          </THead>
          <tbody>
            {groups.map((g) => (
              <TR key={g.id}>
                <TD className="font-medium">
                  <Link
                    to={`/admin/empresas/grupos/${g.id}`}
                    className="text-brand-700 underline"
                    aria-label={`Lista de precios de ${g.name}`}
                  >
                    {g.name}
                  </Link>
                </TD>
                <TD className="tabular-nums">{formatPercent(g.defaultPercent)}</TD>
                <TD className="tabular-nums">{g.companies}</TD>
              </TR>
            ))}
          </tbody>
        </Table>
      )}
      <InlineForm intent="group" answer={answer} label="Crear grupo">
        <InputField {...answerField(answer, "group", "name")} label="Nuevo grupo" placeholder="Revendedor" />
        <InputField
          {...answerField(answer, "group", "defaultPercent")}
          label="Descuento general (%)"
          inputMode="decimal"
          hint="Sobre el precio de lista de toda la tienda; 0 o vacío: precios públicos."
        />
      </InlineForm>
    </section>
  );
}
