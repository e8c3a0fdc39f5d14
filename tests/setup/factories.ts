import { getDb } from "~/db/client.server";
import { categories, products } from "~/db/schema/catalog";

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
