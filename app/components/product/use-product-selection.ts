import { useEffect, useMemo, useState } from "react";
import { useApi } from "~/components/api-client";
import { useCart } from "~/components/cart/cart-store";
import { cartProduct, sameOptions } from "~/domain/cart";
import type { FinancingPlan, OptionGroup } from "~/domain/product-meta";
import { type SelectedOption, defaultSelection, hasOwnPrice, isPriced, variantPricing } from "~/domain/pricing";
import {
  chooseOption,
  findVariant,
  firstAvailableSelection,
  soldOutOptions,
  unavailableOptions,
} from "~/domain/variants";

// What the shopper has chosen on a product page, and what follows from it: the variant, its
// price, its units (asked for after the page loads), what the cart already holds, the image.

export type ProductDetailData = {
  id: string;
  name: string;
  description: string;
  price: number | null;
  salePrice: number | null;
  /** The regular price may be shown struck through (held long enough before the sale, ADR 0019). */
  antes: boolean;
  /** Pegged to the dollar with "Mostrar USD" on: the store's rate, to show "USD x" (ADR 0020). */
  usdRate?: number | null;
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
  antes: boolean;
  imageUrl: string | null;
  inStock: boolean;
};

const PLACEHOLDER = "/images/placeholder.svg";

export type ProductSelection = ReturnType<typeof useProductSelection>;

export function useProductSelection(product: ProductDetailData) {
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
  const [quantity, setQuantity] = useState(1);
  const cart = useCart();

  const prices = { price: product.price, sale_price: product.salePrice, option_groups: product.optionGroups };
  const variantPrice = variant ? { price: variant.price, sale_price: variant.salePrice } : null;
  const { regular, paid: price } = variantPricing(prices, selection, variantPrice);
  // A variant with a price of its own has its own history; else the product's.
  const antes = variant && hasOwnPrice(variantPrice) ? variant.antes : product.antes;
  // Without a price the product is shown but not sold: "Consultar precio", no stock line, no cart button.
  const priced = isPriced(price);
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

  /** Adds the chosen quantity of the chosen variant to the cart; throws when the cart cannot take it. */
  function addToCart() {
    const ordered = product.optionGroups.flatMap((g) => selection.filter((s) => s.group === g.title));
    cart.add(
      cartProduct(
        product,
        product.optionGroups,
        variant ? { price: variant.price, sale_price: variant.salePrice } : null,
        variant ? firstImage(product, variant) : null,
      ),
      quantity,
      ordered,
    );
  }

  return {
    images,
    mainImage,
    setMainImage,
    withVariants,
    selection,
    choose,
    soldOut,
    unavailable,
    regular,
    antes,
    price,
    priced,
    stock,
    outOfStock,
    /** The selected variant (null: none, or no variants): what a stock alert is about. */
    variantId: variant?.id ?? null,
    inCart,
    tooMany,
    quantity,
    setQuantity,
    addToCart,
  };
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
  useApi<{ stock: number; variants?: { id: string; stock: number }[] }>(
    inStock ? { path: `/api/products/${productId}/stock` } : null,
    {
      onAnswer: (answer) => {
        if (!answer.ok) return;
        const variants = new Map((answer.data.variants ?? []).map((v) => [v.id, v.stock]));
        setLive({ id: productId, value: { stock: answer.data.stock, variants } });
      },
    },
  );
  if (!inStock) return { stock: 0, variants: new Map() };
  return live?.id === productId ? live.value : null;
}
