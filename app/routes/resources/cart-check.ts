import { data } from "react-router";
import type { Route } from "./+types/cart-check";
import { checkCartLines } from "~/models/cart.server";
import { CartCheckSchema } from "~/schemas/cart";

// POST { lines: [{ cartId, productId, quantity, selectedOptions }] } -> the server's current
// price and stock for each line (the drawer and checkout show what will really be charged).
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ error: "Método no permitido." }, { status: 405 });
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return data({ error: "Pedido inválido." }, { status: 400 });
  }
  const parsed = CartCheckSchema.safeParse(body);
  if (!parsed.success) return data({ error: "Pedido inválido." }, { status: 400 });
  try {
    return { lines: await checkCartLines(parsed.data.lines) };
  } catch (error) {
    // The database is out of reach (a restart, say): the drawer keeps the cart and says so.
    console.error("[cart check] failed:", error);
    return data(
      { error: "No pudimos verificar los precios ahora. Intentá de nuevo en unos minutos." },
      { status: 503 },
    );
  }
}
