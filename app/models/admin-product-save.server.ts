import { tagPriceChanges } from "./price-history.server";
import { type SQL, and, eq, inArray, ne } from "drizzle-orm";
import { type Tx, getDb } from "~/db/client.server";
import { categories, productRelations, productVariants, products } from "~/db/schema/catalog";
import { type VariantRow, hasVariants, reconcileVariants, variantKey } from "~/domain/variants";
import { boxColumns, listVariants, replaceVariants, skusInUse } from "./variants.server";
import type { ProductMeta } from "~/domain/product-meta";
import type { ProductInput } from "~/schemas/product-form";
import { sanitizeRichText } from "~/domain/rich-text";
import { type AuditActor, recordChange } from "./audit.server";
import type { FieldErrors } from "~/domain/field-errors";
import { PRODUCT_AUDIT_FIELDS, auditColumns, type AuditedProduct } from "./admin-product-audit.server";
import { pgErrorOf } from "~/db/pg-error.server";
import { peggedPrices } from "./dollar-pricing.server";

// Saving a product from the admin dialog: create or update with its variants and relations,
// in one transaction (audited).

/** Stored HTML fields go through the one sanitizer on every save. */
export function sanitizeMeta(meta: ProductMeta): ProductMeta {
  const clean: ProductMeta = { ...meta };
  if (meta.description_html !== undefined) {
    const html = sanitizeRichText(meta.description_html);
    if (html) clean.description_html = html;
    else delete clean.description_html;
  }
  if (meta.extra_info) {
    clean.extra_info = Object.fromEntries(
      Object.entries(meta.extra_info).map(([label, html]) => [label, sanitizeRichText(html)]),
    );
  }
  return clean;
}

export const money = (value: number | null) => (value === null ? null : value.toFixed(2));

const UNIQUE_FIELDS: Record<string, { field: string; message: string }> = {
  products_slug_unique: { field: "slug", message: "Ya existe otro producto con ese slug." },
  products_sku_unique: { field: "sku", message: "Ya existe otro producto con ese SKU." },
  product_variants_sku_unique: {
    field: "form",
    message: "Otro producto acaba de tomar el SKU de una variante. Revisalos y guardá de nuevo.",
  },
};

export type SaveResult = { ok: true; id: string } | { ok: false; status: number; errors: FieldErrors };

/** Creates or updates a product and replaces its relations, in one transaction (audited). */
export async function saveProduct(actor: AuditActor, input: ProductInput): Promise<SaveResult> {
  try {
    return await getDb().transaction(async (tx): Promise<SaveResult> => {
      await tagPriceChanges(tx, actor, "admin");
      let before: AuditedProduct | null = null;
      if (input.id) {
        // Locked until the save ends: the audit's "before" is what this save replaces.
        const [existing] = await tx.select(auditColumns).from(products).where(eq(products.id, input.id)).for("update");
        if (!existing)
          return {
            ok: false,
            status: 404,
            errors: { form: "El producto ya no existe: puede que alguien lo haya eliminado." },
          };
        before = existing;
      }
      const others = (condition: SQL) =>
        tx
          .select({ id: products.id })
          .from(products)
          .where(input.id ? and(condition, ne(products.id, input.id)) : condition)
          .limit(1);
      const errors: FieldErrors = {};
      if ((await others(eq(products.slug, input.slug))).length)
        errors.slug = UNIQUE_FIELDS.products_slug_unique!.message;
      if (input.sku && (await others(eq(products.sku, input.sku))).length)
        errors.sku = UNIQUE_FIELDS.products_sku_unique!.message;
      if (input.categoryId) {
        const [category] = await tx
          .select({ id: categories.id })
          .from(categories)
          .where(eq(categories.id, input.categoryId));
        if (!category) errors.category_id = "La categoría elegida ya no existe.";
      }
      if (Object.keys(errors).length) return { ok: false, status: 409, errors };

      // The variant table for the groups as saved: the rows sent, matched by their options;
      // combinations missing from it start at stock 0; an empty SKU is made from the product's.
      const skuBase = input.sku ?? input.slug;
      // Sent without a variant table (an older form, an API call): the variants it has stay as
      // they are; a product getting its first ones puts its stock on the first, as the dialog
      // and migration 0014 do.
      const stored =
        input.id && input.variants.length === 0 ? ((await listVariants([input.id], tx)).get(input.id) ?? []) : [];
      const sent: VariantRow[] =
        input.variants.length > 0
          ? input.variants
          : stored.map((v) => ({
              options: v.options,
              sku: v.sku,
              price: v.price === null ? null : Number(v.price),
              sale_price: v.salePrice === null ? null : Number(v.salePrice),
              stock: v.stock,
              image_url: v.imageUrl,
              gtin: v.gtin,
              mpn: v.mpn,
              box: { weightGrams: v.weightGrams, lengthCm: v.lengthCm, widthCm: v.widthCm, heightCm: v.heightCm },
            }));
      const variantRows = completeVariants(input.meta.option_groups, sent, skuBase);
      if (sent.length === 0 && variantRows.length > 0) variantRows[0]!.stock = input.stock;
      const variantErrors = await checkVariantSkus(tx, variantRows, input.sku, input.id);
      if (Object.keys(variantErrors).length) return { ok: false, status: 409, errors: variantErrors };
      const withVariants = variantRows.length > 0;
      // A product that stops having variants: drop them first (their trigger would zero the stock typed now).
      if (input.id && !withVariants) await replaceVariants(tx, input.id, []);

      // Pegged to the dollar (ADR 0020): the price follows the rate, as the re-pricing computes it.
      const pegged = await peggedPrices(tx, input);
      const values = {
        usdPrice: input.usdPrice,
        markupPercent: input.markupPercent,
        name: input.name,
        slug: input.slug,
        sku: input.sku,
        brand: input.brand,
        gtin: input.gtin,
        mpn: input.mpn,
        price: money(pegged.price),
        salePrice: money(pegged.salePrice),
        // With variants, the stock is their sum (the trigger of migration 0014 writes it).
        ...(withVariants ? {} : { stock: input.stock }),
        ivaRate: input.ivaRate,
        categoryId: input.categoryId,
        status: input.status,
        isFeatured: input.isFeatured,
        description: input.description,
        imageUrl: input.imageUrl,
        ...boxColumns(input.box),
        meta: sanitizeMeta(input.meta),
        updatedAt: new Date(),
      };
      let id: string;
      if (input.id) {
        await tx.update(products).set(values).where(eq(products.id, input.id));
        id = input.id;
      } else {
        const [row]: { id: string }[] = await tx
          .insert(products)
          .values({ ...values, stock: withVariants ? 0 : input.stock })
          .returning({ id: products.id });
        id = row!.id;
      }
      if (withVariants) await replaceVariants(tx, id, variantRows);
      await replaceRelations(tx, id, input.relatedIds);
      const [saved] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, id));
      const after = {
        name: values.name,
        price: values.price,
        salePrice: values.salePrice,
        stock: saved!.stock,
        status: values.status,
        ivaRate: values.ivaRate,
      };
      await recordChange(
        tx,
        actor,
        {
          action: before ? "product.update" : "product.create",
          entityType: "product",
          entityId: id,
          entityLabel: values.name,
        },
        before,
        after,
        PRODUCT_AUDIT_FIELDS,
      );
      return { ok: true, id };
    });
  } catch (error) {
    // Two admins saving the same slug or SKU at once: the unique index has the last word.
    const pg = pgErrorOf(error);
    const unique = pg?.code === "23505" && pg.constraint ? UNIQUE_FIELDS[pg.constraint] : undefined;
    if (unique) return { ok: false, status: 409, errors: { [unique.field]: unique.message } };
    throw error;
  }
}

