import { isPriced, isValidSelection, variantPricing } from "~/domain/pricing";
import { fromCents } from "~/domain/money";
import type { ServerLine } from "~/domain/cart";
import type { CartLineInput } from "~/schemas/cart";
import { hasVariants } from "~/domain/variants";
import { getProductsForCart } from "./product.server";
import { listVariants, variantOf, variantPriceOf } from "./variants.server";
import { type LineToPrice, lineToPrice, memberLinePrices } from "./price-lists.server";

/** What the server answers for each line of a cart (the drawer and the checkout read it). */
export type CheckedCartLine = ServerLine;

/**
 * The server's view of a cart: each line's current unit price and stock, or "unavailable" when
 * its product is gone, unpublished, without a price, or the selected options no longer exist.
 * For the session's user when they are a member of an approved company, the unit price is the
 * group's (ADR 0022), with quantity breaks and minimums counted over the lines that can be bought.
 */
export async function checkCartLines(lines: CartLineInput[], userId: string | null = null): Promise<CheckedCartLine[]> {
  const rows = await getProductsForCart(lines.map((l) => l.productId));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const variants = await listVariants(rows.filter((r) => hasVariants(r.meta.option_groups)).map((r) => r.id));
  const checked = lines.map((line): { line: CheckedCartLine; unit: LineToPrice | null } => {
    const product = byId.get(line.productId);
    if (!product || !isValidSelection(product.meta.option_groups, line.selectedOptions)) {
      return { line: { cartId: line.cartId, status: "unavailable" }, unit: null };
    }
    // A product with variants: the selection must be one of them; its stock and price count.
    const withVariants = hasVariants(product.meta.option_groups);
    const variant = withVariants ? variantOf(variants.get(product.id), line.selectedOptions) : undefined;
    if (withVariants && !variant) return { line: { cartId: line.cartId, status: "unavailable" }, unit: null };
    const variantPrice = variantPriceOf(variant);
    const pricing = variantPricing(
      { price: product.price, sale_price: product.salePrice, option_groups: product.meta.option_groups },
      line.selectedOptions,
      variantPrice,
    );
    // Without a price it is not sold ([18/25]): the drawer flags it as the checkout would refuse it.
    if (!isPriced(pricing.paid)) return { line: { cartId: line.cartId, status: "unavailable" }, unit: null };
    const unit = lineToPrice(product, variant, pricing, line.quantity);
    const checkedLine: CheckedCartLine = {
      cartId: line.cartId,
      status: "ok",
      name: product.name,
      price: product.price === null ? null : Number(product.price),
      salePrice: product.salePrice === null ? null : Number(product.salePrice),
      optionGroups: product.meta.option_groups ?? [],
      unitPrice: pricing.paid,
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
    return { line: checkedLine, unit };
  });
  const units = checked.flatMap((c) => (c.unit ? [c.unit] : []));
  const { member, prices } = await memberLinePrices(userId, units);
  let next = 0;
  return checked.map(({ line, unit }): CheckedCartLine => {
    if (!unit || line.status !== "ok") return line;
    const group = prices[next++]!;
    return {
      ...line,
      unitPrice: fromCents(group.unitCents),
      // Every line of a member has the member's price, even one at the public price: the cart then
      // knows it is the price the order charges (the drawer shows nothing else for a member).
      groupPrice: member ? fromCents(group.unitCents) : null,
      groupMinimum: group.minimum,
    };
  });
}
