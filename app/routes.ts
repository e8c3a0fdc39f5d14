import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { LEGAL_PAGES } from "./domain/legal-pages";

export default [
  layout("routes/store/layout.tsx", [
    index("routes/store/home.tsx"),
    route("store", "routes/store/catalog.tsx"),
    route("product/:id", "routes/store/product.tsx"),
    route("search", "routes/store/search.tsx"),
    route("checkout", "routes/checkout/checkout.tsx"),
    route("success", "routes/checkout/success.tsx"),
    route("cuenta", "routes/account/cuenta.tsx"),
    route("cuenta/pedidos/:id", "routes/account/order.tsx"),
    route("contacto", "routes/content/contacto.tsx"),
    route("empresas", "routes/content/empresas.tsx"),
    route("soluciones-inteligentes", "routes/content/soluciones-inteligentes.tsx"),
    route("casos-de-exito", "routes/content/casos-de-exito.tsx"),
    route("quienes-somos", "routes/content/quienes-somos.tsx"),
    route("mapa-del-sitio", "routes/content/mapa-del-sitio.tsx"),
    ...LEGAL_PAGES.map((slug) => route(slug, "routes/content/legal.tsx", { id: `legal-${slug}` })),
    route("login", "routes/auth/login.tsx"),
    route("logout", "routes/auth/logout.tsx"),
    route("olvide-mi-contrasena", "routes/auth/forgot-password.tsx"),
    route("restablecer-contrasena", "routes/auth/reset-password.tsx"),
  ]),
  route("admin/login", "routes/admin/login.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.tsx"),
    route("dashboard", "routes/admin/dashboard.tsx"),
  ]),
  route("api/auth/*", "routes/resources/auth.ts"),
  route("api/cart/check", "routes/resources/cart-check.ts"),
  route("healthz", "routes/resources/healthz.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  // Any unknown path goes to the home page (spec: "Any unknown path redirects to /").
  route("*", "routes/resources/not-found.ts"),
] satisfies RouteConfig;
