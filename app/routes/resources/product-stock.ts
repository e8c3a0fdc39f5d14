import { data } from "react-router";
import type { Route } from "./+types/product-stock";
import { getPublishedProductStock } from "~/models/product.server";

// GET /api/products/:id/stock: the units left of a published product, asked for by its page in
// the browser. The page itself is cached until something listings show changes (a sale that
// leaves stock above zero is not one), so the exact count, which every sale changes, is not in it.
export async function loader({ params }: Route.LoaderArgs) {
  const stock = await getPublishedProductStock(params.id);
  if (stock === null) return data({ error: "Producto no encontrado" }, { status: 404 });
  return data({ stock }, { headers: { "Cache-Control": "no-store" } });
}
