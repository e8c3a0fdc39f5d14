import { useEffect, useState } from "react";
import { deferredPart, useDeferred } from "~/components/deferred";
import { whenIdle } from "~/utils/when-idle";
import { closeCart, useCartDrawerOpen } from "./cart-store";

// The drawer's code (Radix Dialog, the lines, the shipping quote) is not needed for the first
// paint of any page: it loads when the browser is idle after the page has loaded, or at once
// when the shopper points at, focuses or clicks the cart button, whichever comes first. Until the
// drawer is opened for the first time there is nothing of it in the page (a closed Radix Dialog
// renders nothing either).

const cartDrawer = deferredPart(() => import("./cart-drawer").then((m) => m.CartDrawer));

/** Starts loading the drawer's code (once). */
export function preloadCartDrawer(): void {
  cartDrawer.preload().catch(() => {
    // Logged and retried when the drawer is opened.
  });
}

export function LazyCartDrawer() {
  const isOpen = useCartDrawerOpen();
  // Once opened it stays mounted, so it can play its closing animation.
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (isOpen) setOpened(true);
  }, [isOpen]);
  useEffect(() => whenIdle(preloadCartDrawer), []);
  const CartDrawer = useDeferred(cartDrawer, opened || isOpen, closeCart);
  return CartDrawer ? <CartDrawer /> : null;
}
