import { useToast } from "~/components/toaster";
import { productEnquiryText, whatsappLink } from "~/domain/whatsapp";
import type { ProductSelection } from "./use-product-selection";
import { serverRenderedPart } from "~/components/deferred";

// Under the buy button: in the page's HTML, their code loaded after the page's own.
const StockAlertForm = serverRenderedPart(() => import("./stock-alert-form").then((m) => m.StockAlertForm));
const ShippingQuoteForm = serverRenderedPart(() =>
  import("~/components/shipping/shipping-quote-form").then((m) => m.ShippingQuoteForm),
);

/** Quantity, units left, "Agregar al carrito", the WhatsApp enquiry and the shipping quote. */
export function BuyBox({
  product,
  whatsapp,
  selection: { priced, outOfStock, withVariants, stock, quantity, setQuantity, tooMany, inCart, addToCart, variantId },
}: {
  product: { id: string; name: string; inStock: boolean; stockAlerts?: boolean };
  whatsapp: string;
  selection: ProductSelection;
}) {
  const toast = useToast();

  function add() {
    if (outOfStock || tooMany || !priced) return;
    try {
      addToCart();
      toast({ type: "success", title: "¡Agregado al carrito! 🛒", description: `${product.name} (x${quantity})` });
    } catch {
      toast({
        type: "error",
        title: "¡Oh no! Algo salió mal.",
        description: "No pudimos agregar el producto. Intentá de nuevo.",
      });
    }
  }

  return (
    <>
      {!priced ? (
        <p className="mt-6 rounded-md bg-slate-50 p-3 text-slate-700">
          Consultanos el precio de este producto por WhatsApp.
        </p>
      ) : outOfStock ? (
        <div className="mt-6 rounded-md bg-amber-50 p-3 font-medium text-amber-800">
          {product.inStock && withVariants
            ? "Esta combinación no tiene stock actualmente. Elegí otra opción."
            : "Este producto no tiene stock actualmente."}
          {product.stockAlerts && (!withVariants || variantId) ? (
            <StockAlertForm productId={product.id} variantId={variantId} />
          ) : null}
        </div>
      ) : (
        <div className="mt-6">
          <div className="flex items-center gap-4">
            <div className="flex items-center rounded-md border border-slate-300" role="group" aria-label="Cantidad">
              <button
                type="button"
                className="px-3 py-2 text-lg disabled:opacity-40"
                onClick={() => setQuantity((q) => Math.max(1, q - 1))}
                disabled={quantity <= 1}
                aria-label="Restar uno"
              >
                −
              </button>
              <input
                type="number"
                inputMode="numeric"
                min={1}
                max={stock ?? undefined}
                value={quantity}
                aria-label="Cantidad"
                onChange={(e) => {
                  const n = Math.floor(Number(e.target.value));
                  setQuantity(Number.isFinite(n) && n >= 1 ? n : 1);
                }}
                className="w-14 border-x border-slate-300 py-2 text-center [appearance:textfield]"
              />
              <button
                type="button"
                className="px-3 py-2 text-lg disabled:opacity-40"
                onClick={() => setQuantity((q) => (stock === null ? q + 1 : Math.min(stock, q + 1)))}
                disabled={stock !== null && quantity >= stock}
                aria-label="Sumar uno"
              >
                +
              </button>
            </div>
            <p className="text-sm text-slate-600" aria-live="polite">
              {stock === null ? "En stock" : `Stock disponible: ${stock} ${stock === 1 ? "unidad" : "unidades"}`}
            </p>
          </div>
          {tooMany ? (
            <p role="alert" className="mt-2 text-sm font-medium text-red-700">
              Stock insuficiente.
              {inCart > 0 ? ` Ya tenés ${inCart} ${inCart === 1 ? "unidad" : "unidades"} en el carrito.` : ""}
            </p>
          ) : null}
        </div>
      )}

      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        {priced ? (
          <button
            type="button"
            onClick={add}
            disabled={outOfStock || tooMany}
            className="flex-1 rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
          >
            Agregar al carrito
          </button>
        ) : null}
        <a
          href={whatsappLink(whatsapp, productEnquiryText(product.name))}
          target="_blank"
          rel="noopener noreferrer"
          className="flex-1 rounded-md border border-green-600 px-5 py-3 text-center font-semibold text-green-700 hover:bg-green-50"
        >
          Consultar por WhatsApp
        </a>
      </div>
      {outOfStock || !priced ? null : <ShippingQuoteForm className="mt-6 rounded-lg border border-slate-200 p-3" />}
    </>
  );
}
