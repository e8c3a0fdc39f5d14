import type { ReactNode } from "react";
import { Link } from "react-router";
import { serverRenderedPart } from "~/components/deferred";
import { WishlistButton } from "~/components/wishlist/wishlist-button";
import type { ProductCardData } from "~/models/product.server";
import { BuyBox } from "./buy-box";
import { OptionPicker } from "./option-picker";
import { PriceBlock } from "./price-block";
import { ProductGallery } from "./product-gallery";
import { type ProductDetailData, useProductSelection } from "./use-product-selection";

// Below the buy box: in the page's HTML, their code loaded after the page's own.
const ProductTabs = serverRenderedPart(() => import("./product-tabs").then((m) => m.ProductTabs));
const RelatedProducts = serverRenderedPart(() => import("./related-products").then((m) => m.RelatedProducts));

/** The product page: gallery, name, options, price and financing, buy box, tabs and related products. */
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
  const selection = useProductSelection(product);
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <Link to="/store" className="text-sm font-medium text-brand-700 hover:underline">
        ← Volver a la tienda
      </Link>

      <div className="mt-4 grid gap-8 md:grid-cols-2">
        <ProductGallery name={product.name} selection={selection} />

        <div>
          <div className="flex items-start justify-between gap-3">
            <h1 className="text-2xl font-bold sm:text-3xl">{product.name}</h1>
            <WishlistButton productId={product.id} productName={product.name} className="shrink-0" />
          </div>
          <p className="mt-1 text-sm text-slate-600">{product.categoryName ?? "Sin categoría"}</p>
          {product.description ? <p className="mt-4 text-slate-700">{product.description}</p> : null}
          <OptionPicker optionGroups={product.optionGroups} selection={selection} />
          <PriceBlock product={product} paymentDiscount={paymentDiscount} selection={selection} />
          <BuyBox product={product} whatsapp={whatsapp} selection={selection} />
        </div>
      </div>

      <ProductTabs product={product} reviewArea={reviewArea} initialTab={initialTab} />

      {related.length > 0 ? <RelatedProducts related={related} /> : null}
    </div>
  );
}
