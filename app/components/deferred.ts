import { type ComponentType, useEffect, useState } from "react";

// Code that the first paint does not need (the cart drawer, the mobile menu, the toasts) is loaded
// on demand: `preload()` starts the download (on idle, on hover or focus of what opens it) and
// `useDeferred(part, wanted)` renders it once it is wanted and has arrived. Without React.lazy and
// Suspense: nothing is rendered for it on the server or during hydration, and a failed download
// (offline, a new deploy) is logged and tried again the next time it is wanted, instead of
// reaching an error boundary.

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
