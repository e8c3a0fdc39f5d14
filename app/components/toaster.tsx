import { type ReactNode, createContext, useCallback, useContext, useEffect, useRef, useState } from "react";
import type { Toast, ToastInput } from "~/schemas/toast";
import { whenIdle } from "~/utils/when-idle";
import { deferredPart, useDeferred } from "./deferred";

// The app's one toast mechanism (spec: one toast at a time, 5000 ms, swipe right 50 px, F8).
// Server toasts arrive flashed through a cookie (root loader); client toasts through useToast().
// The toast itself (Radix Toast, ./toast-view) is not needed for the first paint: its code loads
// when the browser is idle after the page has loaded, or with the first toast.

type ShowToast = (input: ToastInput) => void;

const ToastContext = createContext<ShowToast | null>(null);
const DismissContext = createContext<() => void>(() => {});

const toastView = deferredPart(() => import("./toast-view").then((m) => m.ToastView));

function newToastId(): string {
  return Math.random().toString(36).slice(2);
}

export function ToastProvider({ flashed, children }: { flashed: Toast | null; children: ReactNode }) {
  const [current, setCurrent] = useState<Toast | null>(null);
  const [open, setOpen] = useState(false);
  const [idle, setIdle] = useState(false);

  const toast = useCallback<ShowToast>((input) => {
    // A new toast replaces the previous one: a new key remounts it and restarts its timer.
    setCurrent({
      id: input.id ?? newToastId(),
      type: input.type ?? "info",
      title: input.title,
      description: input.description,
    });
    setOpen(true);
  }, []);

  // Show each flashed toast once, even if the root loader revalidates with the same value.
  const shownFlashId = useRef<string | null>(null);
  useEffect(() => {
    if (!flashed || flashed.id === shownFlashId.current) return;
    shownFlashId.current = flashed.id;
    toast(flashed);
  }, [flashed, toast]);

  useEffect(() => whenIdle(() => setIdle(true)), []);
  // Closed at once, without its fade-out: whatever opened over it (the cart drawer) is never covered.
  const dismiss = useCallback(() => {
    setOpen(false);
    setCurrent(null);
  }, []);
  const ToastView = useDeferred(toastView, idle || current !== null);

  return (
    <ToastContext value={toast}>
      <DismissContext value={dismiss}>
        {children}
        {ToastView ? <ToastView current={current} open={open} onOpenChange={setOpen} /> : null}
      </DismissContext>
    </ToastContext>
  );
}

/** Returns `toast(input)`, which shows a toast now (replacing any toast on screen). */
export function useToast(): ShowToast {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error("useToast must be used inside <ToastProvider>");
  return toast;
}

/** Returns `dismiss()`, which closes the toast on screen (a drawer that opens over it, for one). */
export function useDismissToast(): () => void {
  return useContext(DismissContext);
}
