import { Minus, Plus, ShoppingCart, Trash } from "lucide-react";
import { type ComponentProps, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { type CartItem, cartTotalWithoutTaxes, lineUnitPrice, minimumMessage } from "~/domain/cart";
import { cartCheckNotice } from "~/domain/cart-notice";
import { formatARS, fromCents, toCents } from "~/domain/money";
import { missingForFreeShipping } from "~/domain/shipping";
import { useRootData } from "../root-data";
import { useDismissToast, useToast } from "../toaster";
import { Button } from "../ui/button";
import { ShippingQuoteForm } from "../shipping/shipping-quote-form";
import { Sheet, SheetContent } from "../ui/sheet";
import { refreshCartFromServer, takeCartReturnFocus, useCart } from "./cart-store";
import { LineOptions, LineThumbnail } from "./line-parts";
import { mayHaveGroupPrices, useViewer } from "~/components/viewer";

export function CartDrawer() {
  const { items, total, isOpen, setOpen, close, remove, setQuantity } = useCart();
  const viewer = useViewer();
  // A company member's prices are not kept in the stored cart (a reload, another tab): until this
  // opening's check answers, a line the check has not priced for them shows no price, never the
  // public one as theirs (ADR 0022). After it, a line without one is at the price the server says.
  // Whoever may be a member counts as one: a session not known yet, or a company not asked yet.
  const member = !viewer.known || mayHaveGroupPrices(viewer);
  const [check, setCheck] = useState<"checking" | "done" | "failed">("checking");
  const notKnown = member && check !== "done" ? check : null;
  const unknownPrice = (item: CartItem) => (item.group_price === undefined && !item.unavailable ? notKnown : null);
  const pending = items.some((item) => unknownPrice(item) !== null);
  const toast = useToast();
  const dismissToast = useDismissToast();
  const contentRef = useRef<HTMLDivElement>(null);

  // The drawer shows what "¡Agregado al carrito!" said: opening it closes that toast, which on a
  // phone would otherwise lie over the drawer's first line for its 5 seconds.
  useEffect(() => {
    if (isOpen) dismissToast();
  }, [isOpen, dismissToast]);

  // Each time the drawer opens, the lines are checked against the server's prices and stock.
  useEffect(() => {
    if (!isOpen) return;
    let cancelled = false;
    setCheck("checking");
    void refreshCartFromServer().then((result) => {
      if (cancelled) return;
      setCheck(result ? "done" : "failed");
      if (!result) return;
      const notice = cartCheckNotice(result);
      if (notice) toast(notice);
    });
    return () => {
      cancelled = true;
    };
  }, [isOpen, toast]);

  function removeLine(item: CartItem) {
    remove(item.cartId);
    toast({ type: "success", title: "Producto eliminado", description: "El producto fue removido de tu carrito." });
    // The focused button just disappeared: keep focus inside the drawer.
    contentRef.current?.focus();
  }

  function decrement(item: CartItem) {
    if (item.quantity <= 1) removeLine(item);
    else setQuantity(item.cartId, item.quantity - 1);
  }

  return (
    <Sheet open={isOpen} onOpenChange={setOpen}>
      <SheetContent
        ref={contentRef}
        side="right"
        title="Carrito de Compras"
        onCloseAutoFocus={(event) => {
          const target = takeCartReturnFocus();
          if (target) {
            event.preventDefault();
            target.focus();
          }
        }}
      >
        {items.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-slate-600">
            <ShoppingCart aria-hidden className="size-12 text-slate-300" />
            <p>Tu carrito está vacío.</p>
          </div>
        ) : (
          <>
            <ul className="flex-1 divide-y divide-slate-200 overflow-y-auto px-4">
              {items.map((item) => (
                <CartLine
                  key={item.cartId}
                  item={item}
                  unknownPrice={unknownPrice(item)}
                  onDecrement={() => decrement(item)}
                  onIncrement={() => setQuantity(item.cartId, item.quantity + 1)}
                  onRemove={() => removeLine(item)}
                />
              ))}
            </ul>
            <div className="border-t border-slate-200 p-4">
              <ShippingQuoteForm className="mb-3" landmark={false} />
              {pending ? null : <FreeShippingProgress total={total} />}
              <p className="flex items-baseline justify-between text-lg font-bold">
                <span>Total</span>
                <span className="tabular-nums" data-testid="cart-total">
                  {pending ? PRICE_PENDING : formatARS(total)}
                </span>
              </p>
              <p className="mb-4 text-right text-xs text-slate-500">
                {pending ? "\u00a0" : `Precio sin impuestos nacionales: ${formatARS(cartTotalWithoutTaxes(items))}`}
              </p>
              <Button asChild size="lg" className="w-full">
                <Link to="/checkout" onClick={close}>
                  Finalizar Compra
                </Link>
              </Button>
              {viewer.quotes ? (
                <Button asChild size="lg" variant="outline" className="mt-2 w-full">
                  <Link to="/cotizaciones/nueva" onClick={close}>
                    Pedir cotización
                  </Link>
                </Button>
              ) : null}
            </div>
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}

/** What a member's line says while its price is not known (ADR 0022). */
const PRICE_PENDING = "Calculando tu precio…";

type CartLineProps = {
  item: CartItem;
  /** The member's price of the line is not known yet: being checked, or the check failed. */
  unknownPrice: "checking" | "failed" | null;
  onDecrement: () => void;
  onIncrement: () => void;
  onRemove: () => void;
};

const stepButton =
  "inline-flex size-8 items-center justify-center rounded-md border border-slate-300 text-slate-700 hover:border-brand-600 hover:text-brand-700";

/** An icon button of a line: its label says what it does, the product's name which line. */
function LineButton({
  label,
  nameId,
  children,
  ...button
}: { label: string; nameId: string } & Pick<
  ComponentProps<"button">,
  "onClick" | "disabled" | "className" | "children"
>) {
  return (
    <button type="button" aria-label={label} aria-describedby={nameId} {...button}>
      {children}
    </button>
  );
}

function CartLine({ item, unknownPrice, onDecrement, onIncrement, onRemove }: CartLineProps) {
  const nameId = useId();
  return (
    <li className="flex gap-3 py-4">
      <LineThumbnail src={item.image_url} px={64} className="size-16 bg-slate-100" />
      <div className="min-w-0 flex-1">
        <p id={nameId} className="line-clamp-2 text-sm font-semibold text-slate-900">
          {item.name}
        </p>
        <LineOptions options={item.selectedOptions} />
        {item.unavailable ? (
          <p className="mt-1 text-sm font-semibold text-red-700">Ya no está disponible</p>
        ) : unknownPrice ? (
          <p className="mt-1 text-sm text-slate-600" data-testid="cart-line-price" aria-live="polite">
            {unknownPrice === "checking"
              ? PRICE_PENDING
              : "No pudimos calcular tu precio. Probá de nuevo en un momento."}
          </p>
        ) : (
          <p className="mt-1 text-sm font-bold text-brand-700 tabular-nums" data-testid="cart-line-price">
            {formatARS(lineUnitPrice(item))}
          </p>
        )}
        {!item.unavailable && item.group_minimum ? (
          <p className="text-xs text-slate-600">{minimumMessage(item.group_minimum)}</p>
        ) : null}
        {!item.unavailable && item.stock !== undefined && item.quantity > item.stock ? (
          <p className="text-xs font-semibold text-red-700">
            Stock insuficiente: {item.stock === 0 ? "sin stock" : `quedan ${item.stock}`}
          </p>
        ) : null}
        <div className="mt-2 flex items-center gap-2">
          <LineButton label="Restar uno" nameId={nameId} onClick={onDecrement} className={stepButton}>
            <Minus aria-hidden className="size-4" />
          </LineButton>
          <span className="min-w-6 text-center text-sm font-semibold tabular-nums" aria-live="polite" aria-atomic>
            <span className="sr-only">Cantidad: </span>
            {item.quantity}
          </span>
          <LineButton
            label="Sumar uno"
            nameId={nameId}
            onClick={onIncrement}
            disabled={item.unavailable || (item.stock !== undefined && item.quantity >= item.stock)}
            className={`${stepButton} disabled:cursor-not-allowed disabled:opacity-40`}
          >
            <Plus aria-hidden className="size-4" />
          </LineButton>
        </div>
      </div>
      <LineButton
        label="Quitar del carrito"
        nameId={nameId}
        onClick={onRemove}
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-red-50 hover:text-red-700"
      >
        <Trash aria-hidden className="size-5" />
      </LineButton>
    </li>
  );
}

/** "Te faltan $ X para el envío gratis" (a hint from the cart's prices; the checkout applies it). */
function FreeShippingProgress({ total }: { total: number }) {
  const freeFrom = useRootData()?.freeShippingFrom ?? null;
  if (freeFrom === null) return null;
  const missing = missingForFreeShipping(freeFrom, toCents(total));
  return (
    <p className="mb-3 rounded-md bg-green-50 px-3 py-2 text-sm text-green-900" aria-live="polite">
      {missing === null
        ? "¡Tu compra llega al envío gratis!"
        : `Te faltan ${formatARS(fromCents(missing))} para el envío gratis.`}
    </p>
  );
}
