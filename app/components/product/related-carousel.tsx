import { Children, useEffect, useState } from "react";
import { useEmbla } from "~/components/use-embla";

/** A looping carousel of product cards (related products). */
export function RelatedCarousel({ children }: { children: React.ReactNode }) {
  const [viewportRef, embla] = useEmbla({ loop: true, align: "start" });
  const slides = Children.toArray(children);
  // Arrows only when there is something to scroll to (all cards may fit on a wide screen).
  const [scrollable, setScrollable] = useState(false);
  useEffect(() => {
    if (!embla) return;
    const update = () => setScrollable(embla.canScrollNext() || embla.canScrollPrev());
    update();
    embla.on("reInit", update).on("resize", update);
    return () => {
      embla.off("reInit", update).off("resize", update);
    };
  }, [embla]);
  return (
    <div className="relative mt-4" role="group" aria-roledescription="carrusel" aria-label="Productos relacionados">
      <div ref={viewportRef} className="overflow-hidden">
        <ul className="-ml-4 flex">
          {slides.map((slide, i) => (
            <li
              key={i}
              className="min-w-0 shrink-0 grow-0 basis-1/2 pl-4 md:basis-1/4"
              aria-roledescription="diapositiva"
            >
              {slide}
            </li>
          ))}
        </ul>
      </div>
      {scrollable ? (
        <div className="mt-3 flex justify-end gap-2">
          <button
            type="button"
            onClick={() => embla?.scrollPrev()}
            aria-label="Anterior"
            className="rounded-full border border-slate-300 px-3 py-1 hover:bg-slate-100"
          >
            ‹
          </button>
          <button
            type="button"
            onClick={() => embla?.scrollNext()}
            aria-label="Siguiente"
            className="rounded-full border border-slate-300 px-3 py-1 hover:bg-slate-100"
          >
            ›
          </button>
        </div>
      ) : null}
    </div>
  );
}
