import { Clock, Mail, MapPin } from "lucide-react";
import type { ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import type { Route } from "./+types/contacto";
import { PageHero } from "~/components/content/page-hero";
import { ContactForm } from "~/components/forms/contact-form";
import { sendEnquiry } from "~/components/forms/send-enquiry";
import { WhatsAppIcon } from "~/components/ui/brand-icons";
import { whatsappLink } from "~/domain/whatsapp";
import type { loader as rootLoader } from "~/root";
import { handleEnquiry } from "~/routes/content/enquiry-action.server";
import { originFrom, seo } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Contacto | Vitec",
    description:
      "Escribinos por el formulario, WhatsApp o email. Te ayudamos a elegir tu equipo, con envíos a todo el país y atención de lunes a sábado.",
    path: "/contacto",
    origin: originFrom(matches),
  });

export function action({ request, context }: Route.ActionArgs) {
  return handleEnquiry({ request, context, formType: "main_contact" });
}

export function clientAction(args: Route.ClientActionArgs) {
  return sendEnquiry("main_contact", args);
}

export default function Contacto() {
  const store = useRouteLoaderData<typeof rootLoader>("root")?.store;
  return (
    <>
      <PageHero
        title="Contacto"
        lead="¿Tenés dudas sobre un producto, un pedido o una forma de pago? Escribinos y te respondemos a la brevedad."
      />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-[3fr_2fr]">
        <section
          aria-labelledby="form-contacto"
          className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        >
          <h2 id="form-contacto" className="mb-4 text-xl font-bold text-slate-900">
            Envianos tu consulta
          </h2>
          <ContactForm />
        </section>

        {store ? (
          <section aria-labelledby="datos-contacto">
            <h2 id="datos-contacto" className="text-xl font-bold text-slate-900">
              Nuestros datos
            </h2>
            <address className="mt-4 space-y-5 not-italic">
              <ContactItem icon={<MapPin aria-hidden className="size-5" />} label="Dirección">
                {store.address}
              </ContactItem>
              {store.whatsapp ? (
                <ContactItem icon={<WhatsAppIcon className="size-5" />} label="WhatsApp">
                  <a
                    href={whatsappLink(store.whatsapp, "Hola Vitec, tengo una consulta")}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-medium text-brand-700 underline-offset-4 hover:underline"
                  >
                    {store.phone || `+${store.whatsapp}`}
                    <span className="sr-only"> (se abre en una pestaña nueva)</span>
                  </a>
                </ContactItem>
              ) : null}
              {store.email ? (
                <ContactItem icon={<Mail aria-hidden className="size-5" />} label="Email">
                  <a
                    href={`mailto:${store.email}`}
                    className="font-medium break-all text-brand-700 underline-offset-4 hover:underline"
                  >
                    {store.email}
                  </a>
                </ContactItem>
              ) : null}
              <ContactItem icon={<Clock aria-hidden className="size-5" />} label="Horario de atención">
                {store.hours || "Lunes a viernes de 10:00 a 18:00, sábados de 10:00 a 13:30"}
              </ContactItem>
            </address>
          </section>
        ) : null}
      </div>
    </>
  );
}

function ContactItem({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        {icon}
      </span>
      <div>
        <p className="text-sm font-semibold text-slate-900">{label}</p>
        <div className="text-slate-700">{children}</div>
      </div>
    </div>
  );
}
