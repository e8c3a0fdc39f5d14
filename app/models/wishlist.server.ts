import { and, desc, eq, inArray } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { wishlistItems } from "~/db/schema/auth";
import { products } from "~/db/schema/catalog";
import { type ProductCardData, cardColumns, withAntes } from "./product.server";
import { isUuid } from "~/domain/uuid";

export const WISHLIST_LIMIT = 200;

/** Ids of the products on a customer's wishlist, newest first. */
export async function listWishlistIds(userId: string): Promise<string[]> {
  const rows = await getDb()
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt));
  return rows.map((r) => r.productId);
}

/** The published products on a customer's wishlist (the account tab). */
export async function listWishlistProducts(userId: string): Promise<ProductCardData[]> {
  return getDb()
    .select(cardColumns)
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(and(eq(wishlistItems.userId, userId), eq(products.status, "published")))
    .orderBy(desc(wishlistItems.createdAt))
    .then(withAntes);
}

/** Adds products (those that exist) to the wishlist; already listed ones are left alone. */
export async function addToWishlist(userId: string, productIds: string[]): Promise<void> {
  const ids = [...new Set(productIds.filter(isUuid))].slice(0, WISHLIST_LIMIT);
  if (ids.length === 0) return;
  const existing = await getDb().select({ id: products.id }).from(products).where(inArray(products.id, ids));
  if (existing.length === 0) return;
  await getDb()
    .insert(wishlistItems)
    .values(existing.map((p) => ({ userId, productId: p.id })))
    .onConflictDoNothing();
}

export async function removeFromWishlist(userId: string, productId: string): Promise<void> {
  if (!isUuid(productId)) return;
  await getDb()
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
}
