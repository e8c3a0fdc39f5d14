import { formatARS } from "~/domain/money";
import type { SalesByGroup } from "~/models/dashboard.server";
import { Panel } from "./panel";

/** [25/25] The period's orders and delivered sales by customer group (consumers without a company apart). */
export function SalesByGroupPanel({ groups }: { groups: SalesByGroup[] }) {
  return (
    <Panel
      title="Ventas por grupo de clientes (últimos 30 días)"
      link={{ to: "/admin/empresas", label: "Ver empresas" }}
    >
      <table className="w-full text-sm" data-testid="sales-by-group">
        <thead>
          <tr className="text-left text-slate-600">
            <th className="py-1 font-medium">Grupo</th>
            <th className="py-1 text-right font-medium">Pedidos</th>
            <th className="py-1 text-right font-medium">Ventas entregadas</th>
          </tr>
        </thead>
        <tbody>
          {groups.map((g) => (
            <tr key={g.group} className="border-t border-slate-100">
              <td className="py-1.5 font-medium text-slate-900">{g.group}</td>
              <td className="py-1.5 text-right tabular-nums">{g.orders}</td>
              <td className="py-1.5 text-right font-semibold tabular-nums">{formatARS(g.sales)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Panel>
  );
}
