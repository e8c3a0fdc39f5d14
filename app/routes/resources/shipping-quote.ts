import type { Route } from "./+types/shipping-quote";
import { type ShippingQuote, quoteShipping } from "~/domain/shipping";
import { getSettings } from "~/models/settings.server";

// GET /api/shipping-quote?cp=C1043AAZ -> the shipping methods that reach that postal code and
// their cost there (product page and cart). The checkout and the order use the same quote.
export async function loader({ request }: Route.LoaderArgs): Promise<ShippingQuote> {
  const cp = (new URL(request.url).searchParams.get("cp") ?? "").slice(0, 20);
  try {
    const { shipping_methods, shipping_zones } = await getSettings(["shipping_methods", "shipping_zones"]);
    return quoteShipping(cp, shipping_methods, shipping_zones);
  } catch (error) {
    console.error("[shipping quote] settings could not be read:", error);
    return { ok: false, error: "No pudimos calcular el envío ahora. Intentá de nuevo en unos minutos." };
  }
}
