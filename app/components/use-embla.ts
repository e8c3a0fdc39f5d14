import type EmblaCarousel from "embla-carousel";
import type { EmblaCarouselType, EmblaOptionsType } from "embla-carousel";
import { useEffect, useRef, useState } from "react";

// Embla, the carousels' engine, is not needed for the first paint: the slides are server-rendered
// markup. Its code (8 KB gzip) is loaded when a carousel mounts in the browser, instead of with
// every page that has a carousel. Same API as embla-carousel-react's hook.

let embla: Promise<{ default: typeof EmblaCarousel }> | undefined;

/** A ref callback for the carousel's viewport, and the Embla instance once it is running. */
export function useEmbla(
  options: EmblaOptionsType,
): [(viewport: HTMLElement | null) => void, EmblaCarouselType | undefined] {
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [api, setApi] = useState<EmblaCarouselType>();
  // Read once, when the carousel starts (the carousels pass constant options).
  const initialOptions = useRef(options);

  useEffect(() => {
    if (!viewport) return;
    let instance: EmblaCarouselType | undefined;
    let active = true;
    embla ??= import("embla-carousel");
    embla.then(
      ({ default: createEmbla }) => {
        if (!active) return;
        instance = createEmbla(viewport, initialOptions.current);
        setApi(instance);
      },
      (error: unknown) => {
        embla = undefined;
        console.error("No se pudo cargar el carrusel", error);
      },
    );
    return () => {
      active = false;
      instance?.destroy();
      setApi(undefined);
    };
  }, [viewport]);

  return [setViewport, api];
}
