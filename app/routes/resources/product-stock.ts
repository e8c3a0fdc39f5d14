import { data } from "react-router";
import type { Route } from "./+types/product-stock";
import { getPublishedProductStock } from "~/models/product.server";
import { getPublishedVariantStock } from "~/models/variants.server";

// GET /api/products/:id/stock: the units left of a published product (and of each of its variants), asked for by its page in
// the browser. The page itself is cached until something listings show changes (a sale that
// leaves stock above zero is not one), so the exact count, which every sale changes, is not in it.
export async function loader({ params }: Route.LoaderArgs) {
  const [stock, variants] = await Promise.all([
    getPublishedProductStock(params.id),
    getPublishedVariantStock(params.id),
  ]);
  if (stock === null || variants === null) return data({ error: "Producto no encontrado" }, { status: 404 });
  // A product with variants: the units of each one too ([14/15]).
  return data({ stock, variants }, { headers: { "Cache-Control": "no-store" } });
}
