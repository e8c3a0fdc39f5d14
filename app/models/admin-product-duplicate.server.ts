import { tagPriceChanges } from "./price-history.server";
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { productRelations, products } from "~/db/schema/catalog";
import { uniqueSku, variantSku } from "~/domain/variants";
import { listVariants, replaceVariants } from "./variants.server";
import { duplicateSlug } from "~/domain/slug";
import { type AuditActor, recordAudit } from "./audit.server";
import { auditColumns, productEntry } from "./admin-product-audit.server";

// Duplicating a product from the admin table: a draft copy with its variants and relations.

/**
 * A draft copy of a product (spec 4): same data and relations, slug "{slug}-copia-{timestamp}"
 * (at most 255 characters), no SKU (SKUs are unique). Null when the product does not exist.
 */
export async function duplicateProduct(
  actor: AuditActor,
  id: string,
  now: number = Date.now(),
): Promise<{ id: string; slug: string } | null> {
  return getDb().transaction(async (tx) => {
    await tagPriceChanges(tx, actor, "duplicate");
    const [original] = await tx.select().from(products).where(eq(products.id, id));
    if (!original) return null;
    const slug = duplicateSlug(original.slug, now);
    const [copy] = await tx
      .insert(products)
      .values({
        name: `${original.name} (copia)`,
        description: original.description,
        price: original.price,
        salePrice: original.salePrice,
        imageUrl: original.imageUrl,
        stock: original.stock,
        ivaRate: original.ivaRate,
        status: "draft",
        categoryId: original.categoryId,
        sku: null,
        brand: original.brand,
        mpn: original.mpn,
        slug,
        isFeatured: original.isFeatured,
        meta: original.meta,
      })
      .returning({ ...auditColumns, slug: products.slug });
    // Its variants too, with new SKUs (SKUs are unique); the copy's stock follows them.
    const variants = (await listVariants([id], tx)).get(id) ?? [];
    if (variants.length) {
      const taken = new Set<string>();
      const rows = variants.map((v) => {
        const sku = uniqueSku(variantSku(slug, v.options), taken);
        taken.add(sku);
        return {
          options: v.options,
          sku,
          price: v.price === null ? null : Number(v.price),
          sale_price: v.salePrice === null ? null : Number(v.salePrice),
          stock: v.stock,
          image_url: v.imageUrl,
        };
      });
      await replaceVariants(tx, copy!.id, rows);
    }
    const { slug: _slug, ...audited } = copy!;
    await recordAudit(tx, actor, productEntry("product.duplicate", audited, "after"));
    const relations = await tx
      .select({ relatedProductId: productRelations.relatedProductId })
      .from(productRelations)
      .where(eq(productRelations.productId, id));
    if (relations.length) {
      await tx
        .insert(productRelations)
        .values(relations.map((r) => ({ productId: copy!.id, relatedProductId: r.relatedProductId })));
    }
    return { id: copy!.id, slug: copy!.slug };
  });
}
