import { Form, NavLink, Outlet } from "react-router";
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
  { to: "/admin/clientes", label: "Clientes" },
  { to: "/admin/consultas", label: "Consultas" },
  { to: "/admin/configuracion", label: "Configuración" },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
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
        <header className="flex items-center justify-end gap-4 border-b border-slate-200 bg-white px-6 py-3">
          <span className="text-sm text-slate-700">
            {loaderData.admin.name} <span className="text-slate-500">({loaderData.admin.email})</span>
          </span>
          <Form method="post" action="/logout">
            <button type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100">
              Cerrar sesión
            </button>
          </Form>
        </header>
        <main className="p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
