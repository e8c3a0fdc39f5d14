import { X } from "lucide-react";
import { Toast as RadixToast } from "radix-ui";
import { type ReactNode, createContext, useCallback, useContext, useEffect, useRef, useState } from "react";
import type { Toast, ToastInput } from "~/schemas/toast";
import { cn } from "~/utils/cn";
import { Keyframes } from "./ui/keyframes";

// The app's one toast mechanism (spec: one toast at a time, 5000 ms, swipe right 50 px, F8).
// Server toasts arrive flashed through a cookie (root loader); client toasts through useToast().

const TOAST_DURATION_MS = 5000;

type ShowToast = (input: ToastInput) => void;

const ToastContext = createContext<ShowToast | null>(null);

function newToastId(): string {
  return Math.random().toString(36).slice(2);
}

export function ToastProvider({ flashed, children }: { flashed: Toast | null; children: ReactNode }) {
  const [current, setCurrent] = useState<Toast | null>(null);
  const [open, setOpen] = useState(false);

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

  return (
    <ToastContext value={toast}>
      <RadixToast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50} label="Notificación">
        {children}
        {current ? <ToastCard key={current.id} toast={current} open={open} onOpenChange={setOpen} /> : null}
        {/* Below the 64 px title row of the sheets, so a toast never covers their close button. */}
        <RadixToast.Viewport
          hotkey={["F8"]}
          label="Notificaciones ({hotkey})"
          className="pointer-events-none fixed top-12 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-sm"
        />
      </RadixToast.Provider>
      <Keyframes />
    </ToastContext>
  );
}

function ToastCard({
  toast,
  open,
  onOpenChange,
}: {
  toast: Toast;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const destructive = toast.type === "error";
  return (
    <RadixToast.Root
      open={open}
      onOpenChange={onOpenChange}
      // Failures interrupt screen readers; confirmations wait their turn.
      type={destructive ? "foreground" : "background"}
      className={cn(
        "pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg",
        "data-[state=open]:animate-[vitec-toast-in_200ms_ease-out] data-[state=closed]:animate-[vitec-fade-out_150ms_ease-in]",
        "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform",
        "data-[swipe=end]:animate-[vitec-toast-swipe-out_150ms_ease-out] motion-reduce:animate-none",
        destructive ? "border-red-800 bg-red-700 text-white" : "border-slate-200 bg-white text-slate-900",
      )}
    >
      <div className="grid gap-1">
        <RadixToast.Title className="text-sm font-semibold">{toast.title}</RadixToast.Title>
        {toast.description ? (
          <RadixToast.Description className={cn("text-sm", destructive ? "text-red-50" : "text-slate-600")}>
            {toast.description}
          </RadixToast.Description>
        ) : null}
      </div>
      <RadixToast.Close
        aria-label="Cerrar notificación"
        className={cn(
          "absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-md",
          destructive
            ? "text-white hover:bg-red-800 focus-visible:outline-white"
            : "text-slate-500 hover:bg-slate-100 hover:text-slate-900",
        )}
      >
        <X aria-hidden className="size-4" />
      </RadixToast.Close>
    </RadixToast.Root>
  );
}

/** Returns `toast(input)`, which shows a toast now (replacing any toast on screen). */
export function useToast(): ShowToast {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error("useToast must be used inside <ToastProvider>");
  return toast;
}
