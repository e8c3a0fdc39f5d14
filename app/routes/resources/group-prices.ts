import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/group-prices";
import { groupListFor, groupPricesFor } from "~/models/price-lists.server";
import { getSessionUser } from "~/utils/auth.server";

// GET /api/group-prices?products=<id>,<id>: the signed-in member's group prices for the products
// on screen (ADR 0022); ?list=<id>: for the page of a product sold with options, the member's list
// for that product, to price each combination picked (`groupListFor`). The session and the membership are read from the database on every
// request (no cookie cache), only an approved company's members get prices, and the answer is
// never cached anywhere: the public pages stay the same for everyone.

const ProductIds = z
  .string()
  .max(40 * 100)
  .transform((s) => s.split(",").filter(Boolean))
  .pipe(z.array(z.string().max(40)).max(100));

export async function loader({ request }: Route.LoaderArgs) {
  const headers = { "Cache-Control": "private, no-store" };
  const params = new URL(request.url).searchParams;
  const listOf = params.get("list");
  if (listOf !== null) {
    if (listOf.length > 40) return data({ error: "Pedido inválido." }, { status: 400, headers });
    const user = await getSessionUser(request);
    return data({ list: await groupListFor(user?.id ?? null, listOf) }, { headers });
  }
  const parsed = ProductIds.safeParse(params.get("products") ?? "");
  if (!parsed.success) return data({ error: "Pedido inválido." }, { status: 400, headers });
  const user = await getSessionUser(request);
  return data({ prices: await groupPricesFor(user?.id ?? null, parsed.data) }, { headers });
}
