import type { Route } from "./+types/dashboard";
import { Link } from "react-router";
import { LatestOrders } from "~/components/admin/dashboard/latest-orders";
import { LowStockList } from "~/components/admin/dashboard/low-stock-list";
import { SalesChart } from "~/components/admin/dashboard/sales-chart";
import { StatFigures } from "~/components/admin/dashboard/stat-figures";
import { WinBackFiguresPanel } from "~/components/admin/dashboard/win-back-figures";
import { winBackFigures } from "~/models/win-back.server";
import {
  getDashboardStats,
  getSalesByDay,
  getSalesByGroup,
  listLatestOrders,
  listLowStockProducts,
} from "~/models/dashboard.server";
import { SalesByGroupPanel } from "~/components/admin/dashboard/sales-by-group";
import { getSettings } from "~/models/settings.server";
import { requireAdmin } from "~/utils/auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Admin Vitec" }];

const STATS_ERROR = "Error al cargar estadísticas.";

/** A failed part shows its error; the rest of the page still loads. */
async function settle<T>(label: string, promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    console.error(`[dashboard] ${label} failed:`, error);
    return null;
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const now = new Date();
  const [stats, days, groups, latest, lowStock, settings, winBack] = await Promise.all([
    settle("stats", getDashboardStats()),
    settle("sales by day", getSalesByDay(30)),
    settle("sales by group", getSalesByGroup(30)),
    settle("latest orders", listLatestOrders(5)),
    settle("low stock", listLowStockProducts(5)),
    settle("settings", getSettings(["store"])),
    settle("win back", winBackFigures(new Date(now.getTime() - 30 * 86_400_000), now)),
  ]);
  // The law asks every store to show its AFIP/ARCA Data Fiscal: staff are reminded until it is set.
  const missingDataFiscal = settings ? !settings.store.dataFiscal?.url : false;
  return { stats, days, groups, latest, lowStock, missingDataFiscal, winBack };
}

function LoadError() {
  return (
    <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      {STATS_ERROR}
    </p>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { stats, days, groups, latest, lowStock, missingDataFiscal, winBack } = loaderData;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Dashboard</h1>
      {missingDataFiscal ? (
        <p className="rounded-md border border-orange-300 bg-orange-50 px-3 py-2 text-sm text-orange-900">
          Falta el Data Fiscal de AFIP/ARCA: la ley (RG 4042-E/2017) pide mostrarlo en todas las páginas de la tienda.{" "}
          <Link to="/admin/configuracion" className="font-semibold underline underline-offset-2">
            Cargalo en Configuración › Datos de la tienda
          </Link>
          .
        </p>
      ) : null}
      {stats ? <StatFigures stats={stats} /> : <LoadError />}
      {days ? <SalesChart days={days} /> : <LoadError />}
      {groups ? <SalesByGroupPanel groups={groups} /> : <LoadError />}
      <div className="grid gap-6 lg:grid-cols-2">
        {latest ? <LatestOrders orders={latest} /> : <LoadError />}
        {lowStock ? <LowStockList products={lowStock} /> : <LoadError />}
      </div>
      {winBack ? <WinBackFiguresPanel figures={winBack} /> : <LoadError />}
    </div>
  );
}
