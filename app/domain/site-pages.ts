import { LEGAL_PAGES } from "./legal-pages";

// Public pages that are always there (sitemap, site map page).
export const STATIC_PAGES = [
  "/",
  "/store",
  "/empresas",
  "/quienes-somos",
  "/casos-de-exito",
  "/contacto",
  "/soluciones-inteligentes",
  "/mapa-del-sitio",
  "/arrepentimiento",
  ...LEGAL_PAGES.map((p) => `/${p}`),
] as const;
