import { data } from "react-router";
import type { Route } from "./+types/cart-check";
import { checkCartLines } from "~/models/cart.server";
import { CartCheckSchema } from "~/schemas/cart";
import { getSessionUser } from "~/utils/auth.server";

// POST { lines: [{ cartId, productId, quantity, selectedOptions }] } -> the server's current
// price and stock for each line (the drawer and checkout show what will really be charged). A
// member of an approved company gets the group's prices: the session and the membership are
// looked up in the database here, nothing posted says who is buying (ADR 0022).
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
    const user = await getSessionUser(request);
    return data(
      { lines: await checkCartLines(parsed.data.lines, user?.id ?? null) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    // The database is out of reach (a restart, say): the drawer keeps the cart and says so.
    console.error("[cart check] failed:", error);
    return data(
      { error: "No pudimos verificar los precios ahora. Intentá de nuevo en unos minutos." },
      { status: 503 },
    );
  }
}
