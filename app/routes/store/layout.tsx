import { Outlet, useLocation, useNavigation, useRouteLoaderData } from "react-router";
import { LazyCartDrawer } from "~/components/cart/lazy-cart-drawer";
import { serverRenderedPart } from "~/components/deferred";
import { Header } from "~/components/header";
import { useViewer } from "~/components/viewer";
import type { loader as rootLoader } from "~/root";

// In every page's HTML, their code loaded after the page's own: the benefits ticker (CSS moves it,
// code only pauses it), what is below the page or floating over it.
const BenefitsStrip = serverRenderedPart(() => import("~/components/benefits-strip").then((m) => m.BenefitsStrip));
const Footer = serverRenderedPart(() => import("~/components/footer").then((m) => m.Footer));
const WhatsAppButton = serverRenderedPart(() => import("~/components/whatsapp-button").then((m) => m.WhatsAppButton));
const ScrollToTop = serverRenderedPart(() => import("~/components/scroll-to-top").then((m) => m.ScrollToTop));
// Renders nothing: merges a guest's wishlist into the account after signing in.
const WishlistSync = serverRenderedPart(() =>
  import("~/components/wishlist/wishlist-store").then((m) => m.WishlistSync),
);

// The catalogue's skeletons or "Buscando...", while another page's data loads.
const PagePending = serverRenderedPart(() => import("~/components/page-pending").then((m) => m.PagePending));

/** The paths whose loading state the layout shows itself when arriving from another page. */
function hasPendingView(pathname: string): boolean {
  return pathname === "/store" || pathname === "/search";
}

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
