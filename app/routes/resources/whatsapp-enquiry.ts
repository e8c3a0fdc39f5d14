import { redirect } from "react-router";
import type { Route } from "./+types/whatsapp-enquiry";
import { whatsappLink, productEnquiryText } from "~/domain/whatsapp";
import { getPublishedProductName } from "~/models/product.server";
import { getSettings } from "~/models/settings.server";

// "Consultar" on a product card: /consultar/<product id> sends the shopper on to WhatsApp with the
// message about that product already written (spec). The card links here instead of carrying the
// whole wa.me address with the product's name in every card of a listing.
export async function loader({ params }: Route.LoaderArgs) {
  const [name, { store }] = await Promise.all([getPublishedProductName(params.id), getSettings(["store"])]);
  const target = whatsappLink(store.whatsapp, name ? productEnquiryText(name) : undefined);
  return redirect(target, { headers: { "Cache-Control": "public, max-age=300", "X-Robots-Tag": "noindex" } });
}
