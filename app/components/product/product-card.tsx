import { Link } from "react-router";
import { useCart } from "~/components/cart/cart-store";
import { useToast } from "~/components/toaster";
import { WishlistButton } from "~/components/wishlist/wishlist-button";
import { PriceWithoutTaxes } from "./price-without-taxes";
import { formatUsd, usdEquivalent } from "~/domain/dollar-pricing";
import { cartProduct } from "~/domain/cart";
import { formatARS, fromCents } from "~/domain/money";
import { useGroupPrice } from "~/components/group-prices";
import { GroupPriceSteps } from "./group-price-steps";
import { PRICE_ON_REQUEST, defaultSelection, isPriced, variantPricing } from "~/domain/pricing";
import type { ProductCardData } from "~/models/product.server";

/** Spec's product card: image, name, 2-line description, price (sale price with the regular one struck), Agregar, Consultar. */
export function ProductCard({
  product,
  headingLevel = 3,
  priority = false,
  compact = false,
}: {
  product: ProductCardData;
  headingLevel?: 2 | 3;
  /** A card in the first row: its image loads at once (it is the page's largest paint). */
  priority?: boolean;
  /** The spec's search card: image, name, price and "Agregar" (no description, no "Consultar"). */
  compact?: boolean;
}) {
  const cart = useCart();
  const toast = useToast();
  const prices = { price: product.price, sale_price: product.salePrice };
  // A product with options is added with each group's first option (as its page starts), at that price.
  // With variants, that is the first variant, at its own price when it has one.
  const groups = product.optionGroups ?? [];
  const selection = defaultSelection(groups);
  const variant = product.firstVariant;
  const first = variantPricing({ ...prices, option_groups: groups }, selection, variant);
  // Variants at different prices: "Desde" the lowest one in stock (the catalogue filters and sorts
  // by the same figure, ADR 0019), and the shopper picks the variant on the product's page.
  const publicFrom = product.listingPriceFrom && product.listingPrice !== null;
  const regular = publicFrom ? Number(product.listingPrice) : first.regular;
  const publicPrice = publicFrom ? Number(product.listingPrice) : first.paid;
  // A company member's price replaces it after hydration (ADR 0022): with options, "Desde" the
  // variant the member pays least for when the member's prices differ, as the server says.
  const group = useGroupPrice(product.id, isPriced(publicPrice));
  const from = publicFrom || group?.from;
  const price = group ? fromCents(group.unitCents) : publicPrice;
  const memberPrice = group !== null && price < publicPrice;
  // The regular price struck through only when the price history backs it (ADR 0019).
  const onSale = !from && !memberPrice && product.antes && price < regular;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const outOfStock = !product.inStock;
  // Without a price it is shown, not sold: "Consultar precio" and no "Agregar".
  const priced = isPriced(price);
  // Its first variant is sold out but others are not: the shopper chooses on the product's page.
  const chooseOnPage = !outOfStock && ((variant !== null && !variant.in_stock) || from);

  function add() {
    try {
      cart.add(
        cartProduct(
          product,
          groups,
          variant
            ? {
                price: variant.price === null ? null : Number(variant.price),
                sale_price: variant.sale_price === null ? null : Number(variant.sale_price),
              }
            : null,
        ),
        1,
        selection,
      );
      toast({
        type: "success",
        title: "🛒 ¡Producto agregado!",
        description: `${product.name} fue añadido a tu carrito.`,
      });
    } catch (error) {
      toast({
        type: "error",
        title: "Error al agregar al carrito",
        description: error instanceof Error ? error.message : undefined,
      });
    }
  }

  return (
    <article className="card">
      <WishlistButton productId={product.id} productName={product.name} className="absolute top-4 right-4 z-10" />
      <img
        src={product.imageUrl ?? "/images/placeholder.svg"}
        alt=""
        width={400}
        height={400}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding="async"
        className="card-img"
      />
      <Heading className="card-title">
        {/* The whole card opens the product; the buttons below sit above this link. */}
        <Link to={`/product/${product.id}`} className="card-link" prefetch="intent">
          {product.name}
        </Link>
      </Heading>
      {!compact && product.description ? <p className="card-desc">{product.description}</p> : null}
      {priced ? (
        <>
          <p className="card-price">
            <span className="text-lg font-bold text-slate-900" data-testid="card-price">
              {from ? "Desde " : null}
              {formatARS(price)}
            </span>
            {memberPrice ? (
              <s className="text-sm text-slate-500">
                <span className="sr-only">Precio público </span>
                {formatARS(publicPrice)}
              </s>
            ) : null}
            {onSale ? (
              <s className="text-sm text-slate-500">
                <span className="sr-only">Antes </span>
                {formatARS(regular)}
              </s>
            ) : null}
            {/* Pegged to the dollar, when staff show it: smaller, as on the product page (ADR 0020). */}
            {product.usdRate ? (
              <span className="text-xs text-slate-600" data-testid="card-usd-price">
                {formatUsd(usdEquivalent(price, product.usdRate))}
              </span>
            ) : null}
          </p>
          <PriceWithoutTaxes price={price} ivaRate={product.ivaRate} />
          {group ? <GroupPriceSteps group={group} className="text-xs text-green-800" /> : null}
        </>
      ) : (
        <p className="card-price">
          <span className="text-lg font-bold text-slate-900">{PRICE_ON_REQUEST}</span>
        </p>
      )}
      <div className="card-actions">
        {!priced ? (
          compact ? (
            <Link to={`/product/${product.id}`} className="card-add text-center">
              {PRICE_ON_REQUEST}
            </Link>
          ) : null
        ) : chooseOnPage ? (
          <Link
            to={`/product/${product.id}`}
            aria-label={`Elegir opciones de ${product.name}`}
            className="card-add text-center"
          >
            Elegir opciones
          </Link>
        ) : (
          <button
            type="button"
            onClick={add}
            disabled={outOfStock}
            aria-label={outOfStock ? `${product.name}: sin stock` : `Agregar ${product.name} al carrito`}
            className="card-add"
          >
            {outOfStock ? "Sin stock" : "Agregar"}
          </button>
        )}
        {compact ? null : (
          <a
            href={`/consultar/${product.id}`}
            target="_blank"
            rel="noopener noreferrer nofollow"
            aria-label={`Consultar por ${product.name} en WhatsApp`}
            className="card-consult"
          >
            Consultar
          </a>
        )}
      </div>
    </article>
  );
}
