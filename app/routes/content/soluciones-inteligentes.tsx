import {
  ArrowDown,
  CircleCheck,
  ClipboardList,
  Cloud,
  Cpu,
  Handshake,
  LifeBuoy,
  Network,
  Search,
  ShieldCheck,
  TriangleAlert,
  Workflow,
} from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/soluciones-inteligentes";
import { ContentSection } from "~/components/content/content-section";
import { FeatureSection } from "~/components/content/feature-grid";
import { PageHero } from "~/components/content/page-hero";
import { StatList } from "~/components/content/stat-list";
import { ConsultancyForm } from "~/components/forms/consultancy-form";
import { sendEnquiry } from "~/components/forms/send-enquiry";
import { Button } from "~/components/ui/button";
import { WhatsAppIcon } from "~/components/ui/brand-icons";
import { whatsappLink } from "~/domain/whatsapp";
import type { loader as rootLoader } from "~/root";
import { handleEnquiry } from "~/routes/content/enquiry-action.server";
import { originFrom, seo } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Soluciones Inteligentes para Empresas | Vitec",
    description:
      "Consultoría en tecnología para pymes: diagnóstico, infraestructura, automatización de procesos y seguridad. Pedí tu diagnóstico sin cargo.",
    path: "/soluciones-inteligentes",
    origin: originFrom(matches),
  });

export function action({ request, context }: Route.ActionArgs) {
  return handleEnquiry({ request, context, formType: "soluciones_inteligentes" });
}

export function clientAction(args: Route.ClientActionArgs) {
  return sendEnquiry("soluciones_inteligentes", args);
}

const PROBLEMS = [
  "Equipos lentos o desactualizados que frenan el trabajo de todo el equipo.",
  "Información repartida entre planillas, mails y chats, sin una única fuente confiable.",
  "Tareas manuales y repetitivas que consumen horas cada semana.",
  "Redes y Wi-Fi inestables que se caen justo cuando más las necesitás.",
  "Sin copias de seguridad ni un plan para cuando algo falla.",
  "Compras de tecnología sin planificación, que después no se aprovechan.",
];

const APPROACH = [
  {
    icon: Search,
    title: "Diagnóstico",
    text: "Relevamos cómo trabaja tu equipo, qué equipos y sistemas usan y dónde se pierde tiempo.",
  },
  {
    icon: Cpu,
    title: "Infraestructura",
    text: "Definimos el equipamiento, la red y los servicios que tu empresa necesita hoy y mañana.",
  },
  {
    icon: Workflow,
    title: "Automatización",
    text: "Conectamos herramientas y eliminamos tareas manuales para que tu equipo se enfoque en lo importante.",
  },
  {
    icon: LifeBuoy,
    title: "Acompañamiento",
    text: "Capacitamos a tu equipo y seguimos a tu lado con soporte y mejoras continuas.",
  },
];

const SERVICES = [
  {
    icon: Network,
    title: "Infraestructura y equipamiento",
    points: [
      "Relevamiento y renovación de PCs y notebooks",
      "Redes cableadas y Wi-Fi para oficinas",
      "Servidores, almacenamiento y puestos de trabajo",
      "Compras planificadas con precios preferenciales",
    ],
  },
  {
    icon: Cloud,
    title: "Automatización y nube",
    points: [
      "Migración de correo y archivos a la nube",
      "Automatización de reportes, facturación y aprobaciones",
      "Integración entre sistemas de gestión y planillas",
      "Tableros con los indicadores clave de tu negocio",
    ],
  },
  {
    icon: ShieldCheck,
    title: "Seguridad y continuidad",
    points: [
      "Copias de seguridad automáticas y probadas",
      "Antivirus, actualizaciones y control de accesos",
      "Plan de contingencia ante fallas o ataques",
      "Soporte técnico remoto y en sitio",
    ],
  },
];

const RESULTS = [
  { value: "+150", label: "empresas acompañadas" },
  { value: "40%", label: "menos tiempo en tareas repetitivas" },
  { value: "+10", label: "años de experiencia" },
  { value: "24 h", label: "hábiles para la primera respuesta" },
  { value: "98%", label: "de clientes que nos recomiendan" },
];

const STEPS = [
  {
    icon: ClipboardList,
    title: "Diagnóstico sin cargo",
    text: "Conversamos con vos, relevamos tu situación actual y detectamos las oportunidades de mejora.",
  },
  {
    icon: Handshake,
    title: "Propuesta a medida",
    text: "Te presentamos un plan claro, con prioridades, plazos y costos, pensado para tu presupuesto.",
  },
  {
    icon: CircleCheck,
    title: "Implementación y seguimiento",
    text: "Ponemos en marcha la solución, capacitamos a tu equipo y medimos los resultados.",
  },
];

const TRUST = [
  "Más de diez años en el mercado tecnológico argentino, desde 2014.",
  "Más de 250 opiniones positivas de clientes que nos eligen.",
  "Productos originales de marcas líderes, con garantía oficial.",
  "Un único interlocutor para equipamiento, soporte y proyectos.",
];

