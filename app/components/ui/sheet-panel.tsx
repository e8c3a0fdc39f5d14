import type { ReactNode, RefObject } from "react";
import { Sheet, SheetContent } from "./sheet";

// A side panel opened by a plain button outside it (see ./deferred-sheet): focus goes back to
// that button when the panel closes, as Radix does for its own trigger.

export type SheetPanelProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  side: "left" | "right";
  title: string;
  /** The button that opens the panel. */
  triggerRef: RefObject<HTMLButtonElement | null>;
  children: ReactNode;
};

export function SheetPanel({ open, onOpenChange, side, title, triggerRef, children }: SheetPanelProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side={side}
        title={title}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          triggerRef.current?.focus();
        }}
      >
        {children}
      </SheetContent>
    </Sheet>
  );
}
