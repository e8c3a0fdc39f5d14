import { data } from "react-router";
import type { Route } from "./+types/product-prices";
import type { ProductPricesData } from "~/components/admin/products/product-price-history-tab";
import { PROFILE_NAMES } from "~/domain/import-profiles";
import { priceSourceLabel } from "~/domain/price-history";
import { isUuid } from "~/domain/uuid";
import { listPriceHistory } from "~/models/price-history.server";
import { requireAdmin } from "~/utils/auth.server";

// GET /admin/productos/:id/precios: the price history of a product and its variants (ADR 0019).
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  if (!isUuid(params.id)) return data<ProductPricesData>({ ok: false, error: "El producto no existe." }, 404);
  try {
    const rows = await listPriceHistory(params.id);
    return data<ProductPricesData>({
      ok: true,
      rows: rows.map((r) => ({
        at: r.at.toISOString(),
        variant: r.variant,
        variantId: r.variantId,
        actor: r.actor,
        source: priceSourceLabel(r.source, PROFILE_NAMES),
        price: r.price === null ? null : Number(r.price),
        salePrice: r.salePrice === null ? null : Number(r.salePrice),
      })),
    });
  } catch (error) {
    console.error("[admin product prices] load failed:", error);
    return data<ProductPricesData>({ ok: false, error: "No se pudo cargar el historial de precios." }, 500);
  }
}
