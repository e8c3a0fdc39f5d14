import { data } from "react-router";
import type { Route } from "./+types/viewer";
import { checkoutPrefill, getProfile } from "~/models/profile.server";
import { accountOffer } from "~/models/cuenta-corriente.server";
import { getReviewer } from "~/models/review.server";
import { listWishlistIds } from "~/models/wishlist.server";
import { getSessionUser } from "~/utils/auth.server";
import { companyInvoicePrefill, getMemberCompany } from "~/models/companies.server";

// GET /api/viewer: who is browsing, for the storefront's pages, which are the same for everyone
// and cached (ADR 0005): the signed-in customer's name for the header and their wishlist; with
// ?product=<id>, whether they may review that product; with ?checkout, the saved data that
// fills the checkout form (a company member's: its CUIT, razón social and IVA condition) and, for a member of a company with cuenta corriente, the credit it
// may still buy on account (the checkout then offers that payment method); the company they buy
// for (its name, status and group: an approved one's members then ask /api/group-prices and may
// ask for quotes, ADR 0022). Never cached anywhere.
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  // The session looked up in the database: one signed out or revoked a moment ago reads nothing.
  const user = await getSessionUser(request);
  const productId = params.get("product");
  const checkout = Boolean(user) && params.has("checkout");
  const [wishlist, reviewer, profile, company, account] = await Promise.all([
    user ? listWishlistIds(user.id) : null,
    productId ? getReviewer(user, productId) : null,
    checkout ? getProfile(user!.id) : null,
    user ? getMemberCompany(user.id) : null,
    checkout ? accountOffer(user!.id) : null,
  ]);
  return data(
    {
      user: user ? { name: user.name, email: user.email, role: user.role } : null,
      wishlist,
      // [25/25] A member of an approved company: the cart offers "Pedir cotización".
      quotes: company?.status === "approved",
      reviewer,
      business: company
        ? {
            company: company.legalName,
            status: company.status,
            group: company.status === "approved" ? company.groupName : null,
          }
        : null,
      // A member of an approved company: its invoice data (the order takes it from the company anyway).
      checkoutPrefill:
        user && checkout ? { ...checkoutPrefill(profile, user.email), ...companyInvoicePrefill(company) } : null,
      account,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
