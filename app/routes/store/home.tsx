import { Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/home";
import { serverRenderedPart } from "~/components/deferred";
import { Stars } from "~/components/product/stars";
import { sendEnquiry } from "~/components/forms/send-enquiry";
import { BrandTicker } from "~/components/home/brand-ticker";
import { CategoryGrid } from "~/components/home/category-grid";
import { type HeroSlide, HeroCarousel } from "~/components/home/hero-carousel";
import { ProductCard } from "~/components/product/product-card";
import { Button } from "~/components/ui/button";
import { NOTEBOOKS_COLLECTION_ID, homeCollections } from "~/domain/collections";
import { listTopLevelCategories } from "~/models/catalog.server";
import { listFeaturedProducts } from "~/models/product.server";
import type { loader as rootLoader } from "~/root";
import type { StoreSettings } from "~/domain/settings";
import { WITHDRAWAL_WINDOW_DAYS } from "~/domain/withdrawal";
import { handleEnquiry } from "~/routes/content/enquiry-action.server";
import { jsonLd, originFrom, seo } from "~/utils/seo";
import { Icon } from "~/components/ui/icon";

/** schema.org Organization for the home page (name, logo, contact and social profiles). */
function organizationJsonLd(origin: string, store: StoreSettings) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: store.name,
    url: new URL("/", origin).toString(),
    logo: new URL("/favicon.svg", origin).toString(),
    email: store.email,
    foundingDate: "2014",
    address: { "@type": "PostalAddress", streetAddress: store.address, addressCountry: "AR" },
    contactPoint: [
      {
        "@type": "ContactPoint",
        telephone: store.phone,
        contactType: "customer service",
        areaServed: "AR",
        availableLanguage: "es",
      },
    ],
    sameAs: Object.values(store.social).filter(Boolean),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Vitec | Tecnología para tu casa y tu empresa",
    description:
      "Notebooks, PCs, gaming, monitores y accesorios con envíos a todo el país, financiación y garantía. Atención personalizada para empresas.",
    path: "/",
    origin: originFrom(matches),
  });

export async function loader() {
  const [featured, categories] = await Promise.all([listFeaturedProducts(8), listTopLevelCategories()]);
  // The grid follows the categories in the database: one added or renamed in admin shows here.
  return { featured, collections: homeCollections(categories) };
}

export function action({ request, context }: Route.ActionArgs) {
  return handleEnquiry({ request, context, formType: "homepage_contact" });
}

export function clientAction(args: Route.ClientActionArgs) {
  return sendEnquiry("homepage_contact", args);
}

// At the bottom of the page: its HTML comes with the page, its code after the page's own.
const HomeContactForm = serverRenderedPart(() =>
  import("~/components/forms/home-contact-form").then((m) => m.HomeContactForm),
);