/**
 * The variant rows to save: one per combination of the groups, the submitted row where its
 * options match (its SKU, or one made from the product's when empty), stock 0 for the others.
 */
export function completeVariants(
  groups: ProductMeta["option_groups"],
  sent: VariantRow[],
  skuBase: string,
): VariantRow[] {
  if (!hasVariants(groups)) return [];
  const named = sent.filter((v) => v.sku);
  const { variants } = reconcileVariants(groups, named, skuBase);
  // Rows sent without an SKU keep their other fields and get the generated one.
  const unnamed = new Map(sent.filter((v) => !v.sku).map((v) => [variantKey(v.options), v]));
  return variants.map((v) => {
    const row = unnamed.get(variantKey(v.options));
    return row ? { ...row, options: v.options, sku: v.sku } : v;
  });
}

/** Each variant's SKU once in the product and not used by another product or its variants. */
async function checkVariantSkus(
  tx: Tx,
  rows: VariantRow[],
  productSku: string | null,
  productId: string | null,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const seen = new Map<string, number>();
  rows.forEach((v, i) => {
    if (v.sku === productSku) errors[`variants.${i}.sku`] = "El SKU de la variante no puede ser el del producto.";
    else if (seen.has(v.sku)) errors[`variants.${i}.sku`] = `El SKU «${v.sku}» está repetido en otra variante.`;
    seen.set(v.sku, i);
  });
  const used = await skusInUse(
    tx,
    rows.map((v) => v.sku),
    productId,
  );
  rows.forEach((v, i) => {
    if (used.has(v.sku)) errors[`variants.${i}.sku`] ??= `El SKU «${v.sku}» ya lo usa otro producto.`;
  });
  if (productSku) {
    const [clash] = await tx
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(
        productId
          ? and(eq(productVariants.sku, productSku), ne(productVariants.productId, productId))
          : eq(productVariants.sku, productSku),
      )
      .limit(1);
    if (clash) errors.sku = "Ya existe una variante de otro producto con ese SKU.";
  }
  return errors;
}

/** DELETE the product's relations, then INSERT the new ones (only products that exist, never itself). */
async function replaceRelations(tx: Tx, id: string, relatedIds: string[]): Promise<void> {
  await tx.delete(productRelations).where(eq(productRelations.productId, id));
  const wanted = [...new Set(relatedIds)].filter((r) => r !== id);
  if (wanted.length === 0) return;
  const existing = await tx.select({ id: products.id }).from(products).where(inArray(products.id, wanted));
  if (existing.length === 0) return;
  await tx.insert(productRelations).values(existing.map((r) => ({ productId: id, relatedProductId: r.id })));
}
