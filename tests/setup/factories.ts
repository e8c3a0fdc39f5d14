import { getDb } from "~/db/client.server";
import { categories, products } from "~/db/schema/catalog";
import { orderItems, orders } from "~/db/schema/orders";

let counter = 0;
const next = () => ++counter;

export async function insertCategory(values: { id: string; name: string; parentId?: string | null }) {
  const [row] = await getDb()
    .insert(categories)
    .values({ slug: `${values.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${next()}`, ...values })
    .returning();
  return row!;
}

type ProductValues = Partial<typeof products.$inferInsert> & { name: string };

export async function insertProduct(values: ProductValues) {
  const n = next();
  const [row] = await getDb()
    .insert(products)
    .values({ slug: `producto-${n}`, sku: `SKU-${n}`, price: "1000.00", stock: 5, ...values })
    .returning();
  return row!;
}

type OrderValues = Partial<typeof orders.$inferInsert>;
type OrderItemValues = { name: string; quantity: number; price: string; sku?: string };

/** An order as the checkout leaves it (Lucía Fernández, $ 1.000), with these lines. */
export async function insertOrder(values: OrderValues = {}, items: OrderItemValues[] = []) {
  const [row] = await getDb()
    .insert(orders)
    .values({
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
