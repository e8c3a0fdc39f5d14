import { deferredPart, useDeferred } from "../deferred";
import type { SheetPanelProps } from "./sheet-panel";

// A side panel (the mobile menu, the catalogue's filters on a phone) whose code, Radix Dialog,
// loads only when it is about to be used: when its button is pointed at, focused or clicked.
// Closed and never opened, a Radix Dialog renders nothing, so the page is the same without it.

const sheetPanel = deferredPart(() => import("./sheet-panel").then((m) => m.SheetPanel));

/** Starts loading the panel's code; for the opening button's onPointerEnter and onFocus. */
export function preloadSheet(): void {
  sheetPanel.preload().catch(() => {
    // Logged and retried when the panel is opened.
  });
}

export function DeferredSheet(props: SheetPanelProps) {
  const { open, onOpenChange } = props;
  const SheetPanel = useDeferred(sheetPanel, open, () => onOpenChange(false));
  return SheetPanel ? <SheetPanel {...props} /> : null;
}
