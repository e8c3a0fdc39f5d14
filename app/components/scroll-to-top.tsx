import { useEffect, useState } from "react";
import { clsx } from "clsx";
import { Icon } from "~/components/ui/icon";

const THRESHOLD_PX = 300;

/** "Volver arriba": appears after scrolling more than 300 px (spec 4 and 9). */
export function ScrollToTop() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setVisible(window.scrollY > THRESHOLD_PX);
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);

  function scrollUp() {
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
    // The button hides once at the top: move keyboard focus to the start of the content.
    document.getElementById("contenido")?.focus({ preventScroll: true });
  }

  return (
    <button
      type="button"
      onClick={scrollUp}
      aria-label="Volver arriba"
      tabIndex={visible ? undefined : -1}
      aria-hidden={visible ? undefined : true}
      className={clsx(
        "fixed right-5 bottom-22 z-30 inline-flex size-12 items-center justify-center rounded-full border border-slate-200 bg-white text-brand-700 shadow-lg transition duration-200 hover:bg-brand-50 motion-reduce:transition-none",
        visible ? "translate-y-0 opacity-100" : "pointer-events-none invisible translate-y-2 opacity-0",
      )}
    >
      <Icon name="arrow-up" className="size-6" />
    </button>
  );
}
