import { X } from "lucide-react";
import { Toast as RadixToast } from "radix-ui";
import type { Toast } from "~/schemas/toast";
import { clsx } from "clsx";
import { Keyframes } from "./ui/keyframes";

// What shows a toast (Radix Toast: the F8 region, swipe, timer, screen reader announcements),
// loaded by ToastProvider (./toaster) on idle or with the first toast.

export const TOAST_DURATION_MS = 5000;

export function ToastView({
  current,
  open,
  onOpenChange,
}: {
  current: Toast | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <RadixToast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50} label="Notificación">
      {current ? <ToastCard key={current.id} toast={current} open={open} onOpenChange={onOpenChange} /> : null}
      {/* Below the 64 px title row of the sheets, so a toast never covers their close button. */}
      <RadixToast.Viewport
        hotkey={["F8"]}
        label="Notificaciones ({hotkey})"
        className="pointer-events-none fixed top-12 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-sm"
      />
      <Keyframes />
    </RadixToast.Provider>
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
      className={clsx(
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
          <RadixToast.Description className={clsx("text-sm", destructive ? "text-red-50" : "text-slate-600")}>
            {toast.description}
          </RadixToast.Description>
        ) : null}
      </div>
      <RadixToast.Close
        aria-label="Cerrar notificación"
        className={clsx(
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
