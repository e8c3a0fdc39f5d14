import { X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/utils/cn";
import { Button } from "./button";

// A centred modal dialog (Radix Dialog: focus trap, Escape, scroll lock), titled for screen readers.

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

type DialogContentProps = Omit<ComponentProps<typeof RadixDialog.Content>, "title"> & {
  title: ReactNode;
  description?: ReactNode;
  /** Tailwind max-width class, e.g. "max-w-lg" (default) or "max-w-4xl". */
  size?: string;
};

export function DialogContent({
  title,
  description,
  size = "max-w-lg",
  className,
  children,
  ...props
}: DialogContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
      <RadixDialog.Content
        {...(description ? {} : { "aria-describedby": undefined })}
        {...props}
        className={cn(
          "fixed left-1/2 top-1/2 z-50 flex max-h-[92vh] w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl outline-none",
          size,
          className,
        )}
      >
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
          <div>
            <RadixDialog.Title className="text-lg font-bold text-slate-900">{title}</RadixDialog.Title>
            {description ? (
              <RadixDialog.Description className="mt-1 text-sm text-slate-600">{description}</RadixDialog.Description>
            ) : null}
          </div>
          <CloseX className="size-9" />
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

/** The ✕ that closes a dialog or a sheet (named "Cerrar" for screen readers); `className` sizes it. */
export function CloseX({ className }: { className: string }) {
  return (
    <RadixDialog.Close
      className={cn(
        "inline-flex items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900",
        className,
      )}
      aria-label="Cerrar"
    >
      <X aria-hidden className="size-5" />
    </RadixDialog.Close>
  );
}

/** Cancelar (closes the dialog) and Guardar (submits its form; "Guardando..." while it saves). */
export function DialogSaveActions({ saving, className }: { saving: boolean; className?: string }) {
  return (
    <div className={cn("flex justify-end gap-2", className)}>
      <DialogClose asChild>
        <Button variant="outline">Cancelar</Button>
      </DialogClose>
      <Button type="submit" disabled={saving}>
        {saving ? "Guardando..." : "Guardar"}
      </Button>
    </div>
  );
}
