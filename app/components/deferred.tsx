import { type ComponentType, type ReactNode, Suspense, use, useEffect, useState } from "react";
import { whenIdle } from "~/utils/when-idle";

// Code that the first paint does not need (the cart drawer, the mobile menu, the toasts) is loaded
// on demand: `preload()` starts the download (on idle, on hover or focus of what opens it) and
// `useDeferred(part, wanted)` renders it once it is wanted and has arrived. Without React.lazy and
// Suspense: nothing is rendered for it on the server or during hydration, and a failed download
// (offline, a new deploy) is logged and tried again the next time it is wanted, instead of
// reaching an error boundary.
//
// A part below the fold that must be in the page's HTML (for search engines, for a browser
// without JavaScript, and so nothing moves when it arrives) is a `serverRenderedPart` instead:
// the server renders it with the page, and the browser loads its code after the page's own and
// hydrates it inside its own Suspense boundary (its HTML stays on screen meanwhile).

export type DeferredPart<P extends object> = {
  /** Starts loading the code (once); resolves to the component. */
  preload: () => Promise<ComponentType<P>>;
  /** The component, if its code has already arrived. */
  loaded: () => ComponentType<P> | undefined;
};

export function deferredPart<P extends object>(load: () => Promise<ComponentType<P>>): DeferredPart<P> {
  let component: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  return {
    preload() {
      pending ??= load().then(
        (loaded) => (component = loaded),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => component,
  };
}

/**
 * The part's component once `wanted` has been true and its code has arrived (null until then).
 * `onError` runs if the download fails.
 */
export function useDeferred<P extends object>(
  part: DeferredPart<P>,
  wanted: boolean,
  onError?: (error: unknown) => void,
): ComponentType<P> | null {
  const [component, setComponent] = useState<ComponentType<P> | undefined>(undefined);
  const ready = component ?? (wanted ? part.loaded() : undefined);
  useEffect(() => {
    if (!wanted || component) return;
    let active = true;
    part.preload().then(
      (loaded) => {
        if (active) setComponent(() => loaded);
      },
      (error: unknown) => {
        console.error("No se pudo cargar una parte de la página", error);
        if (active) onError?.(error);
      },
    );
    return () => {
      active = false;
    };
    // onError is read when the download fails; a new function each render must not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [part, wanted, component]);
  return ready ?? null;
}

/**
 * A component whose code is not in the page's first load but whose HTML is: the server loads the
 * code when it starts and renders it with the page; the browser keeps that HTML on screen and
 * hydrates it when the code arrives, which it asks for as soon as hydration reaches the part (or
 * once the page has loaded and the browser is idle). On a page reached by a client navigation
 * before that, the part shows once its code has arrived (nothing before). A
 * failed download is logged and leaves the part empty; the rest of the page goes on working.
 * `fallback` shows while the code is on its way, where the server did not render the part (a part
 * that appears on a click).
 */
export function serverRenderedPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): ComponentType<P> {
  const part = deferredPart(() =>
    load().catch((error: unknown): ComponentType<P> => {
      console.error("No se pudo cargar una parte de la página", error);
      return () => null;
    }),
  );
  if (import.meta.env.SSR) void part.preload();
  // A page reached by a client navigation shows the part with the rest when its code is here.
  else whenIdle(() => void part.preload());
  function Loaded(props: P) {
    const Component = part.loaded() ?? use(part.preload());
    return <Component {...props} />;
  }
  return function ServerRenderedPart(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
