import { type ReactNode, useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { useCart } from "~/components/cart/cart-store";
import { ProductCard } from "~/components/product/product-card";
import { RelatedCarousel } from "~/components/product/related-carousel";
import { Stars } from "~/components/product/stars";
import { useToast } from "~/components/toaster";
import { WishlistButton } from "~/components/wishlist/wishlist-button";
import { PriceWithoutTaxes } from "./price-without-taxes";
import { installments } from "~/domain/installments";
import { aggregateRating } from "~/domain/review";
import { formatARS, formatPercent } from "~/domain/money";
import { PRICE_ON_REQUEST, type SelectedOption, defaultSelection, isPriced, variantPricing } from "~/domain/pricing";
import {
  chooseOption,
  findVariant,
  firstAvailableSelection,
  soldOutOptions,
  unavailableOptions,
} from "~/domain/variants";
import { sameOptions } from "~/domain/cart";
import type { FinancingPlan, OptionGroup } from "~/domain/product-meta";
import { productEnquiryText, whatsappLink } from "~/domain/whatsapp";
import { priceWithDiscount } from "~/domain/order-totals";
import { isBankTransfer } from "~/domain/payment";
import { ShippingQuoteForm } from "~/components/shipping/shipping-quote-form";
import type { ProductCardData } from "~/models/product.server";

export type ProductDetailData = {
  id: string;
  name: string;
  description: string;
  price: number | null;
  salePrice: number | null;
  imageUrl: string | null;
  inStock: boolean;
  ivaRate: number;
  categoryName: string | null;
  optionGroups: OptionGroup[];
  /** A product with option groups: one per combination ([14/15]); [] otherwise. */
  variants: ProductVariantData[];
  financingPlans: FinancingPlan[];
  priceLegend: string | null;
  descriptionHtml: string;
  extraInfo: { label: string; html: string }[];
  gallery: string[];
  reviews: { author: string; text: string; rating: number }[];
  videos: string[];
};

export type ProductVariantData = {
  id: string;
  options: SelectedOption[];
  sku: string;
  price: number | null;
  salePrice: number | null;
  imageUrl: string | null;
  inStock: boolean;
};

const PLACEHOLDER = "/images/placeholder.svg";

export function ProductDetail({
  product,
  related,
  whatsapp,
  paymentDiscount,
  reviewArea,
  initialTab,
}: {
  product: ProductDetailData;
  /** Under the reviews: the review form or why the visitor cannot write one. When given, the Opiniones tab shows even without reviews. */
  reviewArea?: ReactNode;
  /** The tab open at first (when it exists); the first tab otherwise. */
  initialTab?: string;
  /** The payment method with the largest discount ("precio con transferencia"), if any. */
  paymentDiscount?: { name: string; percent: number } | null;
  related: ProductCardData[];
  whatsapp: string;
}) {
  const images = useMemo(
    () => [...new Set([product.imageUrl, ...product.gallery].filter((u): u is string => Boolean(u)))],
    [product.imageUrl, product.gallery],
  );
  const withVariants = product.variants.length > 0;
  // The units left come from the server after the page loads (null meanwhile); the server checks again anyway.
  const live = useProductStock(product.id, product.inStock);
  // Each variant's units: the live count once known, else in stock (1) or not (0) as the page was rendered.
  const variantStock = product.variants.map((v) => ({
    ...v,
    stock: live?.variants.get(v.id) ?? (product.inStock && v.inStock ? 1 : 0),
  }));
  const [selection, setSelection] = useState<SelectedOption[]>(() =>
    withVariants ? firstAvailableSelection(product.optionGroups, variantStock) : defaultSelection(product.optionGroups),
  );
  const variant = withVariants ? findVariant(variantStock, selection) : undefined;
  const [mainImage, setMainImage] = useState(() => variant?.imageUrl ?? images[0] ?? PLACEHOLDER);
  const [planIndex, setPlanIndex] = useState(0);
  const [quantity, setQuantity] = useState(1);
  const cart = useCart();
  const toast = useToast();

  const prices = { price: product.price, sale_price: product.salePrice, option_groups: product.optionGroups };
  const variantPrice = variant ? { price: variant.price, sale_price: variant.salePrice } : null;
  const { regular, paid: price } = variantPricing(prices, selection, variantPrice);
  const showStruck = price < regular;
  // Without a price the product is shown but not sold: "Consultar precio", no stock line, no cart button.
  const priced = isPriced(price);
  const plan = product.financingPlans[planIndex];
  const financing = plan && priced ? installments(price, plan) : null;
  // The selected variant's units, or the product's.
  const stock = live === null ? null : variant ? variant.stock : withVariants ? 0 : live.stock;
  const outOfStock = !product.inStock || stock === 0 || (withVariants && (!variant || variant.stock === 0));
  // Units of this product (this variant) already in the cart count too: two adds cannot pass the stock.
  const inCart = cart.items
    .filter((i) => i.id === product.id && (!withVariants || sameOptions(i.selectedOptions, selection)))
    .reduce((sum, i) => sum + i.quantity, 0);
  const tooMany = stock !== null && quantity + inCart > stock;
  // Options no variant in stock has are disabled; "Sin stock" beside any whose combination with the rest is.
  const soldOut = withVariants ? soldOutOptions(product.optionGroups, variantStock) : null;
  const unavailable = withVariants ? unavailableOptions(product.optionGroups, variantStock, selection) : null;

  function choose(group: OptionGroup, optionName: string) {
    const next = withVariants
      ? chooseOption(product.optionGroups, variantStock, selection, group.title, optionName)
      : [...selection.filter((s) => s.group !== group.title), { group: group.title, option: optionName }];
    setSelection(next);
    const chosen = withVariants ? findVariant(variantStock, next) : undefined;
    const image = chosen?.imageUrl ?? group.options.find((o) => o.name === optionName)?.image_url;
    if (image) setMainImage(image);
  }

  // A link to one variant (?variante=id, the JSON-LD's offer URLs) opens on it.
  useEffect(() => {
    const id = new URLSearchParams(window.location.search).get("variante");
    const linked = id ? product.variants.find((v) => v.id === id) : undefined;
    if (!linked) return;
    setSelection(linked.options);
    const image = firstImage(product, linked);
    if (image) setMainImage(image);
  }, [product]);

  function addToCart() {
    if (outOfStock || tooMany || !priced) return;
    try {
      const ordered = product.optionGroups.flatMap((g) => selection.filter((s) => s.group === g.title));
      cart.add(
        {
          id: product.id,
          name: product.name,
          image_url: product.imageUrl,
          price: product.price,
          sale_price: product.salePrice,
          option_groups: product.optionGroups,
          iva_rate: product.ivaRate,
          variant: variant ? { price: variant.price, sale_price: variant.salePrice } : null,
          variant_image_url: variant ? firstImage(product, variant) : null,
        },
        quantity,
        ordered,
      );
      toast({ type: "success", title: "¡Agregado al carrito! 🛒", description: `${product.name} (x${quantity})` });
    } catch {
      toast({
        type: "error",
        title: "¡Oh no! Algo salió mal.",
        description: "No pudimos agregar el producto. Intentá de nuevo.",
      });
    }
  }

  const tabs = [
    product.descriptionHtml || product.extraInfo.length ? "Detalles" : null,
    product.gallery.length ? "Galería" : null,
    product.reviews.length || reviewArea ? "Opiniones" : null,
    product.videos.length ? "Videos" : null,
  ].filter((t): t is string => t !== null);
  const [tab, setTab] = useState(initialTab && tabs.includes(initialTab) ? initialTab : (tabs[0] ?? ""));
  const rating = aggregateRating(product.reviews.map((r) => r.rating));

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <Link to="/store" className="text-sm font-medium text-brand-700 hover:underline">
        ← Volver a la tienda
      </Link>

      <div className="mt-4 grid gap-8 md:grid-cols-2">
        <div>
          <img
            src={mainImage}
            alt={product.name}
            width={800}
            height={800}
            fetchPriority="high"
            className="aspect-square w-full rounded-xl border border-slate-200 bg-slate-50 object-contain"
          />
          {images.length > 1 ? (
            <ul className="mt-3 flex gap-2 overflow-x-auto" aria-label="Imágenes del producto">
              {images.map((src, i) => (
                <li key={src}>
                  <button
                    type="button"
                    onClick={() => setMainImage(src)}
                    aria-label={`Ver imagen ${i + 1}`}
                    aria-pressed={src === mainImage}
                    className={`block size-16 overflow-hidden rounded-md border-2 ${src === mainImage ? "border-brand-600" : "border-transparent"}`}
                  >
                    <img src={src} alt="" width={64} height={64} loading="lazy" className="size-full object-cover" />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>

        <div>
          <div className="flex items-start justify-between gap-3">
            <h1 className="text-2xl font-bold sm:text-3xl">{product.name}</h1>
            <WishlistButton productId={product.id} productName={product.name} className="shrink-0" />
          </div>
          <p className="mt-1 text-sm text-slate-600">{product.categoryName ?? "Sin categoría"}</p>
          {product.description ? <p className="mt-4 text-slate-700">{product.description}</p> : null}

          {product.optionGroups.map((group) => {
            const chosen = selection.find((s) => s.group === group.title)?.option;
            return (
              <fieldset key={group.title} className="mt-5">
                <legend className="text-sm font-semibold">{group.title}</legend>
                <div className="mt-2 flex flex-wrap gap-2">
                  {group.options.map((option) => {
                    const disabled = soldOut?.get(group.title)?.has(option.name) ?? false;
                    const noStock = disabled || (unavailable?.get(group.title)?.has(option.name) ?? false);
                    return (
                      <label
                        key={option.name}
                        className={`rounded-md border px-3 py-1.5 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 ${disabled ? "cursor-not-allowed border-dashed border-slate-300 text-slate-400" : "cursor-pointer"} ${chosen === option.name ? "border-brand-600 bg-brand-50 font-semibold text-brand-700" : "border-slate-300"}`}
                      >
                        <input
                          type="radio"
                          className="sr-only"
                          name={`option-${group.title}`}
                          value={option.name}
                          checked={chosen === option.name}
                          disabled={disabled}
                          onChange={() => choose(group, option.name)}
                        />
                        {option.name}
                        {noStock ? <span className="ml-1 text-xs font-normal text-slate-500">Sin stock</span> : null}
                      </label>
                    );
                  })}
                </div>
              </fieldset>
            );
          })}

          {priced ? (
            <div className="mt-6" aria-live="polite">
              <p className="flex items-baseline gap-3">
                <span className="text-3xl font-extrabold text-slate-900" data-testid="product-price">
                  {formatARS(price)}
                </span>
                {showStruck ? <s className="text-lg text-slate-500">{formatARS(regular)}</s> : null}
              </p>
              <PriceWithoutTaxes price={price} ivaRate={product.ivaRate} className="mt-1 text-sm text-slate-600" />
              {paymentDiscount && price > 0 ? (
                <p className="mt-1 text-sm font-semibold text-green-800" data-testid="discount-price">
                  {formatARS(priceWithDiscount(price, paymentDiscount.percent))}{" "}
                  {isBankTransfer(paymentDiscount.name) ? "con transferencia" : `pagando con ${paymentDiscount.name}`}{" "}
                  <span className="font-normal">({formatPercent(paymentDiscount.percent)} de descuento)</span>
                </p>
              ) : null}
              {product.priceLegend ? <p className="mt-1 text-sm text-slate-600">{product.priceLegend}</p> : null}
            </div>
          ) : (
            <p className="mt-6 text-2xl font-bold text-slate-900" data-testid="product-price" aria-live="polite">
              {PRICE_ON_REQUEST}
            </p>
          )}

          {product.financingPlans.length > 0 && financing ? (
            <div className="mt-4 rounded-lg border border-slate-200 p-3">
              <label htmlFor="plan" className="text-sm font-semibold">
                Financiación
              </label>
              <select
                id="plan"
                value={planIndex}
                onChange={(e) => setPlanIndex(Number(e.target.value))}
                className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5"
              >
                {product.financingPlans.map((p, i) => (
                  <option key={`${p.name}-${i}`} value={i}>
                    {p.name}
                  </option>
                ))}
              </select>
              <p className="mt-2 text-sm" data-testid="installment-line">
                {financing.count} {financing.count === 1 ? "pago" : "cuotas"} de{" "}
                <strong>{formatARS(financing.installment)}</strong>
                {financing.interestRate > 0 ? (
                  <span className="text-slate-600"> · Total financiado {formatARS(financing.total)}</span>
                ) : (
                  <span className="text-green-700"> · Sin interés</span>
                )}
              </p>
            </div>
          ) : null}

          {!priced ? (
            <p className="mt-6 rounded-md bg-slate-50 p-3 text-slate-700">
              Consultanos el precio de este producto por WhatsApp.
            </p>
          ) : outOfStock ? (
            <p className="mt-6 rounded-md bg-amber-50 p-3 font-medium text-amber-800">
              {product.inStock && withVariants
                ? "Esta combinación no tiene stock actualmente. Elegí otra opción."
                : "Este producto no tiene stock actualmente."}
            </p>
          ) : (
            <div className="mt-6">
              <div className="flex items-center gap-4">
                <div
                  className="flex items-center rounded-md border border-slate-300"
                  role="group"
                  aria-label="Cantidad"
                >
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
                onClick={addToCart}
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
        </div>
      </div>

      {tabs.length > 0 ? (
        <section className="mt-12">
          <div
            role="tablist"
            aria-label="Información del producto"
            className="flex gap-1 overflow-x-auto border-b border-slate-200"
          >
            {tabs.map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                id={`tab-${name}`}
                aria-selected={tab === name}
                aria-controls={`panel-${name}`}
                onClick={() => setTab(name)}
                className={`whitespace-nowrap border-b-2 px-4 py-2 text-sm font-semibold ${tab === name ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"}`}
              >
                {name}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="py-6">
            {tab === "Detalles" ? (
              <div className="space-y-6">
                {product.descriptionHtml ? (
                  <div className="rich-text" dangerouslySetInnerHTML={{ __html: product.descriptionHtml }} />
                ) : null}
                {product.extraInfo.map((e) => (
                  <div key={e.label}>
                    <h2 className="text-lg font-bold">{e.label}</h2>
                    <div className="rich-text mt-2" dangerouslySetInnerHTML={{ __html: e.html }} />
                  </div>
                ))}
              </div>
            ) : null}
            {tab === "Galería" ? (
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {product.gallery.map((src, i) => (
                  <li key={src}>
                    <img
                      src={src}
                      alt={`${product.name}, imagen ${i + 1}`}
                      width={400}
                      height={400}
                      loading="lazy"
                      className="aspect-square w-full rounded-lg object-cover"
                    />
                  </li>
                ))}
              </ul>
            ) : null}
            {tab === "Opiniones" ? (
              <div className="space-y-6">
                {rating ? (
                  <p className="text-sm text-slate-700" data-testid="rating-summary">
                    <Stars rating={Number(rating.ratingValue)} />{" "}
                    <span className="font-semibold">{rating.ratingValue.replace(".", ",")} de 5</span> (
                    {rating.reviewCount === 1 ? "1 opinión" : `${rating.reviewCount} opiniones`})
                  </p>
                ) : null}
                {product.reviews.length ? (
                  <ul className="space-y-4">
                    {product.reviews.map((r, i) => (
                      <li key={i} className="rounded-lg border border-slate-200 p-4">
                        <Stars rating={r.rating} />
                        {/* Buyers' text: rendered as text, never as HTML. */}
                        <p className="mt-2 whitespace-pre-line break-words text-slate-800">{r.text}</p>
                        <p className="mt-1 text-sm font-semibold text-slate-600">{r.author}</p>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-slate-600">Todavía no hay opiniones de este producto.</p>
                )}
                {reviewArea}
              </div>
            ) : null}
            {tab === "Videos" ? (
              <div className="grid gap-4 md:grid-cols-2">
                {product.videos.map((src) => (
                  <iframe
                    key={src}
                    src={src}
                    title={`Video de ${product.name}`}
                    loading="lazy"
                    allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
                    allowFullScreen
                    className="aspect-video w-full rounded-lg"
                  />
                ))}
              </div>
            ) : null}
          </div>
        </section>
      ) : null}

      {related.length > 0 ? (
        <section className="mt-12" aria-labelledby="relacionados">
          <h2 id="relacionados" className="text-xl font-bold">
            Productos relacionados
          </h2>
          <RelatedCarousel>
            {related.map((p) => (
              <ProductCard key={p.id} product={p} />
            ))}
          </RelatedCarousel>
        </section>
      ) : null}
    </div>
  );
}

/** The first image of a variant: its own, else its options' (in group order). */
function firstImage(
  product: ProductDetailData,
  variant: { imageUrl: string | null; options: SelectedOption[] } | undefined,
): string | null {
  if (!variant) return null;
  if (variant.imageUrl) return variant.imageUrl;
  for (const group of product.optionGroups) {
    const chosen = variant.options.find((o) => o.group === group.title);
    const image = group.options.find((o) => o.name === chosen?.option)?.image_url;
    if (image) return image;
  }
  return null;
}

type LiveStock = { stock: number; variants: Map<string, number> };

/** The units left of a product and its variants, asked for when its page shows (null until the answer, or if it fails). */
function useProductStock(productId: string, inStock: boolean): LiveStock | null {
  const [live, setLive] = useState<{ id: string; value: LiveStock } | null>(null);
  useEffect(() => {
    if (!inStock) return;
    const controller = new AbortController();
    fetch(`/api/products/${productId}/stock`, { signal: controller.signal })
      .then((response) =>
        response.ok
          ? (response.json() as Promise<{ stock: number; variants?: { id: string; stock: number }[] }>)
          : null,
      )
      .then((body) => {
        if (!body) return;
        const variants = new Map((body.variants ?? []).map((v) => [v.id, v.stock]));
        setLive({ id: productId, value: { stock: body.stock, variants } });
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [productId, inStock]);
  if (!inStock) return { stock: 0, variants: new Map() };
  return live?.id === productId ? live.value : null;
}
