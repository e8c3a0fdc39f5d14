import type { PriceSource } from "~/domain/price-history";
import { tagPriceChanges } from "./price-history.server";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { type Tx, getDb, queryRows } from "~/db/client.server";
import { categories, productVariants, products } from "~/db/schema/catalog";
import { type VariantRow, variantKey } from "~/domain/variants";
import { boxColumns, listVariants, replaceVariants } from "./variants.server";
import { type ImportProduct, importedOptionGroups } from "~/domain/product-import";
import type { ProductMeta } from "~/domain/product-meta";
import { slugify, uniqueSlug } from "~/domain/slug";
import { normaliseImportedMeta } from "~/schemas/product-import";
import { type AuditActor, recordAudit, recordChange } from "./audit.server";
import { PRODUCT_AUDIT_FIELDS, auditColumns, type AuditedProduct, productEntry } from "./admin-product-audit.server";
import { pgErrorOf } from "~/db/pg-error.server";
import { sanitizeMeta, money, completeVariants } from "./admin-product-save.server";
import { categoryPathNames } from "./category-paths.server";
import { loadPegging, pegPrices } from "./dollar-pricing.server";

// The product CSV import: validated rows written all or nothing, creating the categories they
// name and updating the products whose slug they carry.

export type ImportResult =
  | {
      ok: true;
      /** Products in the file: created + updated + unchanged. */
      imported: number;
      created: number;
      updated: number;
      unchanged: number;
      categoriesCreated: number;
    }
  | { ok: false; row: number | null; message: string };

class ImportFailure extends Error {
  constructor(
    readonly row: number | null,
    message: string,
  ) {
    super(message);
  }
}

const INSERT_BATCH = 500;
const VARIANT_PRODUCT_BATCH = 100;
const LOOKUP_BATCH = 5_000;

function chunks<T>(list: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < list.length; i += size) result.push(list.slice(i, i + size));
  return result;
}

function describeRowFailure(row: number, product: ImportProduct, error: unknown): string {
  const pg = pgErrorOf(error);
  if (pg?.code === "23505" && pg.constraint === "products_sku_unique")
    return `Fila ${row}: ya existe un producto con el SKU «${product.sku}».`;
  if (pg?.code === "23505" && pg.constraint === "products_slug_unique")
    return `Fila ${row}: ya existe un producto con el mismo slug.`;
  if (pg?.code === "23514")
    return `Fila ${row}: un valor no cumple las reglas del catálogo (${pg.constraint ?? "restricción"}).`;
  return `Fila ${row}: no se pudo guardar (${pg?.message ?? (error instanceof Error ? error.message : "error desconocido")}).`;
}

/**
 * Category ids by lowercased path; the categories not found are created, each below its parent
 * (name, slug, parent), once. A path is matched name by name from a top-level category; a
 * single name not found at the top also matches a category of that name anywhere (the import
 * of a file that names categories without their parents).
 */
async function resolveCategories(tx: Tx, paths: string[]): Promise<{ ids: Map<string, string>; created: number }> {
  const ids = new Map<string, string>();
  if (paths.length === 0) return { ids, created: 0 };
  const existing = await tx
    .select({ id: categories.id, name: categories.name, slug: categories.slug, parentId: categories.parentId })
    .from(categories)
    .orderBy(asc(categories.createdAt));
  const child = new Map<string, string>();
  const anywhere = new Map<string, string>();
  const key = (parent: string | null, name: string) => `${parent ?? ""}\u0000${name.trim().toLowerCase()}`;
  for (const c of existing) {
    if (!child.has(key(c.parentId, c.name))) child.set(key(c.parentId, c.name), c.id);
    if (!anywhere.has(c.name.trim().toLowerCase())) anywhere.set(c.name.trim().toLowerCase(), c.id);
  }
  const takenSlugs = new Set(existing.map((c) => c.slug));
  let created = 0;
  for (const path of paths) {
    const names = categoryPathNames(path);
    if (names.length === 0) continue;
    let parent: string | null = null;
    for (const [i, name] of names.entries()) {
      let id: string | undefined = child.get(key(parent, name));
      if (!id && names.length === 1) id = anywhere.get(name.toLowerCase());
      if (!id) {
        const slug = uniqueSlug(slugify(name), takenSlugs, "categoria");
        takenSlugs.add(slug);
        const [row]: { id: string }[] = await tx
          .insert(categories)
          .values({ name, slug, parentId: parent })
          .returning({ id: categories.id });
        id = row!.id;
        child.set(key(parent, name), id);
        if (!anywhere.has(name.toLowerCase())) anywhere.set(name.toLowerCase(), id);
        created++;
      }
      parent = id;
      if (i === names.length - 1) ids.set(path.toLowerCase(), id);
    }
  }
  return { ids, created };
}

