// Runs work the first paint does not need (loading the cart drawer's or the toasts' code) once
// the page has loaded and the browser is idle, so it never competes with what the page needs first.

/** Calls `task` after the window's load event, when the main thread is idle. Returns a cancel function. */
export function whenIdle(task: () => void): () => void {
  let cancelled = false;
  let idleId: number | undefined;
  let timeoutId: number | undefined;
  const schedule = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === "function") {
      idleId = window.requestIdleCallback(() => task(), { timeout: 2_000 });
    } else {
      timeoutId = window.setTimeout(task, 200);
    }
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", schedule);
    if (idleId !== undefined) window.cancelIdleCallback(idleId);
    if (timeoutId !== undefined) window.clearTimeout(timeoutId);
  };
}
