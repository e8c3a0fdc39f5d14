import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link, type Location, useLocation, useNavigate } from "react-router";
import { NOTEBOOKS_COLLECTION_ID } from "~/domain/collections";
import { useCart } from "./cart/cart-store";
import { preloadCartDrawer } from "./cart/lazy-cart-drawer";
import { DeferredSheet, preloadSheet } from "./ui/deferred-sheet";
import { Icon } from "~/components/ui/icon";

export type NavItem = { label: string; to: string };

/** The main navigation, in the spec's order (header, mobile menu, footer). */
export const MAIN_NAV: readonly NavItem[] = [
  { label: "Notebooks", to: `/store?category=${encodeURIComponent(NOTEBOOKS_COLLECTION_ID)}` },
  { label: "Tienda", to: "/store" },
  { label: "Empresas", to: "/empresas" },
  { label: "Quiénes Somos", to: "/quienes-somos" },
  { label: "Casos de Éxito", to: "/casos-de-exito" },
  { label: "Contacto", to: "/contacto" },
  { label: "Soluciones Inteligentes", to: "/soluciones-inteligentes" },
];

/** Whether a nav item is the current page. /store is "Notebooks" only with that category. */
export function isNavItemActive(to: string, location: Pick<Location, "pathname" | "search">): boolean {
  const url = new URL(to, "http://vitec.local");
  if (url.pathname === "/store") {
    if (location.pathname !== "/store") return false;
    const isNotebooks = new URLSearchParams(location.search).get("category") === NOTEBOOKS_COLLECTION_ID;
    return url.searchParams.has("category") ? isNotebooks : !isNotebooks;
  }
  return location.pathname === url.pathname || location.pathname.startsWith(`${url.pathname}/`);
}

type HeaderUser = { name: string } | null | undefined;

export function Header({ user }: { user: HeaderUser }) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 gap-y-2 px-4 py-2 md:flex-nowrap md:gap-x-6 md:py-3">
        <MobileMenu user={user} />
        <Logo />
        <SearchForm className="order-last w-full md:order-none md:w-auto md:flex-1" />
        <div className="ml-auto flex items-center gap-1 md:ml-0">
          <AccountLink user={user} />
          <CartButton />
        </div>
      </div>
      <nav aria-label="Principal" className="hidden border-t border-slate-100 md:block">
        <MainNavList className="mx-auto flex max-w-6xl flex-wrap gap-x-1 px-2" linkClassName="px-3 py-2.5 text-sm" />
      </nav>
    </header>
  );
}

function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md text-xl font-extrabold tracking-tight text-brand-900">
      <svg viewBox="0 0 32 32" width={32} height={32} aria-hidden focusable="false" className="size-8 shrink-0">
        <rect width="32" height="32" rx="8" className="fill-brand-600" />
        <path
          d="M9 10l7 13 7-13"
          fill="none"
          stroke="white"
          strokeWidth={3.2}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      Vitec
    </Link>
  );
}

function MainNavList({
  className,
  linkClassName,
  onNavigate,
}: {
  className?: string;
  linkClassName?: string;
  onNavigate?: () => void;
}) {
  const location = useLocation();
  return (
    <ul className={className}>
      {MAIN_NAV.map((item) => {
        const active = isNavItemActive(item.to, location);
        return (
          <li key={item.to}>
            <Link
              to={item.to}
              prefetch="intent"
              onClick={onNavigate}
              aria-current={active ? "page" : undefined}
              className={[
                "block rounded-md font-medium hover:bg-brand-50 hover:text-brand-700",
                active ? "text-brand-700 underline decoration-2 underline-offset-8" : "text-slate-700",
                linkClassName,
              ].join(" ")}
            >
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function SearchForm({ className }: { className?: string }) {
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const current = location.pathname === "/search" ? (new URLSearchParams(location.search).get("q") ?? "") : "";

  // Without JavaScript the form is a plain GET to /search; with it, empty text does nothing.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get("q") ?? "").trim();
    if (!q) return;
    navigate(`/search?q=${encodeURIComponent(q)}`);
  }

  return (
    <form role="search" action="/search" method="get" onSubmit={onSubmit} className={`relative ${className ?? ""}`}>
      <label htmlFor={id} className="sr-only">
        Buscar productos
      </label>
      <input
        key={current}
        id={id}
        name="q"
        type="search"
        defaultValue={current}
        placeholder="Buscar productos..."
        autoComplete="off"
        enterKeyHint="search"
        className="h-10 w-full rounded-full border border-slate-300 bg-white pr-11 pl-4 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none md:text-sm"
      />
      <button
        type="submit"
        aria-label="Buscar"
        className="absolute top-0 right-0 inline-flex size-10 items-center justify-center rounded-full text-slate-600 hover:text-brand-700"
      >
        <Icon name="search" className="size-5" />
      </button>
    </form>
  );
}

function AccountLink({ user }: { user: HeaderUser }) {
  const label = user ? "Mi cuenta" : "Ingresar";
  return (
    <Link
      to={user ? "/cuenta" : "/login"}
      className="inline-flex h-10 min-w-10 items-center justify-center gap-2 rounded-md px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
    >
      <Icon name="user" className="size-5" />
      <span className="sr-only sm:not-sr-only">{label}</span>
    </Link>
  );
}

function productCount(n: number): string {
  return `${n} ${n === 1 ? "producto" : "productos"}`;
}

function CartButton() {
  const { totalQuantity, open, isOpen } = useCart();
  return (
    <button
      type="button"
      onClick={open}
      // The drawer's code loads on idle; pointing at or focusing the button fetches it at once.
      onPointerEnter={preloadCartDrawer}
      onFocus={preloadCartDrawer}
      aria-label={`Abrir carrito, ${productCount(totalQuantity)}`}
      aria-haspopup="dialog"
      aria-expanded={isOpen}
      className="relative inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 hover:text-slate-900"
    >
      <Icon name="shopping-cart" className="size-6" />
      <span
        aria-hidden
        className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-accent-500 px-1 text-xs font-bold text-slate-900 tabular-nums"
      >
        {totalQuantity > 99 ? "99+" : totalQuantity}
      </span>
    </button>
  );
}

function MobileMenu({ user }: { user: HeaderUser }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const triggerRef = useRef<HTMLButtonElement>(null);
  // Close on every navigation (links, back/forward, redirects).
  useEffect(() => {
    setOpen(false);
  }, [location.key]);

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={preloadSheet}
        onFocus={preloadSheet}
        aria-label="Abrir menú"
        aria-haspopup="dialog"
        aria-expanded={open}
        className="-ml-2 inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden"
      >
        <Icon name="menu" className="size-6" />
      </button>
      <DeferredSheet open={open} onOpenChange={setOpen} side="left" title="Menú" triggerRef={triggerRef}>
        <nav aria-label="Principal" className="flex-1 overflow-y-auto p-2">
          <MainNavList
            className="flex flex-col"
            linkClassName="px-3 py-3 text-base"
            onNavigate={() => setOpen(false)}
          />
          <div className="mt-2 border-t border-slate-200 pt-2">
            <Link
              to={user ? "/cuenta" : "/login"}
              onClick={() => setOpen(false)}
              className="flex items-center gap-2 rounded-md px-3 py-3 text-base font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-700"
            >
              <Icon name="user" className="size-5" />
              {user ? "Mi cuenta" : "Ingresar"}
            </Link>
          </div>
        </nav>
      </DeferredSheet>
    </>
  );
}
