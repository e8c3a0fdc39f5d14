import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/wishlist";
import { addToWishlist, listWishlistIds, removeFromWishlist } from "~/models/wishlist.server";
import { getSessionUser } from "~/utils/auth.server";

const BodySchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), productId: z.string().max(100) }),
  z.object({ intent: z.literal("remove"), productId: z.string().max(100) }),
  // Sign-in: what the visitor kept in the browser joins the account's list.
  z.object({ intent: z.literal("merge"), productIds: z.array(z.string().max(100)).max(200) }),
]);

// The signed-in customer's wishlist. Visitors keep theirs in the browser and get 401 here.
export async function action({ request }: Route.ActionArgs) {
  const user = await getSessionUser(request);
  if (!user) return data({ error: "Iniciá sesión para guardar tu lista de deseos." }, { status: 401 });
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return data({ error: "Pedido inválido." }, { status: 400 });
  }
  const parsed = BodySchema.safeParse(body);
  if (!parsed.success) return data({ error: "Pedido inválido." }, { status: 400 });
  const input = parsed.data;
  if (input.intent === "add") await addToWishlist(user.id, [input.productId]);
  else if (input.intent === "remove") await removeFromWishlist(user.id, input.productId);
  else await addToWishlist(user.id, input.productIds);
  return { ids: await listWishlistIds(user.id) };
}
