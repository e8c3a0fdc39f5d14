import { BadgePercent, Boxes, Building2, Headset, ShieldCheck, Store, Truck, Wallet } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/empresas";
import { ContentSection } from "~/components/content/content-section";
import { FeatureSection } from "~/components/content/feature-grid";
import { PageHero } from "~/components/content/page-hero";
import { BusinessForm } from "~/components/forms/business-form";
import { sendEnquiry } from "~/components/forms/send-enquiry";
import { Button } from "~/components/ui/button";
import { handleEnquiry } from "~/routes/content/enquiry-action.server";
import { originFrom, seo } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Empresas y revendedores | Vitec",
    description:
      "Equipamiento tecnológico para empresas y revendedores: precios preferenciales, asesoramiento personalizado, facturación A y envíos a todo el país.",
    path: "/empresas",
    origin: originFrom(matches),
  });

export function action({ request, context }: Route.ActionArgs) {
  return handleEnquiry({ request, context, formType: "b2b_contact" });
}

export function clientAction(args: Route.ClientActionArgs) {
  return sendEnquiry("b2b_contact", args);
}

const OFFERS = [
  {
    icon: Building2,
    title: "Ofertas corporativas",
    text: "Notebooks, PCs, monitores y periféricos para equipar oficinas completas, con configuraciones a medida y entregas coordinadas.",
  },
  {
    icon: Store,
    title: "Programa para revendedores",
    text: "Condiciones especiales para comercios y técnicos que revenden tecnología: lista de precios mayorista y stock reservado.",
  },
];

const BENEFITS = [
  {
    icon: BadgePercent,
    title: "Precios preferenciales",
    text: "Bonificaciones por volumen y listas especiales para compras recurrentes.",
  },
  {
    icon: Headset,
    title: "Asesoramiento personalizado",
    text: "Un asesor comercial te acompaña desde la cotización hasta la puesta en marcha.",
  },
  {
    icon: Wallet,
    title: "Facturación A y financiación",
    text: "Emitimos factura A y te proponemos formas de pago pensadas para tu empresa.",
  },
  {
    icon: Truck,
    title: "Envíos a todo el país",
    text: "Despachamos a cualquier provincia y coordinamos entregas en varias sucursales.",
  },
  {
    icon: ShieldCheck,
    title: "Garantía y soporte técnico",
    text: "Garantía oficial y 12 meses en PCs armadas y notebooks, con soporte cuando lo necesites.",
  },
  {
    icon: Boxes,
    title: "Stock y marcas líderes",
    text: "Trabajamos con Lenovo, HP, Dell, ASUS, Samsung, Logitech y muchas marcas más.",
  },
];

export default function Empresas() {
  return (
    <>
      <PageHero
        eyebrow="Vitec Empresas"
        title="Tecnología para tu empresa, con precios preferenciales"
        lead="Equipamos empresas, estudios, instituciones y revendedores de todo el país. Contanos qué necesitás y armamos una propuesta a tu medida."
      >
        <Button asChild size="lg" className="bg-white text-brand-900 hover:bg-brand-50 focus-visible:outline-white">
          <a href="#consulta-empresas">Pedí tu cotización</a>
        </Button>
        <Button
          asChild
          size="lg"
          variant="outline"
          className="border-white bg-transparent text-white hover:border-brand-600 hover:bg-white/10 hover:text-white focus-visible:outline-white"
        >
          <Link to="/soluciones-inteligentes">Conocé nuestras soluciones</Link>
        </Button>
      </PageHero>

      <FeatureSection title="Propuestas para cada tipo de cliente" items={OFFERS} gridClassName="lg:grid-cols-2" />

      <FeatureSection title="Por qué elegirnos" tinted items={BENEFITS} />

      <ContentSection
        id="consulta-empresas"
        title="Hablá con un asesor"
        lead="Completá el formulario con los datos de tu empresa y un asesor comercial te contacta dentro de las 24 horas hábiles."
      >
        <div className="max-w-3xl rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <BusinessForm />
        </div>
        <p className="mt-4 text-sm text-slate-700">
          ¿Querés comprar online con la cuenta de tu empresa?{" "}
          <Link to="/empresas/registro" className="font-medium text-brand-700 underline">
            Registrá tu empresa
          </Link>{" "}
          con su CUIT y la revisamos.
        </p>
      </ContentSection>
    </>
  );
}
