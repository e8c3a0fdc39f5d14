import { Dialog } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { clsx } from "clsx";
import { CloseX } from "./dialog";
import { Keyframes } from "./keyframes";

// A side panel built on Radix Dialog: focus trap, Escape to close, scroll lock, labelled by its title.

export const Sheet = Dialog.Root;
export const SheetTrigger = Dialog.Trigger;
export const SheetClose = Dialog.Close;

type SheetContentProps = Omit<ComponentProps<typeof Dialog.Content>, "title"> & {
  side?: "left" | "right";
  /** The visible, accessible title of the panel. */
  title: ReactNode;
  /** Optional text read by screen readers after the title. */
  description?: ReactNode;
};

const sideClasses = {
  right:
    "right-0 border-l data-[state=open]:animate-[vitec-slide-in-right_250ms_ease-out] data-[state=closed]:animate-[vitec-slide-out-right_200ms_ease-in]",
  left: "left-0 border-r data-[state=open]:animate-[vitec-slide-in-left_250ms_ease-out] data-[state=closed]:animate-[vitec-slide-out-left_200ms_ease-in]",
} as const;

export function SheetContent({ side = "right", title, description, className, children, ...props }: SheetContentProps) {
  return (
    <Dialog.Portal>
      <Keyframes />
      <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 data-[state=closed]:animate-[vitec-fade-out_200ms_ease-in] data-[state=open]:animate-[vitec-fade-in_200ms_ease-out] motion-reduce:animate-none" />
      <Dialog.Content
        {...(description ? {} : { "aria-describedby": undefined })}
        {...props}
        className={clsx(
          "fixed inset-y-0 z-50 flex w-[min(100vw-3rem,26rem)] flex-col border-slate-200 bg-white shadow-xl outline-none motion-reduce:animate-none",
          sideClasses[side],
          className,
        )}
      >
        <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-4 py-3">
          <Dialog.Title className="text-lg font-bold text-slate-900">{title}</Dialog.Title>
          <CloseX className="size-10" />
        </div>
        {description ? <Dialog.Description className="sr-only">{description}</Dialog.Description> : null}
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  );
}
