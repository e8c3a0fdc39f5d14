import { type ReactNode, useEffect, useId, useState } from "react";
import { DATA_FISCAL_IMAGE, type StoreSettings } from "~/domain/settings";
import { clsx } from "clsx";
import { LinkList } from "./content/link-list";
import { MAIN_NAV, type NavItem } from "./header";
import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icon-names";

/** Legal and help pages listed in the footer's information column (and the site map). */
export const INFO_LINKS: readonly NavItem[] = [
  { label: "Términos y Condiciones", to: "/terminos-y-condiciones" },
  { label: "Política de Privacidad", to: "/politica-de-privacidad" },
  { label: "Garantía y Devoluciones", to: "/garantia-y-devoluciones" },
  { label: "Políticas de Envío", to: "/politicas-de-envio" },
  { label: "Mapa del sitio", to: "/mapa-del-sitio" },
  { label: "Botón de arrepentimiento", to: "/arrepentimiento" },
];

const SOCIAL: { key: keyof StoreSettings["social"]; label: string; icon: IconName }[] = [
  { key: "instagram", label: "Instagram", icon: "instagram" },
  { key: "facebook", label: "Facebook", icon: "facebook" },
  { key: "linkedin", label: "LinkedIn", icon: "linkedin" },
  { key: "tiktok", label: "TikTok", icon: "tiktok" },
];

/** The national consumer-protection site, where shoppers file a complaint. */
export const CONSUMER_PROTECTION_URL = "https://www.argentina.gob.ar/produccion/defensadelconsumidor";

const linkClass =
  "rounded-sm text-slate-300 underline-offset-4 hover:text-white hover:underline focus-visible:outline-white";

export function Footer({ store }: { store: StoreSettings | undefined }) {
  const year = new Date().getFullYear();
  const social = SOCIAL.filter((s) => store?.social[s.key]);
  return (
    <footer className="bg-slate-900 text-sm text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-x-8 px-4 py-8 md:grid-cols-4 md:py-12">
        {social.length > 0 ? (
          <FooterSection title="Seguinos">
            <ul className="flex flex-wrap gap-2">
              {social.map(({ key, label, icon }) => (
                <li key={key}>
                  <a
                    href={store?.social[key]}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex size-10 items-center justify-center rounded-full bg-slate-800 text-white hover:bg-brand-600 focus-visible:outline-white"
                  >
                    <Icon name={icon} className="size-5" />
                    <span className="sr-only">{`${label} de Vitec (se abre en una pestaña nueva)`}</span>
                  </a>
                </li>
              ))}
            </ul>
          </FooterSection>
        ) : null}

        <FooterSection title="Navegación">
          <LinkList links={MAIN_NAV} className="space-y-2" linkClassName={linkClass} />
        </FooterSection>

        <FooterSection title="Información">
          <LinkList links={INFO_LINKS} className="space-y-2" linkClassName={linkClass} />
        </FooterSection>

        {store ? (
          <FooterSection title="Contacto">
            <address className="space-y-3 not-italic">
              <p className="flex gap-2">
                <Icon name="map-pin" className="mt-0.5 size-4 shrink-0 text-slate-400" />
                <span>{store.address}</span>
              </p>
              {store.whatsapp ? (
                <p className="flex gap-2">
                  <Icon name="whatsapp" className="mt-0.5 size-4 shrink-0 text-slate-400" />
                  <a
                    href={`https://wa.me/${store.whatsapp}`}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={linkClass}
                  >
                    <span className="sr-only">WhatsApp: </span>
                    {store.phone || store.whatsapp}
                    <span className="sr-only"> (se abre en una pestaña nueva)</span>
                  </a>
                </p>
              ) : null}
              {store.email ? (
                <p className="flex gap-2">
                  <Icon name="mail" className="mt-0.5 size-4 shrink-0 text-slate-400" />
                  <a href={`mailto:${store.email}`} className={clsx(linkClass, "break-all")}>
                    {store.email}
                  </a>
                </p>
              ) : null}
              {store.hours ? (
                <p className="flex gap-2">
                  <Icon name="clock" className="mt-0.5 size-4 shrink-0 text-slate-400" />
                  <span>{store.hours}</span>
                </p>
              ) : null}
            </address>
          </FooterSection>
        ) : null}
      </div>

      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-4 text-xs text-slate-400 sm:flex-row sm:items-center sm:justify-between">
          <div className="space-y-1">
            <p>© {year} Vitec. Todos los derechos reservados.</p>
            <p>
              {/* Required of every store (Defensa del Consumidor, national consumer-protection site). */}
              <a href={CONSUMER_PROTECTION_URL} target="_blank" rel="noopener noreferrer" className={linkClass}>
                Defensa de las y los Consumidores. Para reclamos ingresá acá.
              </a>
            </p>
          </div>
          <div className="flex items-center gap-4">
            <p>Desarrollado por el equipo de Vitec</p>
            {store?.dataFiscal?.url ? (
              // AFIP/ARCA's Data Fiscal (RG 4042-E/2017), as the agency gives it to the store.
              <a href={store.dataFiscal.url} target="_F960AFIPInfo" rel="noopener" className="shrink-0">
                <img
                  src={(store.dataFiscal.imageUrl || DATA_FISCAL_IMAGE).replace(/^http:/, "https:")}
                  alt="Data Fiscal (AFIP/ARCA)"
                  width={44}
                  height={60}
                  loading="lazy"
                />
              </a>
            ) : null}
          </div>
        </div>
      </div>
    </footer>
  );
}

/**
 * A footer column: a collapsible section on mobile (a real button with aria-expanded),
 * always open on desktop where the title is a plain heading. The toggle needs JavaScript, so
 * until the page is hydrated (or without JavaScript at all) every section is open with a
 * plain heading: the links are always reachable.
 */
function FooterSection({ title, children }: { title: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const contentId = useId();
  return (
    <section className="border-b border-slate-800 md:border-0">
      <h2 className="text-base font-semibold text-white">
        {enhanced ? (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={contentId}
            onClick={() => setOpen((o) => !o)}
            className="flex w-full items-center justify-between py-4 text-left focus-visible:outline-white md:hidden"
          >
            {title}
            <Icon
              name="chevron-down"
              className={clsx("size-5 transition-transform motion-reduce:transition-none", open && "rotate-180")}
            />
          </button>
        ) : null}
        <span className={clsx("md:mb-4 md:block md:py-0", enhanced ? "hidden" : "block py-4")}>{title}</span>
      </h2>
      <div id={contentId} className={clsx("pb-4 md:block md:pb-0", open || !enhanced ? "block" : "hidden")}>
        {children}
      </div>
    </section>
  );
}
