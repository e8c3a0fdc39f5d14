import type { ReactNode } from "react";
import { Link, data, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/legal";
import { LinkList } from "~/components/content/link-list";
import { PageHero } from "~/components/content/page-hero";
import { LEGAL_PAGES, type LegalPage } from "~/domain/legal-pages";
import type { StoreSettings } from "~/domain/settings";
import type { loader as rootLoader } from "~/root";
import { originFrom, seo } from "~/utils/seo";

// The four static legal pages (one route module registered once per slug). Policy figures
// come from the spec, section 9.

export async function loader({ request }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.replace(/^\/+|\/+$/g, "");
  if (!isLegalPage(slug)) throw data("No encontrado", { status: 404 });
  return { slug };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const page = loaderData ? PAGES[loaderData.slug] : undefined;
  if (!loaderData || !page) return [{ title: "Vitec" }];
  return seo({
    title: `${page.title} | Vitec`,
    description: page.description,
    path: `/${loaderData.slug}`,
    origin: originFrom(matches),
  });
};

function isLegalPage(slug: string): slug is LegalPage {
  return (LEGAL_PAGES as readonly string[]).includes(slug);
}

const HOURS = "lunes a viernes de 10:00 a 18:00 y sábados de 10:00 a 13:30";

type Section = { heading: string; body: ReactNode };
type LegalPageContent = {
  title: string;
  description: string;
  lead: string;
  sections: (store?: StoreSettings) => Section[];
};

const linkClass = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900";

function Withdrawal() {
  return (
    <>
      <p>
        Tenés derecho a revocar la compra dentro de los 10 días corridos desde que recibiste el producto o desde la
        celebración del contrato, lo último que ocurra, sin costo ni responsabilidad alguna (artículo 34 de la Ley
        24.240 de Defensa del Consumidor). El producto tiene que estar en las mismas condiciones en que lo recibiste.
      </p>
      <p>
        Podés hacerlo de forma simple desde el{" "}
        <Link to="/arrepentimiento" className={linkClass}>
          Botón de arrepentimiento
        </Link>{" "}
        (Resolución 424/2020 de la Secretaría de Comercio Interior). Te vamos a enviar un código de identificación de tu
        solicitud dentro de las 24 horas.
      </p>
    </>
  );
}

const PAGES: Record<LegalPage, LegalPageContent> = {
  "terminos-y-condiciones": {
    title: "Términos y Condiciones",
    description:
      "Condiciones de uso y de compra en la tienda online de Vitec: precios, pagos, envíos, garantía, cambios y derecho de arrepentimiento.",
    lead: "Estas condiciones rigen el uso del sitio y las compras que hagas en la tienda online de Vitec. Te pedimos que las leas antes de comprar.",
    sections: (store) => [
      {
        heading: "1. Aceptación",
        body: (
          <p>
            Al navegar el sitio o realizar una compra aceptás estos Términos y Condiciones y nuestra{" "}
            <Link to="/politica-de-privacidad" className={linkClass}>
              Política de Privacidad
            </Link>
            . Podemos actualizarlos en cualquier momento; la versión vigente es la publicada en esta página al momento
            de tu compra.
          </p>
        ),
      },
      {
        heading: "2. Productos, precios e imágenes",
        body: (
          <>
            <p>
              Los precios están expresados en pesos argentinos e incluyen IVA. Pueden cambiar sin previo aviso, pero el
              precio que vale para tu pedido es el que aceptaste al confirmarlo. Las ofertas rigen hasta agotar stock.
            </p>
            <p>
              Las imágenes son ilustrativas. Si el producto que recibiste no coincide con la imagen o la descripción
              publicadas, podés pedir la cancelación de la compra dentro de los 3 días de recibido.
            </p>
          </>
        ),
      },
      {
        heading: "3. Compras y pagos",
        body: (
          <p>
            Tu pedido queda confirmado cuando verificamos el pago y la disponibilidad de stock. Si por algún motivo no
            podemos entregarlo, te avisamos y te reintegramos el total abonado por el mismo medio de pago. Los medios de
            pago disponibles y sus condiciones se muestran al finalizar la compra.
          </p>
        ),
      },
      {
        heading: "4. Envíos y retiros",
        body: (
          <p>
            Los pedidos se entregan dentro de los 7 a 15 días hábiles; durante fechas de ventas especiales el plazo
            puede extenderse hasta 45 días hábiles. Los pedidos para retirar en el local se reservan durante 5 días
            hábiles. Encontrá el detalle en nuestras{" "}
            <Link to="/politicas-de-envio" className={linkClass}>
              Políticas de Envío
            </Link>
            .
          </p>
        ),
      },
      {
        heading: "5. Garantía, cambios y devoluciones",
        body: (
          <p>
            Los productos tienen la garantía del fabricante, de hasta 180 días según la marca, y las PCs armadas y
            notebooks cuentan con 12 meses de garantía. Los cambios se aceptan dentro de los 7 días de recibido el
            producto. Consultá las condiciones completas en{" "}
            <Link to="/garantia-y-devoluciones" className={linkClass}>
              Garantía y Devoluciones
            </Link>
            .
          </p>
        ),
      },
      { heading: "6. Derecho de arrepentimiento", body: <Withdrawal /> },
      {
        heading: "7. Cuenta de usuario",
        body: (
          <p>
            Sos responsable de mantener la confidencialidad de tu contraseña y de la información de tu cuenta. Si
            detectás un uso no autorizado, avisanos de inmediato.
          </p>
        ),
      },
      {
        heading: "8. Propiedad intelectual",
        body: (
          <p>
            Los textos, imágenes, logos y diseño del sitio pertenecen a Vitec o a sus respectivos titulares y no pueden
            reproducirse sin autorización. Las marcas de los productos pertenecen a sus fabricantes.
          </p>
        ),
      },
      {
        heading: "9. Atención al cliente",
        body: (
          <p>
            Te atendemos de {HOURS}. Podés escribirnos por WhatsApp
            {store?.email ? (
              <>
                , por email a{" "}
                <a href={`mailto:${store.email}`} className={linkClass}>
                  {store.email}
                </a>
              </>
            ) : null}{" "}
            o desde nuestro{" "}
            <Link to="/contacto" className={linkClass}>
              formulario de contacto
            </Link>
            .
          </p>
        ),
      },
      {
        heading: "10. Ley aplicable",
        body: (
          <p>
            Estas condiciones se rigen por las leyes de la República Argentina, en especial la Ley 24.240 de Defensa del
            Consumidor. Ante cualquier controversia son competentes los tribunales ordinarios de la Ciudad Autónoma de
            Buenos Aires, sin perjuicio de los derechos que la ley reconoce al consumidor.
          </p>
        ),
      },
    ],
  },

  "politica-de-privacidad": {
    title: "Política de Privacidad",
    description:
      "Cómo Vitec recopila, usa y protege tus datos personales según la Ley 25.326, y cómo ejercer tus derechos de acceso, rectificación y supresión.",
    lead: "Cuidamos tus datos personales. Acá te contamos qué información recopilamos, para qué la usamos y cuáles son tus derechos.",
    sections: (store) => [
      {
        heading: "1. Datos que recopilamos",
        body: (
          <p>
            Los datos que nos das al comprar, crear una cuenta o escribirnos: nombre y apellido, email, teléfono,
            dirección de entrega y, si lo pedís, CUIT y razón social para la factura. También datos técnicos básicos de
            navegación necesarios para que el sitio funcione.
          </p>
        ),
      },
      {
        heading: "2. Para qué los usamos",
        body: (
          <ul className="list-disc space-y-1 pl-6">
            <li>Procesar y entregar tus pedidos, y emitir las facturas.</li>
            <li>Responder tus consultas y brindarte soporte técnico y posventa.</li>
            <li>Administrar tu cuenta y mostrarte el historial de tus pedidos.</li>
            <li>Cumplir con nuestras obligaciones legales e impositivas.</li>
          </ul>
        ),
      },
      {
        heading: "3. Con quién los compartimos",
        body: (
          <p>
            Solo con quienes necesitamos para completar tu compra: empresas de logística y procesadores de pago, que
            están obligados a proteger tu información. No vendemos ni cedemos tus datos a terceros con fines
            publicitarios.
          </p>
        ),
      },
      {
        heading: "4. Cookies y almacenamiento local",
        body: (
          <p>
            Usamos cookies propias para mantener tu sesión iniciada y mostrarte avisos, y el almacenamiento de tu
            navegador para recordar el carrito de compras. No usamos cookies de publicidad de terceros.
          </p>
        ),
      },
      {
        heading: "5. Seguridad y conservación",
        body: (
          <p>
            Protegemos tus datos con medidas técnicas y organizativas razonables: conexiones cifradas, contraseñas
            almacenadas de forma segura y acceso restringido al personal autorizado. Conservamos la información mientras
            tengas una cuenta o durante el plazo que exija la ley.
          </p>
        ),
      },
      {
        heading: "6. Tus derechos",
        body: (
          <>
            <p>
              Podés pedirnos acceder, rectificar, actualizar o suprimir tus datos personales
              {store?.email ? (
                <>
                  {" "}
                  escribiendo a{" "}
                  <a href={`mailto:${store.email}`} className={linkClass}>
                    {store.email}
                  </a>
                </>
              ) : null}
              .
            </p>
            <p>
              El titular de los datos personales tiene la facultad de ejercer el derecho de acceso a los mismos en forma
              gratuita a intervalos no inferiores a seis meses, salvo que se acredite un interés legítimo al efecto
              conforme lo establecido en el artículo 14, inciso 3 de la Ley 25.326. La Agencia de Acceso a la
              Información Pública, en su carácter de Órgano de Control de la Ley 25.326, tiene la atribución de atender
              las denuncias y reclamos que interpongan quienes resulten afectados en sus derechos por incumplimiento de
              las normas vigentes en materia de protección de datos personales.
            </p>
          </>
        ),
      },
    ],
  },

  "garantia-y-devoluciones": {
    title: "Garantía y Devoluciones",
    description:
      "Garantía de fábrica de hasta 180 días, 12 meses en PCs armadas y notebooks, cambios dentro de los 7 días y arrepentimiento dentro de los 10 días.",
    lead: "Queremos que estés conforme con tu compra. Estos son los plazos y condiciones para reclamos, cambios, devoluciones y garantía.",
    sections: () => [
      {
        heading: "Revisá tu pedido al recibirlo",
        body: (
          <p>
            Controlá el estado del paquete y de los productos apenas los recibas. Si llegó algo dañado, incompleto o
            distinto de lo que compraste, avisanos dentro de las 48 horas de la entrega, con fotos del embalaje y del
            producto.
          </p>
        ),
      },
      {
        heading: "Cambios",
        body: (
          <p>
            Podés cambiar un producto dentro de los 7 días de recibido, siempre que esté sin uso, en su embalaje
            original, con todos sus accesorios, manuales y la factura.
          </p>
        ),
      },
      {
        heading: "Productos con falla de fábrica",
        body: (
          <p>
            Si el producto presenta una falla de fábrica dentro de los 10 días de recibido, lo revisamos y lo cambiamos
            por uno igual o, si no hay stock, te reintegramos el importe. Pasado ese plazo, la falla se gestiona por la
            garantía.
          </p>
        ),
      },
      {
        heading: "Garantía",
        body: (
          <ul className="list-disc space-y-1 pl-6">
            <li>Los productos tienen la garantía oficial del fabricante, de hasta 180 días según la marca.</li>
            <li>Las PCs armadas por Vitec y las notebooks tienen 12 meses de garantía.</li>
            <li>
              La garantía no cubre daños por golpes, humedad, variaciones de tensión, mal uso, intervención de terceros
              ni problemas de software.
            </li>
            <li>Para hacerla valer necesitás la factura de compra y el producto con sus accesorios.</li>
          </ul>
        ),
      },
      {
        heading: "Diferencias con la imagen publicada",
        body: (
          <p>
            Si el producto recibido no coincide con la imagen o la descripción del sitio, podés pedir la cancelación de
            la compra dentro de los 3 días de recibido y te reintegramos el total.
          </p>
        ),
      },
      { heading: "Derecho de arrepentimiento", body: <Withdrawal /> },
      {
        heading: "Cómo iniciar un reclamo",
        body: (
          <p>
            Escribinos desde el{" "}
            <Link to="/contacto" className={linkClass}>
              formulario de contacto
            </Link>{" "}
            o por WhatsApp con tu número de pedido, de {HOURS}. Te indicamos cómo enviar o acercar el producto.
          </p>
        ),
      },
    ],
  },

  "politicas-de-envio": {
    title: "Políticas de Envío",
    description:
      "Envíos a todo el país en 7 a 15 días hábiles (hasta 45 en ventas especiales) y retiro en el local con reserva de 5 días hábiles.",
    lead: "Llegamos a todo el país. Estos son los plazos, las opciones de entrega y lo que tenés que saber al recibir tu pedido.",
    sections: (store) => [
      {
        heading: "Plazos de entrega",
        body: (
          <p>
            Los pedidos se entregan dentro de los 7 a 15 días hábiles desde la confirmación del pago. Durante fechas de
            ventas especiales, como Hot Sale o CyberMonday, el plazo puede extenderse hasta 45 días hábiles.
          </p>
        ),
      },
      {
        heading: "Costos",
        body: (
          <p>
            El costo del envío depende del método elegido y se muestra antes de confirmar la compra. El retiro en el
            local no tiene costo.
          </p>
        ),
      },
      {
        heading: "Retiro en el local",
        body: (
          <p>
            Cuando tu pedido esté listo te avisamos por email. Queda reservado durante 5 días hábiles; pasado ese plazo
            nos comunicamos con vos para reprogramar el retiro o cancelar la compra. Podés retirarlo
            {store?.address ? ` en ${store.address},` : ""} de {HOURS}, con tu DNI y el número de pedido.
          </p>
        ),
      },
      {
        heading: "Al recibir tu pedido",
        body: (
          <p>
            Revisá el paquete frente al transportista. Si notás daños o faltantes, dejalo asentado y avisanos dentro de
            las 48 horas. Más información en{" "}
            <Link to="/garantia-y-devoluciones" className={linkClass}>
              Garantía y Devoluciones
            </Link>
            .
          </p>
        ),
      },
      {
        heading: "Seguimiento",
        body: (
          <p>
            Cuando despachamos tu pedido te enviamos el código de seguimiento. Ante cualquier duda, escribinos desde el{" "}
            <Link to="/contacto" className={linkClass}>
              formulario de contacto
            </Link>
            .
          </p>
        ),
      },
    ],
  },
};

export default function Legal({ loaderData }: Route.ComponentProps) {
  const store = useRouteLoaderData<typeof rootLoader>("root")?.store;
  const page = PAGES[loaderData.slug];
  const others = LEGAL_PAGES.filter((slug) => slug !== loaderData.slug);
  return (
    <>
      <PageHero title={page.title} lead={page.lead} />
      <div className="mx-auto max-w-3xl px-4 py-12">
        <div className="space-y-10">
          {page.sections(store).map((section) => (
            <section key={section.heading}>
              <h2 className="text-xl font-bold text-slate-900">{section.heading}</h2>
              <div className="mt-3 space-y-3 leading-relaxed text-slate-700">{section.body}</div>
            </section>
          ))}
        </div>
        <nav aria-label="Otras políticas" className="mt-12 border-t border-slate-200 pt-6">
          <h2 className="text-sm font-semibold text-slate-900">Otras políticas</h2>
          <LinkList
            links={others.map((slug) => ({ to: `/${slug}`, label: PAGES[slug].title }))}
            className="mt-3 flex flex-wrap gap-x-6 gap-y-2"
            linkClassName={linkClass}
          />
        </nav>
      </div>
    </>
  );
}