export default function SolucionesInteligentes() {
  const whatsapp = useRouteLoaderData<typeof rootLoader>("root")?.store.whatsapp;
  return (
    <>
      <PageHero
        eyebrow="Consultoría IT para pymes"
        title="Soluciones Inteligentes para Empresas"
        lead="Te ayudamos a ordenar, modernizar y proteger la tecnología de tu empresa para que tu equipo trabaje mejor y tu negocio crezca."
      >
        <Button asChild size="lg" className="bg-white text-brand-900 hover:bg-brand-50 focus-visible:outline-white">
          <a href="#consultoria">
            Solicitá tu consultoría
            <ArrowDown aria-hidden className="size-5" />
          </a>
        </Button>
      </PageHero>

      <ContentSection
        title="¿Tu empresa enfrenta alguno de estos problemas?"
        lead="Son los desafíos que más escuchamos de las empresas que nos consultan. La buena noticia: todos tienen solución."
      >
        <ul className="grid gap-3 sm:grid-cols-2">
          {PROBLEMS.map((problem) => (
            <li key={problem} className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-slate-800">
              <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />
              {problem}
            </li>
          ))}
        </ul>
      </ContentSection>

      <FeatureSection
        title="Un enfoque integral"
        lead="No vendemos productos sueltos: miramos tu empresa completa y diseñamos una solución que funcione de punta a punta."
        tinted
        items={APPROACH}
        gridClassName="lg:grid-cols-4"
      />

      <ContentSection title="Nuestros servicios">
        <ul className="grid gap-4 md:grid-cols-3">
          {SERVICES.map(({ icon: Icon, title, points }) => (
            <li key={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <Icon aria-hidden className="size-8 text-brand-600" />
              <h3 className="mt-3 text-lg font-semibold text-slate-900">{title}</h3>
              <ul className="mt-3 space-y-2 text-sm text-slate-700">
                {points.map((point) => (
                  <li key={point} className="flex gap-2">
                    <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
                    {point}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection title="Resultados que hablan por sí solos" tinted>
        <StatList stats={RESULTS} className="lg:grid-cols-5" />
      </ContentSection>

      <ContentSection title="Cómo trabajamos" lead="Un proceso simple, en tres pasos.">
        <ol className="grid gap-4 md:grid-cols-3">
          {STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="relative rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="flex items-center gap-3">
                <span className="flex size-9 items-center justify-center rounded-full bg-brand-600 font-bold text-white">
                  {index + 1}
                </span>
                <Icon aria-hidden className="size-6 text-brand-600" />
              </span>
              <h3 className="mt-3 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-slate-700">{text}</p>
            </li>
          ))}
        </ol>
      </ContentSection>

      <ContentSection title="Tu aliado tecnológico" tinted>
        <div className="grid gap-8 md:grid-cols-2">
          <p className="text-lg text-slate-700">
            En Vitec acompañamos a empresas de todo el país desde 2014. Conocemos los equipos, las marcas y los desafíos
            del día a día, y sabemos que la tecnología tiene que resolver problemas, no crearlos. Por eso te hablamos
            claro, te proponemos solo lo que necesitás y seguimos cerca después de la implementación.
          </p>
          <div>
            <ul className="space-y-3">
              {TRUST.map((item) => (
                <li key={item} className="flex gap-3 text-slate-800">
                  <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-green-700" />
                  {item}
                </li>
              ))}
            </ul>
            <Link
              to="/casos-de-exito"
              className="mt-5 inline-block font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              Conocé los casos de éxito de nuestros clientes
            </Link>
          </div>
        </div>
      </ContentSection>

      <ContentSection
        id="consultoria"
        title="Solicitá tu consultoría"
        lead="Dejanos tus datos y contanos qué necesitás. Un especialista te contacta para coordinar un diagnóstico sin cargo."
      >
        <div className="grid gap-8 md:grid-cols-[3fr_2fr]">
          <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
            <ConsultancyForm />
          </div>
          {whatsapp ? (
            <aside aria-label="Contacto por WhatsApp" className="rounded-xl bg-green-50 p-6 text-slate-800">
              <p className="text-lg font-semibold">¿Preferís hablar ahora?</p>
              <p className="mt-2">Escribinos por WhatsApp y te respondemos en horario de atención.</p>
              <a
                href={whatsappLink(
                  whatsapp,
                  "Hola Vitec, quiero información sobre las Soluciones Inteligentes para Empresas",
                )}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-4 inline-flex h-12 items-center gap-2 rounded-md bg-green-700 px-5 font-semibold text-white hover:bg-green-800"
              >
                <WhatsAppIcon className="size-5" />
                Escribinos por WhatsApp
                <span className="sr-only"> (se abre en una pestaña nueva)</span>
              </a>
            </aside>
          ) : null}
        </div>
      </ContentSection>
    </>
  );
}
