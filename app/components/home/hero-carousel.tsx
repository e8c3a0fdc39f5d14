import { type FocusEvent, type ReactNode, useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { clsx } from "clsx";
import { useEmbla } from "~/components/use-embla";
import { Icon } from "~/components/ui/icon";

export type HeroSlide = {
  title: string;
  subtitle: string;
  buttonText: string;
  buttonLink: string;
  image: string;
  imageAlt: string;
  /** Tailwind classes for the slide's background (white text must stay AA on it). */
  background: string;
};

/** Spec "Home" 1 and section 9: the hero rotates every 5 s. */
export const HERO_ROTATION_MS = 5_000;

/**
 * The home hero: full-width slides (the first one's title is the page's h1), previous/next
 * arrows and dots that wrap round, swipe on touch, auto-advance that pauses on hover, on
 * keyboard focus and with the pause button, and never runs for users who prefer reduced motion.
 * Off-screen slides are inert, so keyboard and screen reader users only meet the visible one.
 */
export function HeroCarousel({ slides }: { slides: HeroSlide[] }) {
  const [viewportRef, embla] = useEmbla({ loop: true, duration: 30 });
  const [selected, setSelected] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const playing = !reducedMotion && !stopped && !hovered && !focused;

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on("select", onSelect).on("reInit", onSelect);
    return () => {
      embla.off("select", onSelect).off("reInit", onSelect);
    };
  }, [embla]);

  // Restarts on every slide change, so a slide chosen by hand also gets its full 5 s.
  useEffect(() => {
    if (!embla || !playing) return;
    const timer = window.setInterval(() => embla.scrollNext(), HERO_ROTATION_MS);
    return () => window.clearInterval(timer);
  }, [embla, playing, selected]);

  // Without Embla (not yet hydrated) the buttons still move the selection.
  const goTo = useCallback(
    (index: number) => (embla ? embla.scrollTo(index, reducedMotion) : setSelected(index)),
    [embla, reducedMotion],
  );
  const previous = () =>
    embla ? embla.scrollPrev(reducedMotion) : setSelected((s) => (s - 1 + slides.length) % slides.length);
  const next = () => (embla ? embla.scrollNext(reducedMotion) : setSelected((s) => (s + 1) % slides.length));

  function onBlur(event: FocusEvent<HTMLElement>) {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  }

  return (
    <section
      aria-roledescription="carrusel"
      aria-label="Promociones destacadas"
      className="relative"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div ref={viewportRef} className="overflow-hidden">
        <div className="flex touch-pan-y" aria-live={playing ? "off" : "polite"}>
          {slides.map((slide, index) => (
            <Slide
              key={slide.buttonLink + slide.title}
              slide={slide}
              index={index}
              total={slides.length}
              current={index === selected}
            />
          ))}
        </div>
      </div>

      <div className="absolute inset-x-0 bottom-4 flex items-center justify-center gap-2">
        <ControlButton label="Diapositiva anterior" onClick={previous}>
          <Icon name="chevron-left" className="size-5" />
        </ControlButton>
        <ol className="flex items-center">
          {slides.map((slide, index) => (
            <li key={slide.buttonLink + slide.title}>
              <button
                type="button"
                onClick={() => goTo(index)}
                aria-label={`Ir a la diapositiva ${index + 1}`}
                aria-current={index === selected ? "true" : undefined}
                className="group flex size-8 items-center justify-center rounded-full focus-visible:outline-white"
              >
                <span
                  className={clsx(
                    "block h-2.5 rounded-full bg-white transition-all motion-reduce:transition-none",
                    index === selected ? "w-6" : "w-2.5 opacity-60 group-hover:opacity-90",
                  )}
                />
              </button>
            </li>
          ))}
        </ol>
        <ControlButton label="Diapositiva siguiente" onClick={next}>
          <Icon name="chevron-right" className="size-5" />
        </ControlButton>
        {/* Nothing rotates for users who prefer reduced motion, so they get no pause button. */}
        <ControlButton
          label={stopped ? "Reanudar rotación automática" : "Pausar rotación automática"}
          onClick={() => setStopped((s) => !s)}
          className="motion-reduce:hidden"
        >
          {stopped ? <Icon name="play" className="size-4" /> : <Icon name="pause" className="size-4" />}
        </ControlButton>
      </div>
    </section>
  );
}

function Slide({ slide, index, total, current }: { slide: HeroSlide; index: number; total: number; current: boolean }) {
  const Title = index === 0 ? "h1" : "h2";
  return (
    <div
      role="group"
      aria-roledescription="diapositiva"
      aria-label={`${index + 1} de ${total}`}
      inert={!current}
      className={clsx("hero-slide", slide.background)}
    >
      <div className="hero-grid">
        <div>
          <Title className="hero-title">{slide.title}</Title>
          <p className="hero-text">{slide.subtitle}</p>
          <Link to={slide.buttonLink} className="hero-cta">
            {slide.buttonText}
          </Link>
        </div>
        <img
          src={slide.image}
          alt={slide.imageAlt}
          width={480}
          height={360}
          fetchPriority={index === 0 ? "high" : "low"}
          decoding="async"
          className="hero-img"
        />
      </div>
    </div>
  );
}

function ControlButton({
  label,
  onClick,
  className,
  children,
}: {
  label: string;
  onClick: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={clsx(
        "inline-flex size-10 items-center justify-center rounded-full bg-black/40 text-white hover:bg-black/60 focus-visible:outline-white",
        className,
      )}
    >
      {children}
    </button>
  );
}

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function subscribeToReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** Whether the user prefers reduced motion; on the server (and until hydrated) assumed yes, so nothing moves early. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => true,
  );
}
