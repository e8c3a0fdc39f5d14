import { data } from "react-router";
import type { Route } from "./+types/checkout-draft";
import { saveCheckoutDraft } from "~/models/win-back.server";
import { CheckoutDraftSchema } from "~/schemas/win-back";
import { clientAddress, rateLimit } from "~/utils/rate-limit.server";

// POST { email, lines } from /checkout once a valid e-mail is typed (and after each cart change):
// the server keeps the checkout draft a reminder may be sent about (ADR 0021). Prices are never read.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ ok: false }, { status: 405 });
  const limit = await rateLimit(`checkout-draft:${clientAddress(context)}`, 60, 600);
  if (!limit.allowed) return data({ ok: false }, { status: 429 });
  const body: unknown = await request.json().catch(() => undefined);
  const parsed = CheckoutDraftSchema.safeParse(body);
  if (!parsed.success) return data({ ok: false }, { status: 400 });
  await saveCheckoutDraft(parsed.data.email, parsed.data.lines);
  return { ok: true };
}
