import { LinkList } from "~/components/content/link-list";
import type { Route } from "./+types/mapa-del-sitio";
import { PageHero } from "~/components/content/page-hero";
import { INFO_LINKS } from "~/components/footer";
import { MAIN_NAV, type NavItem } from "~/components/header";
import { originFrom, seo } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Mapa del sitio | Vitec",
    description:
      "Todas las secciones de Vitec en un solo lugar: tienda, empresas, contacto, soluciones inteligentes y políticas.",
    path: "/mapa-del-sitio",
    origin: originFrom(matches),
  });

const GROUPS: { title: string; links: readonly NavItem[] }[] = [
  { title: "Navegación principal", links: [{ label: "Inicio", to: "/" }, ...MAIN_NAV] },
  { title: "Información legal", links: INFO_LINKS.filter((link) => link.to !== "/mapa-del-sitio") },
  {
    title: "Tu cuenta",
    links: [
      { label: "Ingresar o crear cuenta", to: "/login" },
      { label: "Mi Cuenta", to: "/cuenta" },
    ],
  },
];

export default function MapaDelSitio() {
  return (
    <>
      <PageHero title="Mapa del sitio" lead="Encontrá rápidamente cualquier sección de Vitec." />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-3">
        {GROUPS.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="text-xl font-bold text-slate-900">{group.title}</h2>
            <LinkList
              links={group.links}
              className="mt-4 space-y-2"
              linkClassName="text-brand-700 underline-offset-4 hover:underline"
            />
          </nav>
        ))}
      </div>
    </>
  );
}