const SLIDES: HeroSlide[] = [
  {
    title: "Armá el setup gamer de tus sueños",
    subtitle: "PCs, monitores y periféricos de alto rendimiento para jugar sin límites, con garantía oficial.",
    buttonText: "Ver productos gaming",
    buttonLink: "/store?category=pcol_GAMING",
    image: "/images/hero/gaming.svg",
    imageAlt: "Ilustración de una PC gamer con monitor, teclado y mouse con luces de colores",
    background: "bg-gradient-to-br from-slate-950 via-indigo-950 to-violet-900",
  },
  {
    title: "Envíos a todo el país",
    subtitle: "Recibí tu compra en cualquier punto de Argentina, con embalaje seguro y seguimiento del pedido.",
    buttonText: "Comprar ahora",
    buttonLink: "/store",
    image: "/images/hero/envios.svg",
    imageAlt: "Ilustración de un camión de reparto de Vitec junto al mapa de Argentina",
    background: "bg-gradient-to-br from-brand-900 via-brand-700 to-brand-600",
  },
  {
    title: "Notebooks para trabajar y estudiar",
    subtitle: "Equipos livianos y potentes, con financiación a tu medida y 12 meses de garantía.",
    buttonText: "Ver notebooks",
    buttonLink: `/store?category=${encodeURIComponent(NOTEBOOKS_COLLECTION_ID)}`,
    image: "/images/hero/notebooks.svg",
    imageAlt: "Ilustración de una notebook abierta con gráficos en la pantalla",
    background: "bg-gradient-to-br from-slate-900 via-teal-900 to-teal-700",
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { featured, collections } = loaderData;
  return (
    <>
      {root ? (
        <script
          type="application/ld+json"
          dangerouslySetInnerHTML={{ __html: jsonLd(organizationJsonLd(root.origin, root.store)) }}
        />
      ) : null}
      <HeroCarousel slides={SLIDES} />
      <ReviewsStrip />

      <section aria-labelledby="categorias" className="mx-auto max-w-6xl px-4 py-12">
        <SectionTitle
          id="categorias"
          title="Categorías"
          lead="Encontrá lo que buscás en cada una de nuestras líneas."
        />
        <CategoryGrid collections={collections} />
        <div className="mt-8 flex justify-center">
          <Button asChild size="lg">
            <Link to="/store">
              Ver todos los productos
              <Icon name="arrow-right" className="size-5" />
            </Link>
          </Button>
        </div>
      </section>

      {featured.length > 0 ? (
        <section aria-labelledby="destacados" className="bg-slate-50 py-12">
          <div className="mx-auto max-w-6xl px-4">
            <SectionTitle
              id="destacados"
              title="Productos destacados"
              lead="Los equipos que más eligen nuestros clientes."
            />
            <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
              {featured.map((product) => (
                <li key={product.id}>
                  <ProductCard product={product} headingLevel={3} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      <BusinessSection />

      <section aria-labelledby="marcas" className="mx-auto max-w-6xl px-4 py-12">
        <SectionTitle id="marcas" title="Las marcas que trabajamos" lead="Productos originales con garantía oficial." />
        <BrandTicker />
      </section>

      <section aria-labelledby="contacto-inicio" className="bg-slate-50 py-12">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 md:grid-cols-[2fr_3fr]">
          <div>
            <h2 id="contacto-inicio" className="text-2xl font-bold text-slate-900 sm:text-3xl">
              ¿Tenés alguna consulta?
            </h2>
            <p className="mt-3 text-slate-700">
              Escribinos y un asesor te responde a la brevedad. Te ayudamos a elegir el equipo ideal, a cotizar envíos y
              a encontrar la mejor forma de pago.
            </p>
            <p className="mt-4 text-sm text-slate-700">
              ¿Te arrepentiste de una compra? Cancelala dentro de los {WITHDRAWAL_WINDOW_DAYS} días desde el{" "}
              <Link
                to="/arrepentimiento"
                className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
              >
                Botón de arrepentimiento
              </Link>
              .
            </p>
          </div>
          <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
            <HomeContactForm />
          </div>
        </div>
      </section>
    </>
  );
}

function SectionTitle({ id, title, lead }: { id: string; title: string; lead?: string }) {
  return (
    <div className="mb-6 text-center">
      <h2 id={id} className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {title}
      </h2>
      {lead ? <p className="mt-2 text-slate-600">{lead}</p> : null}
    </div>
  );
}

/** Home section 2: the rating claim, linking to the testimonials. */
function ReviewsStrip() {
  return (
    <div className="border-b border-slate-200 bg-white">
      <Link
        to="/casos-de-exito"
        className="mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-x-3 gap-y-1 px-4 py-4 text-center text-slate-800 hover:text-brand-700"
      >
        {/* The store's rating, drawn as the reviews draw theirs: five filled stars. */}
        <Stars rating={5} className="text-xl leading-none tracking-wider" />
        <span className="font-semibold">+250 opiniones positivas</span>
        <span className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
          Conocé lo que dicen nuestros clientes
          <Icon name="arrow-right" className="size-4" />
        </span>
      </Link>
    </div>
  );
}

/** Home section 6: the business offer, linking to /empresas. */
function BusinessSection() {
  const points = [
    { icon: "briefcase", text: "Ofertas corporativas y para revendedores" },
    { icon: "handshake", text: "Precios preferenciales por volumen" },
    { icon: "headset", text: "Asesoramiento personalizado" },
  ] as const;
  return (
    <section aria-labelledby="empresas-inicio" className="bg-brand-900 text-white">
      <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-12 md:grid-cols-2">
        <div>
          <h2 id="empresas-inicio" className="text-2xl font-bold sm:text-3xl">
            ¿Comprás para tu empresa?
          </h2>
          <p className="mt-3 text-brand-100">
            Equipamos oficinas, estudios y comercios de todo el país. Armamos la propuesta que tu equipo necesita y te
            acompañamos después de la compra.
          </p>
          <Link
            to="/empresas"
            className="mt-6 inline-flex h-12 items-center gap-2 rounded-md bg-white px-6 font-semibold text-brand-900 hover:bg-brand-50 focus-visible:outline-white"
          >
            Contactá a un asesor
            <Icon name="arrow-right" className="size-5" />
          </Link>
        </div>
        <ul className="grid gap-3">
          {points.map(({ icon, text }) => (
            <li key={text} className="flex items-center gap-3 rounded-lg bg-white/10 p-4">
              <Icon name={icon} className="size-6 shrink-0 text-accent-500" />
              <span className="font-medium">{text}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
