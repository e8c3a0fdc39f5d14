import { Quote } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/casos-de-exito";
import { ContentSection } from "~/components/content/content-section";
import { PageHero } from "~/components/content/page-hero";
import { StatList } from "~/components/content/stat-list";
import { Stars } from "~/components/product/stars";
import { originFrom, seo } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Casos de Éxito | Vitec",
    description:
      "Lo que dicen nuestros clientes: 5.0 estrellas, más de 250 opiniones positivas y más de 60.000 seguidores que confían en Vitec.",
    path: "/casos-de-exito",
    origin: originFrom(matches),
  });

type Testimonial = { name: string; role: string; text: string; rating: 5 };

const TESTIMONIALS: Testimonial[] = [
  {
    name: "Carolina Méndez",
    role: "Socia gerente, Estudio Contable Méndez & Asociados",
    text: "Renovamos las doce notebooks del estudio con Vitec. Nos asesoraron según el uso de cada persona, nos hicieron factura A y las recibimos configuradas en dos días. Un antes y un después para el equipo.",
    rating: 5,
  },
  {
    name: "Federico Ruiz",
    role: "Streamer y creador de contenido",
    text: "Armé mi PC gamer con ellos y fue impecable: me ayudaron a elegir cada componente dentro de mi presupuesto y la probaron antes de enviarla. Corre todo en ultra y llegó perfecta a Córdoba.",
    rating: 5,
  },
  {
    name: "Laura Giménez",
    role: "Directora, Instituto Educativo San Martín",
    text: "Equipamos el laboratorio de informática con treinta puestos. Cumplieron los plazos, el precio fue muy competitivo y el soporte posterior es excelente. Ya estamos planificando la segunda etapa.",
    rating: 5,
  },
  {
    name: "Martín Acosta",
    role: "Dueño, Acosta Servicio Técnico (revendedor)",
    text: "Trabajo con Vitec como revendedor desde hace tres años. Siempre tienen stock, los precios son buenos y cuando hay un problema de garantía lo resuelven rápido. Así da gusto trabajar.",
    rating: 5,
  },
  {
    name: "Sofía Pereyra",
    role: "Diseñadora gráfica freelance",
    text: "Necesitaba un monitor con buena fidelidad de color y me recomendaron exactamente lo que buscaba. Lo pagué en cuotas y me llegó a Rosario en cuatro días. Súper recomendables.",
    rating: 5,
  },
  {
    name: "Diego Fernández",
    role: "Gerente de operaciones, Logística del Sur S.A.",
    text: "Con la consultoría de Soluciones Inteligentes automatizamos reportes que nos llevaban horas y ordenamos la red de los depósitos. El equipo de Vitec entendió nuestro negocio desde el primer día.",
    rating: 5,
  },
];

const STATS = [
  { value: "5.0", label: "estrellas de calificación" },
  { value: "+60.000", label: "seguidores en redes" },
  { value: "+250", label: "opiniones positivas" },
];

export default function CasosDeExito() {
  return (
    <>
      <PageHero
        title="Casos de Éxito"
        lead="Hogares, profesionales y empresas de todo el país ya confían en Vitec. Estas son algunas de sus historias."
      />

      <ContentSection title="Nuestros números" className="max-w-4xl">
        <StatList stats={STATS} />
      </ContentSection>

      <ContentSection title="Lo que dicen nuestros clientes" tinted>
        <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.name}>
              <figure className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <div className="flex items-center justify-between">
                  <Stars rating={t.rating} />
                  <Quote aria-hidden className="size-6 text-brand-100" />
                </div>
                <blockquote className="mt-4 flex-1 text-slate-700">
                  <p>{t.text}</p>
                </blockquote>
                <figcaption className="mt-5 border-t border-slate-100 pt-4">
                  <p className="font-semibold text-slate-900">{t.name}</p>
                  <p className="text-sm text-slate-600">{t.role}</p>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </ContentSection>

      <section className="mx-auto max-w-6xl px-4 py-12 text-center">
        <p className="text-lg text-slate-700">¿Querés saber quiénes somos y cómo trabajamos?</p>
        <Link
          to="/quienes-somos"
          className="mt-4 inline-flex h-12 items-center rounded-md bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700"
        >
          Conocé nuestra historia
        </Link>
      </section>
    </>
  );
}
