import { Link } from "react-router";
import { useCart } from "~/components/cart/cart-store";
import { useToast } from "~/components/toaster";
import { WishlistButton } from "~/components/wishlist/wishlist-button";
import { PriceWithoutTaxes } from "./price-without-taxes";
import { formatARS } from "~/domain/money";
import { defaultSelection, isOnSale, selectedOptionPrice, unitPrice } from "~/domain/pricing";
import { productEnquiryText, whatsappLink } from "~/domain/whatsapp";
import type { ProductCardData } from "~/models/product.server";

/** Spec's product card: image, name, 2-line description, price (sale price with the regular one struck), Agregar, Consultar. */
export function ProductCard({
  product,
  whatsapp,
  headingLevel = 3,
  priority = false,
}: {
  product: ProductCardData;
  whatsapp: string;
  headingLevel?: 2 | 3;
  /** A card in the first row: its image loads at once (it is the page's largest paint). */
  priority?: boolean;
}) {
  const cart = useCart();
  const toast = useToast();
  const priced = { price: product.price, sale_price: product.salePrice };
  // A product with options is added with each group's first option (as its page starts), at that price.
  const groups = product.optionGroups ?? [];
  const selection = defaultSelection(groups);
  const price = unitPrice({ ...priced, option_groups: groups }, selection);
  const onSale = selectedOptionPrice(groups, selection) === null && isOnSale(priced);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const outOfStock = product.stock <= 0;

  function add() {
    try {
      cart.add(
        {
          id: product.id,
          name: product.name,
          image_url: product.imageUrl,
          price: product.price,
          sale_price: product.salePrice,
          option_groups: groups,
          iva_rate: product.ivaRate,
        },
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
    <article className="group relative flex h-full flex-col rounded-lg border border-slate-200 bg-white p-3 shadow-sm transition hover:shadow-md">
      <WishlistButton productId={product.id} productName={product.name} className="absolute right-4 top-4 z-10" />
      <img
        src={product.imageUrl ?? "/images/placeholder.svg"}
        alt=""
        width={400}
        height={400}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding="async"
        className="aspect-square w-full rounded-md bg-slate-50 object-contain"
      />
      <Heading className="mt-3 line-clamp-2 text-sm font-semibold text-slate-900">
        {/* The whole card opens the product; the buttons below sit above this link. */}
        <Link
          to={`/product/${product.id}`}
          className="after:absolute after:inset-0 after:content-['']"
          prefetch="intent"
        >
          {product.name}
        </Link>
      </Heading>
      {product.description ? <p className="mt-1 line-clamp-2 text-xs text-slate-600">{product.description}</p> : null}
      <p className="mt-2 flex flex-wrap items-baseline gap-x-2">
        <span className="text-lg font-bold text-slate-900">{formatARS(price)}</span>
        {onSale ? (
          <s className="text-sm text-slate-500">
            <span className="sr-only">Antes </span>
            {formatARS(product.price)}
          </s>
        ) : null}
      </p>
      <PriceWithoutTaxes price={price} ivaRate={product.ivaRate} />
      <div className="relative z-10 mt-auto flex flex-col gap-2 pt-3 sm:flex-row">
        <button
          type="button"
          onClick={add}
          disabled={outOfStock}
          aria-label={outOfStock ? `${product.name}: sin stock` : `Agregar ${product.name} al carrito`}
          className="flex-1 rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600"
        >
          {outOfStock ? "Sin stock" : "Agregar"}
        </button>
        <a
          href={whatsappLink(whatsapp, productEnquiryText(product.name))}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Consultar por ${product.name} en WhatsApp`}
          className="rounded-md border border-green-600 px-3 py-2 text-center text-sm font-semibold text-green-700 hover:bg-green-50"
        >
          Consultar
        </a>
      </div>
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="flex h-full animate-pulse flex-col rounded-lg border border-slate-200 p-3" aria-hidden="true">
      <div className="aspect-square w-full rounded-md bg-slate-200" />
      <div className="mt-3 h-4 w-3/4 rounded bg-slate-200" />
      <div className="mt-2 h-3 w-full rounded bg-slate-100" />
      <div className="mt-3 h-5 w-1/3 rounded bg-slate-200" />
      <div className="mt-4 h-9 w-full rounded bg-slate-200" />
    </div>
  );
}
