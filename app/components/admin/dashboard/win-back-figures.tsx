import { formatARS } from "~/domain/money";
import { Panel } from "./panel";

export type WinBackFigures = { recoveredOrders: number; recoveredRevenue: string; alertsSent: number };

/** [23/25] The last 30 days of win-back: orders placed through a reminder's link, their revenue, stock alerts sent. */
export function WinBackFiguresPanel({ figures }: { figures: WinBackFigures }) {
  return (
    <Panel
      title="Recuperar ventas (últimos 30 días)"
      link={{ to: "/admin/carritos-abandonados", label: "Ver carritos" }}
    >
      <dl className="grid grid-cols-3 gap-3 text-sm">
        <div>
          <dt className="text-slate-600">Pedidos recuperados</dt>
          <dd className="text-xl font-bold text-slate-900">{figures.recoveredOrders}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Ingresos recuperados</dt>
          <dd className="text-xl font-bold text-slate-900">{formatARS(figures.recoveredRevenue)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Avisos de stock enviados</dt>
          <dd className="text-xl font-bold text-slate-900">{figures.alertsSent}</dd>
        </div>
      </dl>
    </Panel>
  );
}
