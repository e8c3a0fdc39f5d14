import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/coupon-check";
import { previewCouponForCart } from "~/models/coupons.server";
import { CartCheckSchema } from "~/schemas/cart";
import { clientAddress, rateLimit } from "~/utils/rate-limit.server";
import { getSessionUser } from "~/utils/auth.server";

// POST { code, lines, paymentMethod, email } -> what the coupon takes off this cart, or why it
// does not apply ("¿Tenés un cupón?" at checkout). The order's transaction checks it again.

const CouponCheckSchema = CartCheckSchema.extend({
  code: z.string().max(60),
  paymentMethod: z.string().max(200),
  email: z.string().max(254).nullable().optional(),
});

export type CouponCheckAnswer = { ok: true; code: string; discountCents: number } | { ok: false; reason: string };

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ ok: false, reason: "Método no permitido." }, { status: 405 });
  // Guessing codes one after another is slowed down per address.
  const limit = await rateLimit(`coupon:${clientAddress(context)}`, 30, 10 * 60);
  if (!limit.allowed) {
    return data<CouponCheckAnswer>(
      { ok: false, reason: "Probaste demasiados cupones. Esperá unos minutos e intentá de nuevo." },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return data<CouponCheckAnswer>({ ok: false, reason: "Pedido inválido." }, { status: 400 });
  }
  const parsed = CouponCheckSchema.safeParse(body);
  if (!parsed.success) return data<CouponCheckAnswer>({ ok: false, reason: "Pedido inválido." }, { status: 400 });
  const user = await getSessionUser(request);
  const outcome = await previewCouponForCart({
    ...parsed.data,
    email: parsed.data.email?.trim() || null,
    userId: user?.id ?? null,
  });
  const answer: CouponCheckAnswer = outcome.ok
    ? { ok: true, code: outcome.code, discountCents: outcome.discountCents }
    : { ok: false, reason: outcome.reason };
  return data(answer);
}
