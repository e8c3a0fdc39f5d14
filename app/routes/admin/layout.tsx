import type { ReactNode } from "react";
import { skipAfterPreview } from "~/utils/revalidation";
import {
  Form,
  NavLink,
  Outlet,
  isRouteErrorResponse,
  useLocation,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/layout";
import { requireAdmin } from "~/utils/auth.server";

// Every /admin page passes through this loader, and each child loader and action checks
// the role again itself (a child's loader runs in parallel, not after this one).
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return { admin: { name: admin.name, email: admin.email } };
}

const NAV = [
  { to: "/admin/dashboard", label: "Dashboard" },
  { to: "/admin/productos", label: "Productos" },
  { to: "/admin/categorias", label: "Categorías" },
  { to: "/admin/ordenes", label: "Órdenes" },
  { to: "/admin/facturacion", label: "Facturación" },
  { to: "/admin/cupones", label: "Cupones" },
  { to: "/admin/clientes", label: "Clientes" },
  { to: "/admin/empresas", label: "Empresas" },
  { to: "/admin/cotizaciones", label: "Cotizaciones" },
  { to: "/admin/consultas", label: "Consultas" },
  { to: "/admin/opiniones", label: "Opiniones" },
  { to: "/admin/carritos-abandonados", label: "Carritos abandonados" },
  { to: "/admin/avisos-de-stock", label: "Avisos de stock" },
  { to: "/admin/configuracion", label: "Configuración" },
  { to: "/admin/auditoria", label: "Auditoría" },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell admin={loaderData.admin}>
      <Outlet />
    </AdminShell>
  );
}

/** Sidebar, header with the admin and sign-out, and the page; "Cargando…" while a page loads. */
function AdminShell({ admin, children }: { admin: { name: string; email: string }; children: ReactNode }) {
  const loading = useNavigation().state === "loading";
  return (
    <div className="min-h-screen bg-slate-50 md:flex">
      <aside className="border-b border-slate-200 bg-slate-900 text-slate-100 md:min-h-screen md:w-60 md:border-b-0">
        <div className="px-5 py-4 text-xl font-extrabold">Vitec Admin</div>
        <nav aria-label="Administración" className="flex gap-1 overflow-x-auto px-3 pb-3 md:flex-col md:pb-0">
          {NAV.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              className={({ isActive }) =>
                `whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-slate-700 text-white" : "text-slate-300 hover:bg-slate-800"}`
              }
            >
              {item.label}
            </NavLink>
          ))}
          <a href="/" className="whitespace-nowrap rounded-md px-3 py-2 text-sm text-slate-400 hover:bg-slate-800">
            Ver tienda
          </a>
        </nav>
      </aside>
      <div className="flex-1">
        <header className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2 border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
          {/* Spec: the admin area shows "Cargando…" while it loads (pages are server-rendered, so
              that is while the next page's data is on its way). */}
          <p role="status" className="mr-auto text-sm font-medium text-brand-700">
            {loading ? (
              <span className="inline-flex items-center gap-2">
                <span
                  aria-hidden
                  className="size-3 animate-spin rounded-full border-2 border-brand-600 border-t-transparent"
                />
                Cargando…
              </span>
            ) : null}
          </p>
          <span className="text-sm text-slate-700">
            {admin.name} <span className="text-slate-500">({admin.email})</span>
          </span>
          <Form method="post" action="/logout">
            <button type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100">
              Cerrar sesión
            </button>
          </Form>
        </header>
        <main className="p-4 sm:p-6" aria-busy={loading}>
          {children}
        </main>
      </div>
    </div>
  );
}

/** A request that never reached the server or never came back (offline, cut, aborted). */
function isNetworkError(error: unknown): boolean {
  if (error instanceof DOMException && error.name === "AbortError") return true;
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
}

/**
 * An admin screen that failed (a save that never reached the server, a loader's error, an
 * unexpected error): the message shows inside the shell, so the sidebar stays usable. Without
 * the layout's data (its own loader failed) or for a refused role, a plain page without the shell.
 * Note: a page navigation that fails at the network level also fails the root loader (single
 * fetch reloads it on every navigation), so that case still ends in the root's error page.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>("routes/admin/layout");
  const { pathname, search } = useLocation();
  const routeError = isRouteErrorResponse(error) ? error : null;
  const status = routeError?.status ?? null;
  let title = "Algo salió mal";
  let message = "Ocurrió un error inesperado. Por favor, intentá de nuevo.";
  if (isNetworkError(error)) {
    title = "Sin conexión con el servidor";
    message = "No se pudo comunicar con el servidor. Revisá tu conexión e intentá de nuevo.";
  } else if (status === 403) {
    title = "Acceso denegado";
    message =
      typeof routeError?.data === "string" && routeError.data
        ? routeError.data
        : "No tenés permiso para ver esta página.";
  } else if (status === 404) {
    title = "No encontrado";
    message = "La página que buscás no existe.";
  }
  const content = (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 py-12 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="text-slate-600">{message}</p>
      {status === 403 ? (
        <a href="/" className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
          Volver al inicio
        </a>
      ) : (
        <div className="flex flex-wrap justify-center gap-3">
          {/* A full page load: it also recovers when the app's own files failed to load. */}
          <a
            href={pathname + search}
            className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
          >
            Intentar de nuevo
          </a>
          <a
            href="/admin/dashboard"
            className="rounded-md border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50"
          >
            Ir al Dashboard
          </a>
        </div>
      )}
    </div>
  );
  if (!layout || status === 403) return <main className="min-h-screen bg-slate-50 p-6">{content}</main>;
  return <AdminShell admin={layout.admin}>{content}</AdminShell>;
}

export const shouldRevalidate = skipAfterPreview;
