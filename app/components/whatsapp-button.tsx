import { useEffect, useState } from "react";
import { Icon } from "~/components/ui/icon";

const BUBBLE_SHOW_MS = 5_000;
const BUBBLE_HIDE_MS = 25_000;
const PREFILLED_TEXT = "Hola Vitec, tengo una consulta";

/** Floating WhatsApp link with a help bubble shown from 5 s to 25 s after load (spec 4 and 9). */
export function WhatsAppButton({ whatsapp }: { whatsapp: string | undefined }) {
  const [bubble, setBubble] = useState<"hidden" | "shown" | "dismissed">("hidden");

  useEffect(() => {
    const show = window.setTimeout(() => setBubble((b) => (b === "hidden" ? "shown" : b)), BUBBLE_SHOW_MS);
    const hide = window.setTimeout(() => setBubble("dismissed"), BUBBLE_HIDE_MS);
    return () => {
      window.clearTimeout(show);
      window.clearTimeout(hide);
    };
  }, []);

  if (!whatsapp) return null;
  const href = `https://wa.me/${whatsapp}?text=${encodeURIComponent(PREFILLED_TEXT)}`;

  return (
    // A landmark of its own, so that screen reader users find it like the rest of the page.
    <aside aria-label="WhatsApp" className="fixed right-4 bottom-4 z-30 flex items-end gap-3">
      <div role="status">
        {bubble === "shown" ? (
          <div className="relative mb-2 max-w-[13rem] rounded-lg border border-slate-200 bg-white py-3 pr-9 pl-3 text-sm text-slate-800 shadow-lg">
            <p>¿Necesitás ayuda? Escribinos por WhatsApp</p>
            <button
              type="button"
              onClick={() => setBubble("dismissed")}
              aria-label="Cerrar mensaje"
              className="absolute top-1 right-1 inline-flex size-7 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            >
              <Icon name="x" className="size-4" />
            </button>
          </div>
        ) : null}
      </div>
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Contactanos por WhatsApp"
        className="inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-emerald-700 text-white shadow-lg transition-transform hover:scale-105 hover:bg-emerald-800 motion-reduce:transition-none"
      >
        <Icon name="whatsapp" className="size-7" />
      </a>
    </aside>
  );
}
