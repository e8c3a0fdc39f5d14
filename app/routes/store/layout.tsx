import { Outlet, useLocation, useNavigation, useRouteLoaderData } from "react-router";
import { PagePending, hasPendingView } from "~/components/page-pending";
import { BenefitsStrip } from "~/components/benefits-strip";
import { LazyCartDrawer } from "~/components/cart/lazy-cart-drawer";
import { WishlistSync } from "~/components/wishlist/wishlist-store";
import { Footer } from "~/components/footer";
import { Header } from "~/components/header";
import { ScrollToTop } from "~/components/scroll-to-top";
import { WhatsAppButton } from "~/components/whatsapp-button";
import { useViewer } from "~/components/viewer";
import type { loader as rootLoader } from "~/root";

// The storefront shell around every public page.
export default function StoreLayout() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const store = root?.store;
  const viewer = useViewer();
  const navigation = useNavigation();
  const location = useLocation();
  // Arriving at the catalogue or the search from another page shows their loading state at once.
  const pending =
    navigation.state === "loading" &&
    navigation.location.pathname !== location.pathname &&
    hasPendingView(navigation.location.pathname)
      ? navigation.location
      : null;
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#contenido"
        className="sr-only rounded-md bg-white font-semibold text-brand-700 shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:px-4 focus:py-2"
      >
        Saltar al contenido
      </a>
      <Header user={viewer.user} />
      <BenefitsStrip />
      <main id="contenido" tabIndex={-1} className="flex-1 outline-none">
        {pending ? <PagePending pathname={pending.pathname} search={pending.search} /> : <Outlet />}
      </main>
      <Footer store={store} />
      <WhatsAppButton whatsapp={store?.whatsapp} />
      <ScrollToTop />
      <LazyCartDrawer />
      <WishlistSync />
    </div>
  );
}
