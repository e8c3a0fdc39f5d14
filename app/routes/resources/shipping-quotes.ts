import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/shipping-quotes";
import { type CheckoutShipping, checkoutShipping } from "~/models/checkout-shipping.server";
import { CartCheckSchema } from "~/schemas/cart";
import { clientAddress, rateLimit } from "~/utils/rate-limit.server";

// POST { lines, postalCode } -> the checkout's shipping options for this cart ([21/25]): the
// store's own methods for the zone and each carrier's (a domicilio / retiro en sucursal with its
// nearest branches), asked in parallel within the budget. A carrier that fails or is slow is left
// out with a note: this answers with the store's methods, never an error page. The order's
// transaction prices the chosen quote again from its id.

const ShippingQuotesSchema = CartCheckSchema.extend({ postalCode: z.string().max(20) });

const UNAVAILABLE = "No pudimos calcular el envío ahora. Intentá de nuevo en unos minutos.";

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST")
    return data<CheckoutShipping>({ ok: false, error: "Método no permitido." }, { status: 405 });
  // Each new postal code or cart asks the carriers: limited per address like the other /api calls.
  const limit = await rateLimit(`shipping-quotes:${clientAddress(context)}`, 60, 10 * 60);
  if (!limit.allowed) {
    return data<CheckoutShipping>(
      { ok: false, error: "Consultaste el envío demasiadas veces. Esperá unos minutos e intentá de nuevo." },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return data<CheckoutShipping>({ ok: false, error: "Pedido inválido." }, { status: 400 });
  }
  const parsed = ShippingQuotesSchema.safeParse(body);
  if (!parsed.success) return data<CheckoutShipping>({ ok: false, error: "Pedido inválido." }, { status: 400 });
  try {
    return data(await checkoutShipping(parsed.data.lines, parsed.data.postalCode));
  } catch (error) {
    console.error("[shipping quotes] failed:", error);
    return data<CheckoutShipping>({ ok: false, error: UNAVAILABLE }, { status: 503 });
  }
}
