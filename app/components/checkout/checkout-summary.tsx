import { minimumMessage } from "~/domain/cart";
import { formatARS, fromCents, toCents } from "~/domain/money";
import type { OrderTotals } from "~/domain/order-totals";
import type { SelectedOption } from "~/domain/pricing";
import { Button } from "../ui/button";
import { LineOptions, LineThumbnail } from "../cart/line-parts";

/** A cart line as the server priced it ("checking" until its answer arrives). */
export type SummaryLine = {
  cartId: string;
  name: string;
  imageUrl: string | null;
  options: SelectedOption[];
  quantity: number;
  check:
    | { status: "checking" }
    | { status: "unavailable" }
    | {
        status: "ok";
        unitPrice: number;
        stock: number;
        cartPrice: number;
        ivaRate: number;
        /** A member below the group's minimum of the product: from how many units the list price starts. */
        groupMinimum?: number | null;
      };
};

/** The order summary of the checkout: lines with the server's prices, subtotal, shipping and total. */
export function CheckoutSummary({
  lines,
  totals,
  totalWithoutTaxes,
  shippingMethod,
  couponCode,
  discountLabel,
  onRemove,
  onAdjust,
  onEditCart,
}: {
  lines: SummaryLine[];
  totals: OrderTotals | null;
  /** Ley 27.743: the total without national taxes. */
  totalWithoutTaxes: number | null;
  shippingMethod: string;
  /** The coupon applied, when there is one. */
  couponCode?: string;
  /** Why there is a discount, e.g. "transferencia, 10 %". */
  discountLabel?: string;
  onRemove: (cartId: string) => void;
  onAdjust: (cartId: string, quantity: number) => void;
  onEditCart: () => void;
}) {
  return (
    <section aria-labelledby="summary-title" className="rounded-lg border border-slate-200 bg-slate-50 p-4 sm:p-5">
      <div className="flex items-center justify-between gap-2">
        <h2 id="summary-title" className="text-lg font-semibold text-slate-900">
          Resumen del pedido
        </h2>
        <Button variant="link" size="sm" className="px-0" onClick={onEditCart}>
          Editar carrito
        </Button>
      </div>
      <ul className="mt-3 divide-y divide-slate-200">
        {lines.map((line) => (
          <SummaryItem key={line.cartId} line={line} onRemove={onRemove} onAdjust={onAdjust} />
        ))}
      </ul>
      <dl className="mt-4 space-y-2 border-t border-slate-200 pt-4 text-sm" aria-live="polite">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Subtotal</dt>
          <dd className="tabular-nums">{totals ? formatARS(fromCents(totals.subtotalCents)) : "…"}</dd>
        </div>
        {totals && totals.couponCents > 0 ? (
          <div className="flex justify-between gap-4 text-green-800">
            <dt>Cupón{couponCode ? ` ${couponCode}` : ""}</dt>
            <dd className="tabular-nums">-{formatARS(fromCents(totals.couponCents))}</dd>
          </div>
        ) : null}
        {totals && totals.discountCents > 0 ? (
          <div className="flex justify-between gap-4 text-green-800">
            <dt>Descuento{discountLabel ? ` (${discountLabel})` : ""}</dt>
            <dd className="tabular-nums">-{formatARS(fromCents(totals.discountCents))}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Envío{shippingMethod ? ` (${shippingMethod})` : ""}</dt>
          <dd className="tabular-nums">
            {totals ? (totals.shippingCents === 0 ? "Gratis" : formatARS(fromCents(totals.shippingCents))) : "…"}
          </dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-lg font-bold">
          <dt>Total</dt>
          <dd className="tabular-nums" data-testid="checkout-total">
            {totals ? formatARS(fromCents(totals.totalCents)) : "…"}
          </dd>
        </div>
      </dl>
      {totalWithoutTaxes !== null ? (
        <p className="mt-2 text-right text-xs text-slate-500">
          Precio sin impuestos nacionales: {formatARS(totalWithoutTaxes)}
        </p>
      ) : null}
    </section>
  );
}

function SummaryItem({
  line,
  onRemove,
  onAdjust,
}: {
  line: SummaryLine;
  onRemove: (cartId: string) => void;
  onAdjust: (cartId: string, quantity: number) => void;
}) {
  const { check } = line;
  const short = check.status === "ok" && line.quantity > check.stock;
  return (
    <li className="flex gap-3 py-3">
      <LineThumbnail src={line.imageUrl} px={56} className="size-14 bg-white" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="line-clamp-2 font-medium text-slate-900">{line.name}</p>
        <LineOptions options={line.options} />
        <p className="mt-1 text-slate-700">
          Cantidad: {line.quantity}
          {check.status === "ok" ? <span className="tabular-nums"> × {formatARS(check.unitPrice)}</span> : null}
        </p>
        {check.status === "ok" && check.unitPrice !== check.cartPrice ? (
          <p className="mt-1 text-xs text-amber-800">
            El precio cambió (antes {formatARS(check.cartPrice)}). Se cobra el precio actual.
          </p>
        ) : null}
        {check.status === "ok" && check.groupMinimum ? (
          <p className="mt-1 text-xs text-slate-600">{minimumMessage(check.groupMinimum)}</p>
        ) : null}
        {check.status === "unavailable" ? (
          <p className="mt-1 text-red-700" role="alert">
            Este producto ya no está disponible.{" "}
            <button type="button" className="font-semibold underline" onClick={() => onRemove(line.cartId)}>
              Quitar del carrito
            </button>
          </p>
        ) : null}
        {short ? (
          <p className="mt-1 text-red-700" role="alert">
            {check.stock === 0 ? "Sin stock." : `Solo quedan ${check.stock} unidades.`}{" "}
            <button
              type="button"
              className="font-semibold underline"
              onClick={() => (check.stock === 0 ? onRemove(line.cartId) : onAdjust(line.cartId, check.stock))}
            >
              {check.stock === 0 ? "Quitar del carrito" : `Comprar ${check.stock}`}
            </button>
          </p>
        ) : null}
      </div>
      <p className="shrink-0 text-sm font-semibold text-slate-900 tabular-nums">
        {check.status === "ok"
          ? formatARS(fromCents(toCents(check.unitPrice) * line.quantity))
          : check.status === "checking"
            ? "…"
            : "—"}
      </p>
    </li>
  );
}
