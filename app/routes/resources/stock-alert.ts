import { data } from "react-router";
import type { Route } from "./+types/stock-alert";
import { subscribeStockAlert } from "~/models/win-back.server";
import { StockAlertSchema } from "~/schemas/win-back";
import { parseForm, readForm } from "~/utils/request.server";
import { clientAddress, rateLimit } from "~/utils/rate-limit.server";

// POST email, productId, variantId: "Avisame cuando haya stock" on a product page (ADR 0021).
export async function action({ request, context }: Route.ActionArgs) {
  const limit = await rateLimit(`stock-alert:${clientAddress(context)}`, 20, 600);
  if (!limit.allowed) {
    return data(
      {
        ok: false,
        errors: {},
        toast: {
          type: "error" as const,
          title: "Demasiados pedidos",
          description: "Esperá unos minutos y volvé a intentar.",
        },
      },
      { status: 429 },
    );
  }
  const parsed = parseForm(StockAlertSchema, await readForm(request));
  if (!parsed.ok) return data({ ok: false, errors: parsed.errors }, { status: 400 });
  const result = await subscribeStockAlert(parsed.data);
  if (!result.ok) return data({ ok: false, errors: { email: result.message } }, { status: 400 });
  return {
    ok: true,
    errors: {},
    toast: {
      type: "success" as const,
      title: "Te vamos a avisar",
      description: "Te escribimos una sola vez, apenas vuelva a haber stock.",
    },
  };
}