/** JSON with sorted keys: two metas that differ only in key order compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

type ExistingProduct = typeof products.$inferSelect;

/**
 * Imports validated CSV rows all or nothing, in ONE transaction: unknown categories are
 * created; a row whose slug is a product's updates that product (and replaces its variants),
 * leaving it untouched when nothing differs, so importing an export changes nothing; the
 * others are created, their slug the file's or one from the name (made unique). The first row
 * that breaks a rule of the database (a SKU already used, ...) cancels the whole import and is
 * named in the answer.
 */
export async function importProducts(
  actor: AuditActor,
  rows: { row: number; product: ImportProduct }[],
  now: number = Date.now(),
  /** Told how many products were written so far (the background import's progress). */
  onProgress: (done: number) => void = () => {},
  /** What the price history names as the origin: Vitec's own CSV, or the platform the file came from. */
  source: PriceSource = "csv",
): Promise<ImportResult> {
  if (rows.length === 0) return { ok: true, imported: 0, created: 0, updated: 0, unchanged: 0, categoriesCreated: 0 };
  try {
    return await getDb().transaction(async (tx) => {
      await tagPriceChanges(tx, actor, source);
      // Products the file updates (by slug), locked in id order before anything else.
      const fileSlugs = [...new Set(rows.map((r) => r.product.slug).filter((s): s is string => Boolean(s)))];
      const existingBySlug = new Map<string, ExistingProduct>();
      for (const batch of chunks(fileSlugs, LOOKUP_BATCH)) {
        const found = await tx
          .select()
          .from(products)
          .where(inArray(products.slug, batch))
          .orderBy(asc(products.id))
          .for("update");
        for (const f of found) existingBySlug.set(f.slug, f);
      }
      const updatedIds = [...existingBySlug.values()].map((p) => p.id);
      const isUpdate = (product: ImportProduct) => Boolean(product.slug && existingBySlug.has(product.slug));

      // SKUs: repeated in the file, or already used by a product the file does not update.
      const skuRows = new Map<string, number>();
      const claim = (sku: string, row: number) => {
        const first = skuRows.get(sku);
        if (first !== undefined)
          throw new ImportFailure(
            row,
            `Fila ${row}: el SKU «${sku}» está repetido (también está en la fila ${first}).`,
          );
        skuRows.set(sku, row);
      };
      for (const { row, product } of rows) {
        if (product.sku) claim(product.sku, row);
        for (const v of product.variants) if (v.sku) claim(v.sku, v.row);
      }
      for (const batch of chunks([...skuRows.keys()], LOOKUP_BATCH)) {
        const used = await queryRows<{ sku: string }>(
          sql`select sku from ${products} where sku = any(${sql.param(batch)}::text[])
                and not (id = any(${sql.param(updatedIds)}::uuid[]))
              union all
              select sku from ${productVariants} where sku = any(${sql.param(batch)}::text[])
                and not (product_id = any(${sql.param(updatedIds)}::uuid[]))`,
          tx,
        );
        if (used.length) {
          const first = Math.min(...used.map((u) => skuRows.get(u.sku)!));
          const sku = used.find((u) => skuRows.get(u.sku) === first)!.sku;
          throw new ImportFailure(first, `Fila ${first}: ya existe un producto con el SKU «${sku}».`);
        }
      }

      // Category paths as first written in the file, one per lowercased path.
      const names = new Map<string, string>();
      for (const { product } of rows) {
        const path = product.categoryName ? categoryPathNames(product.categoryName).join(" > ") : "";
        if (path && !names.has(path.toLowerCase())) names.set(path.toLowerCase(), path);
      }
      const { ids: categoryIds, created: categoriesCreated } = await resolveCategories(tx, [...names.values()]);
      // Pegged to the dollar (ADR 0020): such a product's price follows the rate, as an admin save does.
      const pegging = await loadPegging(tx);

      // Slugs of new products: the file's (not taken: it matched no product), or one from the name.
      const creating = rows.filter((r) => !isUpdate(r.product));
      const bases = creating.map(({ product }) => product.slug ?? (slugify(product.name) || "producto"));
      const taken = new Set<string>();
      for (const batch of chunks([...new Set(bases)], LOOKUP_BATCH)) {
        const found = await queryRows<{ slug: string }>(
          sql`select slug from ${products} where regexp_replace(slug, '-[0-9]+$', '') = any(${sql.param(batch)}::text[])`,
          tx,
        );
        for (const f of found) taken.add(f.slug);
      }

      const fields = (product: ImportProduct, existing?: ExistingProduct) => {
        const meta = sanitizeMeta(normaliseImportedMeta(product.meta));
        // A product with variants has option groups: the meta's, or the ones its variants make.
        if (product.variants.length > 0) {
          const groups = importedOptionGroups(meta.option_groups, product.variants);
          if (groups.ok) meta.option_groups = groups.groups.map((g) => ({ ...g }));
        }
        const categoryId = product.categoryName
          ? (categoryIds.get(categoryPathNames(product.categoryName).join(" > ").toLowerCase()) ?? null)
          : null;
        // The file's USD price and markup when it has those columns; else they stay as stored.
        const usdPrice = product.usdPrice !== undefined ? product.usdPrice : (existing?.usdPrice ?? null);
        const markupPercent =
          product.markupPercent !== undefined ? product.markupPercent : (existing?.markupPercent ?? null);
        const priced = pegPrices(pegging, {
          usdPrice,
          markupPercent,
          categoryId,
          price: product.price,
          salePrice: product.salePrice,
        });
        return {
          name: product.name,
          sku: product.sku,
          brand: product.brand,
          gtin: product.gtin,
          mpn: product.mpn,
          // The file's weight and sides when it has those columns; else they stay as stored.
          ...(product.box ? boxColumns(product.box) : {}),
          usdPrice,
          markupPercent,
          price: money(priced.price),
          salePrice: money(priced.salePrice),
          stock: product.stock,
          ivaRate: product.ivaRate,
          description: product.description,
          imageUrl: product.imageUrl,
          categoryId,
          status: product.status,
          isFeatured: product.isFeatured,
          meta,
        };
      };
      const variantTable = (product: ImportProduct, meta: ProductMeta, skuBase: string): VariantRow[] => {
        if (product.variants.length === 0) return [];
        const sent = product.variants.map((v) => ({
          options: v.options,
          sku: v.sku ?? "",
          price: v.price,
          sale_price: v.salePrice,
          stock: v.stock,
          image_url: v.imageUrl,
          ...(v.box ? { box: v.box } : {}),
        }));
        return completeVariants(meta.option_groups, sent, skuBase);
      };

      // File order is kept: each new row is one millisecond newer than the one before.
      const start = now - creating.length;
      const prepared = creating.map(({ row, product }, i) => {
        const slug = uniqueSlug(bases[i]!, taken);
        taken.add(slug);
        const values = fields(product);
        const table = variantTable(product, values.meta, product.sku ?? slug);
        const value = {
          ...values,
          stock: table.length ? 0 : values.stock,
          slug,
          createdAt: new Date(start + i),
          updatedAt: new Date(start + i),
        };
        return { row, product, value, table };
      });
      const inserted: AuditedProduct[] = [];
      const fail = (p: (typeof prepared)[number], error: unknown) => {
        throw new ImportFailure(p.row, describeRowFailure(p.row, p.product, error));
      };
      // Products without variants in batches (one savepoint each; on a failure, one per row to name it).
      const plain = prepared.filter((p) => p.table.length === 0);
      for (const batch of chunks(plain, INSERT_BATCH)) {
        try {
          await tx.transaction(async (sp) => {
            inserted.push(
              ...(await sp
                .insert(products)
                .values(batch.map((p) => p.value))
                .returning(auditColumns)),
            );
          });
        } catch {
          for (const p of batch) {
            try {
              await tx.transaction(async (sp) => {
                inserted.push(...(await sp.insert(products).values(p.value).returning(auditColumns)));
              });
            } catch (error) {
              fail(p, error);
            }
          }
          // Every row went in on its own: the batch failure was not about the data.
        }
        onProgress(inserted.length);
      }
      // Products with variants in batches: the products, then all their variants (the trigger sums
      // their stock); on a failure, one by one to name the row.
      for (const batch of chunks(
        prepared.filter((x) => x.table.length > 0),
        VARIANT_PRODUCT_BATCH,
      )) {
        try {
          await tx.transaction(async (sp) => {
            const created = await sp
              .insert(products)
              .values(batch.map((p) => p.value))
              .returning({ id: products.id, slug: products.slug });
            const idOf = new Map(created.map((c) => [c.slug, c.id]));
            const variants = batch.flatMap((p) =>
              p.table.map((row, position) => ({
                productId: idOf.get(p.value.slug)!,
                options: row.options,
                optionKey: variantKey(row.options),
                sku: row.sku,
                price: money(row.price),
                salePrice: money(row.sale_price),
                stock: row.stock,
                imageUrl: row.image_url,
                ...(row.box ? boxColumns(row.box) : {}),
                position,
              })),
            );
            for (const part of chunks(variants, INSERT_BATCH)) await sp.insert(productVariants).values(part);
            inserted.push(
              ...(await sp
                .select(auditColumns)
                .from(products)
                .where(
                  inArray(
                    products.id,
                    created.map((c) => c.id),
                  ),
                )),
            );
          });
        } catch {
          for (const p of batch) {
            try {
              await tx.transaction(async (sp) => {
                const [created] = await sp.insert(products).values(p.value).returning({ id: products.id });
                await replaceVariants(sp, created!.id, p.table);
                inserted.push((await sp.select(auditColumns).from(products).where(eq(products.id, created!.id)))[0]!);
              });
            } catch (error) {
              fail(p, error);
            }
          }
        }
        onProgress(inserted.length);
      }

      // Updates: what differs from the product as it is, and nothing when nothing does.
      const currentVariants = await listVariants(updatedIds, tx);
      let updated = 0;
      let unchanged = 0;
      for (const { row, product } of rows.filter((r) => isUpdate(r.product))) {
        const existing = existingBySlug.get(product.slug!)!;
        const values = fields(product, existing);
        // Already published without a price ("Consultar precio"): an import does not hide it.
        if (product.draftedWithoutPrice && existing.status === "published" && !(Number(existing.price) > 0))
          values.status = "published";
        const table = variantTable(product, values.meta, product.sku ?? existing.slug);
        const before = (currentVariants.get(existing.id) ?? []).map((v) => [
          variantKey(v.options),
          v.sku,
          v.price,
          v.salePrice,
          v.stock,
          v.imageUrl,
          ...(product.variants.some((x) => x.box) ? [boxColumns(v)] : []),
        ]);
        const after = table.map((v) => [
          variantKey(v.options),
          v.sku,
          money(v.price),
          money(v.sale_price),
          v.stock,
          v.image_url,
          ...(product.variants.some((x) => x.box) ? [boxColumns(v.box ?? {})] : []),
        ]);
        const sameBox = !product.box || canonical(boxColumns(existing)) === canonical(boxColumns(product.box));
        const same =
          existing.name === values.name &&
          existing.sku === values.sku &&
          existing.brand === values.brand &&
          existing.gtin === values.gtin &&
          existing.mpn === values.mpn &&
          sameBox &&
          existing.usdPrice === values.usdPrice &&
          existing.markupPercent === values.markupPercent &&
          existing.price === values.price &&
          existing.salePrice === values.salePrice &&
          (table.length > 0 || existing.stock === values.stock) &&
          Number(existing.ivaRate) === values.ivaRate &&
          existing.description === values.description &&
          existing.imageUrl === values.imageUrl &&
          existing.categoryId === values.categoryId &&
          existing.status === values.status &&
          existing.isFeatured === values.isFeatured &&
          canonical(existing.meta) === canonical(values.meta) &&
          canonical(before) === canonical(after);
        if (same) {
          unchanged++;
          continue;
        }
        try {
          await tx.transaction(async (sp) => {
            if (table.length === 0) await replaceVariants(sp, existing.id, []);
            const { stock, ...rest } = values;
            await sp
              .update(products)
              .set({ ...rest, ...(table.length ? {} : { stock }), updatedAt: new Date() })
              .where(eq(products.id, existing.id));
            if (table.length) await replaceVariants(sp, existing.id, table);
            const [saved] = await sp.select(auditColumns).from(products).where(eq(products.id, existing.id));
            const { id: _id, ...afterFields } = saved!;
            await recordChange(
              sp,
              actor,
              { action: "product.update", entityType: "product", entityId: existing.id, entityLabel: saved!.name },
              {
                name: existing.name,
                price: existing.price,
                salePrice: existing.salePrice,
                stock: existing.stock,
                status: existing.status,
                ivaRate: existing.ivaRate,
              },
              afterFields,
              PRODUCT_AUDIT_FIELDS,
            );
          });
        } catch (error) {
          throw new ImportFailure(row, describeRowFailure(row, product, error));
        }
        updated++;
        onProgress(inserted.length + updated + unchanged);
      }

      // One entry per product created, written with the products: all of them or none.
      await recordAudit(
        tx,
        actor,
        inserted.map((p) => productEntry("product.import", p, "after")),
      );
      return {
        ok: true as const,
        imported: rows.length,
        created: inserted.length,
        updated,
        unchanged,
        categoriesCreated,
      };
    });
  } catch (error) {
    if (error instanceof ImportFailure) return { ok: false, row: error.row, message: error.message };
    throw error;
  }
}
