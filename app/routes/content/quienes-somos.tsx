import { Eye, Heart, Lightbulb, ShieldCheck, Target, Users } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/quienes-somos";
import { ContentSection } from "~/components/content/content-section";
import { FeatureSection } from "~/components/content/feature-grid";
import { PageHero } from "~/components/content/page-hero";
import { originFrom, seo } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Quiénes Somos | Vitec",
    description:
      "Desde 2014 acercamos tecnología a hogares y empresas de toda la Argentina. Conocé nuestra historia, misión, visión, valores y fundadores.",
    path: "/quienes-somos",
    origin: originFrom(matches),
  });

const MILESTONES = [
  { year: "2014", text: "Abrimos como un pequeño servicio técnico y venta de componentes en Buenos Aires." },
  { year: "2017", text: "Lanzamos la tienda online y empezamos a enviar a todo el país." },
  { year: "2020", text: "Creamos el área de empresas y el programa para revendedores." },
  { year: "2023", text: "Sumamos Soluciones Inteligentes, nuestra consultoría en tecnología para pymes." },
  { year: "Hoy", text: "Más de 250 opiniones positivas y una comunidad de más de 60.000 seguidores." },
];

const VALUES = [
  {
    icon: ShieldCheck,
    title: "Confianza",
    text: "Productos originales, garantía oficial y condiciones claras desde el primer contacto.",
  },
  {
    icon: Users,
    title: "Cercanía",
    text: "Te atiende una persona que escucha lo que necesitás y te recomienda lo justo.",
  },
  {
    icon: Lightbulb,
    title: "Innovación",
    text: "Seguimos de cerca cada novedad para ofrecerte la tecnología que realmente suma.",
  },
  {
    icon: Heart,
    title: "Compromiso",
    text: "Acompañamos cada compra después de la entrega, con soporte técnico y posventa.",
  },
];

const FOUNDERS = [
  {
    name: "Gonzalo Vidal",
    role: "Cofundador y director comercial",
    text: "Técnico en informática, empezó reparando PCs de vecinos y hoy lidera la relación con marcas, empresas y revendedores.",
  },
  {
    name: "Mariana Tesei",
    role: "Cofundadora y directora de operaciones",
    text: "Licenciada en Administración, diseñó la logística que nos permite enviar a todo el país y está detrás de cada mejora en la atención.",
  },
];

export default function QuienesSomos() {
  return (
    <>
      <PageHero
        eyebrow="Desde 2014"
        title="Quiénes Somos"
        lead="Somos Vitec, una empresa argentina que acerca tecnología a hogares, profesionales y empresas de todo el país, con asesoramiento honesto y atención personalizada."
      />

      <ContentSection title="Nuestra historia">
        <div className="grid gap-8 md:grid-cols-2">
          <div className="space-y-4 text-slate-700">
            <p>
              Vitec nació en 2014 en Buenos Aires, con un mostrador, un par de bancos de trabajo y una idea simple: que
              comprar tecnología no tiene por qué ser complicado. Empezamos armando PCs a medida y reparando equipos, y
              la recomendación boca a boca hizo el resto.
            </p>
            <p>
              Con los años sumamos notebooks, monitores, periféricos, sillas y hasta cafeteras; abrimos la tienda online
              y hoy enviamos a cada provincia. También crecimos junto a las empresas que nos eligieron, con propuestas
              corporativas, un programa para revendedores y consultoría en tecnología.
            </p>
          </div>
          <ol className="space-y-4 border-l-2 border-brand-100 pl-6">
            {MILESTONES.map((m) => (
              <li key={m.year} className="relative">
                <span aria-hidden className="absolute top-1.5 -left-[1.95rem] size-3 rounded-full bg-brand-600" />
                <p className="font-bold text-brand-700">{m.year}</p>
                <p className="text-slate-700">{m.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </ContentSection>

      <ContentSection title="Misión y visión" tinted>
        <div className="grid gap-4 md:grid-cols-2">
          <article className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <Target aria-hidden className="size-8 text-brand-600" />
            <h3 className="mt-3 text-lg font-semibold text-slate-900">Misión</h3>
            <p className="mt-2 text-slate-700">
              Ayudar a cada persona y a cada empresa a elegir la tecnología que necesita, con asesoramiento honesto,
              precios justos, financiación a medida y un acompañamiento que no termina con la compra.
            </p>
          </article>
          <article className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <Eye aria-hidden className="size-8 text-brand-600" />
            <h3 className="mt-3 text-lg font-semibold text-slate-900">Visión</h3>
            <p className="mt-2 text-slate-700">
              Ser el aliado tecnológico de referencia en la Argentina para hogares, profesionales y pymes, reconocido
              por la confianza, la cercanía y la calidad de su servicio.
            </p>
          </article>
        </div>
      </ContentSection>

      <FeatureSection title="Nuestros valores" items={VALUES} gridClassName="lg:grid-cols-4" />

      <ContentSection title="Fundadores" tinted>
        <ul className="grid gap-4 md:grid-cols-2">
          {FOUNDERS.map((f) => (
            <li key={f.name} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <span
                aria-hidden
                className="flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-600 text-lg font-bold text-white"
              >
                {f.name
                  .split(" ")
                  .map((w) => w[0])
                  .join("")}
              </span>
              <div>
                <h3 className="text-lg font-semibold text-slate-900">{f.name}</h3>
                <p className="text-sm font-medium text-brand-700">{f.role}</p>
                <p className="mt-2 text-slate-700">{f.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </ContentSection>

      <section className="mx-auto max-w-6xl px-4 py-12 text-center">
        <p className="text-lg text-slate-700">Conocé las experiencias de quienes ya nos eligieron.</p>
        <Link
          to="/casos-de-exito"
          className="mt-4 inline-flex h-12 items-center rounded-md bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700"
        >
          Ver casos de éxito
        </Link>
      </section>
    </>
  );
}
