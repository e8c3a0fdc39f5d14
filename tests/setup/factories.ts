import { getDb } from "~/db/client.server";
import { asc, eq } from "drizzle-orm";
import { categories, productVariants, products } from "~/db/schema/catalog";
import { reconcileVariants, variantKey } from "~/domain/variants";
import { orderItems, orders } from "~/db/schema/orders";
import { stockStateForStatus } from "~/domain/order-life";

let counter = 0;
const next = () => ++counter;

export async function insertCategory(values: { id: string; name: string; parentId?: string | null }) {
  const [row] = await getDb()
    .insert(categories)
    .values({ slug: `${values.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${next()}`, ...values })
    .returning();
  return row!;
}

type ProductValues = Partial<typeof products.$inferInsert> & {
  name: string;
  /** With option groups: each variant's stock, in combination order (default: `stock` for each). */
  variantStock?: number[];
  /** With option groups: each variant's own price and sale price, in combination order. */
  variantPrices?: { price: string | null; salePrice: string | null }[];
};

/**
 * A product; one with option groups gets its variants as the admin would save them
 * ([14/15]), and then its stock is their sum (the returned row is read again).
 */
export async function insertProduct({ variantStock, variantPrices, ...values }: ProductValues) {
  const n = next();
  const db = getDb();
  const [row] = await db
    .insert(products)
    .values({ slug: `producto-${n}`, sku: `SKU-${n}`, price: "1000.00", stock: 5, ...values })
    .returning();
  const { variants } = reconcileVariants(row!.meta.option_groups, [], row!.sku ?? row!.slug);
  if (variants.length === 0) return row!;
  await db.insert(productVariants).values(
    variants.map((v, position) => ({
      productId: row!.id,
      options: v.options,
      optionKey: variantKey(v.options),
      sku: v.sku,
      stock: variantStock?.[position] ?? row!.stock,
      price: variantPrices?.[position]?.price ?? null,
      salePrice: variantPrices?.[position]?.salePrice ?? null,
      position,
    })),
  );
  const [updated] = await db.select().from(products).where(eq(products.id, row!.id));
  return updated!;
}

/** A product's variants in combination order. */
export async function variantsOf(productId: string) {
  return getDb()
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position));
}

type OrderValues = Partial<typeof orders.$inferInsert>;
type OrderItemValues = { name: string; quantity: number; price: string; sku?: string; productId?: string };

/**
 * An order as the checkout leaves it (Lucía Fernández, $ 1.000), with these lines (no product:
 * no stock of the catalogue is held for them); its stock state is the one its status implies.
 */
export async function insertOrder(values: OrderValues = {}, items: OrderItemValues[] = []) {
  const [row] = await getDb()
    .insert(orders)
    .values({
      stockState: stockStateForStatus(values.status ?? "pending"),
      subtotal: "1000.00",
      shippingCost: "0",
      total: "1000.00",
      customerName: "Lucía",
      customerLastname: "Fernández",
      customerEmail: "lucia@example.com",
      address: { line1: "Av. Corrientes 1234", city: "CABA", state: "Buenos Aires", zip: "C1043" },
      ...values,
    })
    .returning({ id: orders.id });
  for (const item of items) {
    const subtotal = (Number(item.price) * item.quantity).toFixed(2);
    await getDb()
      .insert(orderItems)
      .values({ orderId: row!.id, ...item, subtotal });
  }
  return row!.id;
}
