import { and, desc, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { products } from "~/db/schema/catalog";

const cardColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  price: products.price,
  salePrice: products.salePrice,
  imageUrl: products.imageUrl,
  stock: products.stock,
};

export type ProductCardData = {
  id: string;
  name: string;
  description: string | null;
  price: string | null;
  salePrice: string | null;
  imageUrl: string | null;
  stock: number;
};

/** Published products marked as featured, newest first (home page). */
export async function listFeaturedProducts(limit = 8): Promise<ProductCardData[]> {
  return getDb()
    .select(cardColumns)
    .from(products)
    .where(and(eq(products.status, "published"), eq(products.isFeatured, true)))
    .orderBy(desc(products.createdAt))
    .limit(limit);
}
