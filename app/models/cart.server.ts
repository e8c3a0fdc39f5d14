import { isValidSelection, unitPrice } from "~/domain/pricing";
import type { ServerLine } from "~/domain/cart";
import type { CartLineInput } from "~/schemas/cart";
import { getProductsForCart } from "./product.server";

/** What the server answers for each line of a cart (the drawer and the checkout read it). */
export type CheckedCartLine = ServerLine;

/**
 * The server's view of a cart: each line's current unit price and stock, or "unavailable" when
 * its product is gone, unpublished, or the selected options no longer exist.
 */
export async function checkCartLines(lines: CartLineInput[]): Promise<CheckedCartLine[]> {
  const rows = await getProductsForCart(lines.map((l) => l.productId));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return lines.map((line) => {
    const product = byId.get(line.productId);
    if (!product || !isValidSelection(product.meta.option_groups, line.selectedOptions)) {
      return { cartId: line.cartId, status: "unavailable" };
    }
    return {
      cartId: line.cartId,
      status: "ok",
      name: product.name,
      imageUrl: product.imageUrl,
      price: product.price === null ? null : Number(product.price),
      salePrice: product.salePrice === null ? null : Number(product.salePrice),
      optionGroups: product.meta.option_groups ?? [],
      unitPrice: unitPrice(
        { price: product.price, sale_price: product.salePrice, option_groups: product.meta.option_groups },
        line.selectedOptions,
      ),
      stock: product.stock,
      ivaRate: product.ivaRate,
    };
  });
}
