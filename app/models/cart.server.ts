import { isPriced, isValidSelection, unitPrice } from "~/domain/pricing";
import type { ServerLine } from "~/domain/cart";
import type { CartLineInput } from "~/schemas/cart";
import { hasVariants } from "~/domain/variants";
import { getProductsForCart } from "./product.server";
import { listVariants, variantOf, variantPriceOf } from "./variants.server";

/** What the server answers for each line of a cart (the drawer and the checkout read it). */
export type CheckedCartLine = ServerLine;

/**
 * The server's view of a cart: each line's current unit price and stock, or "unavailable" when
 * its product is gone, unpublished, without a price, or the selected options no longer exist.
 */
export async function checkCartLines(lines: CartLineInput[]): Promise<CheckedCartLine[]> {
  const rows = await getProductsForCart(lines.map((l) => l.productId));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const variants = await listVariants(rows.filter((r) => hasVariants(r.meta.option_groups)).map((r) => r.id));
  return lines.map((line) => {
    const product = byId.get(line.productId);
    if (!product || !isValidSelection(product.meta.option_groups, line.selectedOptions)) {
      return { cartId: line.cartId, status: "unavailable" };
    }
    // A product with variants: the selection must be one of them; its stock and price count.
    const withVariants = hasVariants(product.meta.option_groups);
    const variant = withVariants ? variantOf(variants.get(product.id), line.selectedOptions) : undefined;
    if (withVariants && !variant) return { cartId: line.cartId, status: "unavailable" };
    const variantPrice = variantPriceOf(variant);
    const price = unitPrice(
      { price: product.price, sale_price: product.salePrice, option_groups: product.meta.option_groups },
      line.selectedOptions,
      variantPrice,
    );
    // Without a price it is not sold ([18/25]): the drawer flags it as the checkout would refuse it.
    if (!isPriced(price)) return { cartId: line.cartId, status: "unavailable" };
    return {
      cartId: line.cartId,
      status: "ok",
      name: product.name,
      price: product.price === null ? null : Number(product.price),
      salePrice: product.salePrice === null ? null : Number(product.salePrice),
      optionGroups: product.meta.option_groups ?? [],
      unitPrice: price,
      variant: variant
        ? {
            price: variant.price === null ? null : Number(variant.price),
            sale_price: variant.salePrice === null ? null : Number(variant.salePrice),
          }
        : null,
      imageUrl: variant?.imageUrl ?? product.imageUrl,
      stock: variant ? variant.stock : product.stock,
      ivaRate: product.ivaRate,
    };
  });
}
