import { type SQL, and, asc, count, desc, eq, inArray, ne, or, sql } from "drizzle-orm";
import { type DbOrTx, type Tx, getDb, queryRows } from "~/db/client.server";
import { categories, productRelations, productVariants, products } from "~/db/schema/catalog";
import { type VariantRow, hasVariants, reconcileVariants, uniqueSku, variantKey, variantSku } from "~/domain/variants";
import { type StoredVariant, listVariants, replaceVariants, skusInUse } from "./variants.server";
import { categoryWithDescendants } from "./catalog.server";
import { type ExportProduct } from "~/domain/product-export";
import { type ImportProduct, importedOptionGroups } from "~/domain/product-import";
import type { ProductMeta } from "~/domain/product-meta";
import { duplicateSlug, slugify, uniqueSlug } from "~/domain/slug";
import { type ProductInput } from "~/schemas/product-form";
import { normaliseImportedMeta } from "~/schemas/product-import";
import { LOW_STOCK_THRESHOLD, NO_CATEGORY, type ProductListQuery, type ProductSort } from "~/schemas/product-list-query";
import { sanitizeRichText } from "~/domain/rich-text";
import { type AuditActor, type AuditEntry, recordAudit, recordChange } from "./audit.server";
import type { FieldErrors } from "~/domain/field-errors";

// Admin queries and writes for products (the storefront's are in product.server.ts).
// Every write that touches more than one row or table runs in one transaction.

const listColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  sku: products.sku,
  brand: products.brand,
  gtin: products.gtin,
  mpn: products.mpn,
  description: products.description,
  price: products.price,
  salePrice: products.salePrice,
  stock: products.stock,
  ivaRate: products.ivaRate,
  status: products.status,
  isFeatured: products.isFeatured,
  imageUrl: products.imageUrl,
  categoryId: products.categoryId,
  categoryName: categories.name,
  meta: products.meta,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  // Variants below the low-stock threshold (the table's "Stock bajo" badge counts them).
  lowVariants: sql<number>`(select count(*)::int from ${productVariants} v where v.product_id = ${products.id} and v.stock < ${LOW_STOCK_THRESHOLD})`,
};

export type AdminProduct = {
  id: string;
  name: string;
  slug: string;
  sku: string | null;
  brand: string | null;
  gtin: string | null;
  mpn: string | null;
  description: string | null;
  price: string | null;
  salePrice: string | null;
  stock: number;
  /** IVA rate in percent: 21 or 10.5. */
  ivaRate: number;
  status: "published" | "draft";
  isFeatured: boolean;
  imageUrl: string | null;
  categoryId: string | null;
  categoryName: string | null;
  meta: ProductMeta;
  createdAt: Date;
  updatedAt: Date;
  related: { id: string; name: string }[];
  lowVariants: number;
  /** Its variants in table order ([] without option groups). */
  variants: StoredVariant[];
};

export type AdminProductPage = { items: AdminProduct[]; total: number; page: number; pageCount: number; size: number };

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The list's conditions; a category stands for its subcategories' products too, as in the store. */
async function filters(query: ProductListQuery): Promise<SQL | undefined> {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(
      or(
        sql`public.unaccent(${products.name}) ilike public.unaccent(${pattern})`,
        sql`${products.sku} ilike ${pattern}`,
      )!,
    );
  }
  if (query.category === NO_CATEGORY) conditions.push(sql`${products.categoryId} is null`);
  else if (query.category) conditions.push(inArray(products.categoryId, await categoryWithDescendants(query.category)));
  if (query.status) conditions.push(eq(products.status, query.status));
  if (query.stock === "in") conditions.push(sql`${products.stock} > 0`);
  if (query.stock === "low")
    conditions.push(
      sql`(${products.stock} < ${LOW_STOCK_THRESHOLD} or exists (select 1 from ${productVariants} v where v.product_id = ${products.id} and v.stock < ${LOW_STOCK_THRESHOLD}))`,
    );
  if (query.stock === "out") conditions.push(eq(products.stock, 0));
  return conditions.length ? and(...conditions) : undefined;
}

function ordering(sort: ProductSort, dir: "asc" | "desc"): SQL[] {
  const by = (column: SQL | typeof products.name) =>
    dir === "asc" ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
  const tie = dir === "asc" ? asc(products.id) : desc(products.id);
  const columns: Record<ProductSort, SQL[]> = {
    name: [by(sql`lower(${products.name})`)],
    sku: [by(sql`${products.sku}`)],
    category: [by(sql`lower(${categories.name})`)],
    price: [by(sql`${products.price}`)],
    stock: [by(sql`${products.stock}`)],
    status: [by(sql`${products.status}`)],
    created_at: [by(sql`${products.createdAt}`)],
  };
  return [...columns[sort], tie];
}

async function relatedOf(ids: string[], db: DbOrTx): Promise<Map<string, { id: string; name: string }[]>> {
  const map = new Map<string, { id: string; name: string }[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({ productId: productRelations.productId, id: products.id, name: products.name })
    .from(productRelations)
    .innerJoin(products, eq(products.id, productRelations.relatedProductId))
    .where(inArray(productRelations.productId, ids))
    .orderBy(asc(products.name));
  for (const r of rows) map.set(r.productId, [...(map.get(r.productId) ?? []), { id: r.id, name: r.name }]);
  return map;
}

/** One page of products with filters and sort, the exact count, and each row's relations. */
export async function listAdminProducts(query: ProductListQuery): Promise<AdminProductPage> {
  const db = getDb();
  const where = await filters(query);
  const [{ n: total } = { n: 0 }] = await db.select({ n: count() }).from(products).where(where);
  const pageCount = Math.max(1, Math.ceil(total / query.size));
  const page = Math.min(query.page, pageCount);
  const rows = await db
    .select(listColumns)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(...ordering(query.sort, query.dir))
    .limit(query.size)
    .offset((page - 1) * query.size);
  const ids = rows.map((r) => r.id);
  const related = await relatedOf(ids, db);
  const variants = await listVariants(ids, db);
  return {
    items: rows.map((r) => ({
      ...r,
      meta: r.meta ?? {},
      related: related.get(r.id) ?? [],
      variants: variants.get(r.id) ?? [],
    })),
    total,
    page,
    pageCount,
    size: query.size,
  };
}

/** One product with its category name and relations, or null. */
export async function getAdminProduct(id: string, db: DbOrTx = getDb()): Promise<AdminProduct | null> {
  const [row] = await db
    .select(listColumns)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id));
  if (!row) return null;
  const related = await relatedOf([id], db);
  const variants = await listVariants([id], db);
  return { ...row, meta: row.meta ?? {}, related: related.get(id) ?? [], variants: variants.get(id) ?? [] };
}

/** Products whose name or SKU matches, for the related-products picker. */
export async function searchProductsForRelation(
  q: string,
  exclude: string | null,
  limit = 10,
): Promise<{ id: string; name: string; sku: string | null }[]> {
  const pattern = `%${escapeLike(q)}%`;
  const conditions: SQL[] = [];
  if (q) {
    conditions.push(
      or(
        sql`public.unaccent(${products.name}) ilike public.unaccent(${pattern})`,
        sql`${products.sku} ilike ${pattern}`,
      )!,
    );
  }
  if (exclude) conditions.push(ne(products.id, exclude));
  return getDb()
    .select({ id: products.id, name: products.name, sku: products.sku })
    .from(products)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(products.name))
    .limit(limit);
}

// ---------------------------------------------------------------- saving

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

const money = (value: number | null) => (value === null ? null : value.toFixed(2));

type PgErrorInfo = { code?: string; constraint?: string; message?: string };

/** The PostgreSQL error behind a driver or Drizzle error (both drivers), if any. */
export function pgErrorOf(error: unknown): PgErrorInfo | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const info = current as PgErrorInfo & { cause?: unknown };
    if (typeof info.code === "string" && /^[0-9A-Z]{5}$/.test(info.code)) return info;
    current = info.cause;
  }
  return null;
}

const UNIQUE_FIELDS: Record<string, { field: string; message: string }> = {
  products_slug_unique: { field: "slug", message: "Ya existe otro producto con ese slug." },
  products_sku_unique: { field: "sku", message: "Ya existe otro producto con ese SKU." },
  product_variants_sku_unique: {
    field: "form",
    message: "Otro producto acaba de tomar el SKU de una variante. Revisalos y guardá de nuevo.",
  },
};

export type SaveResult = { ok: true; id: string } | { ok: false; status: number; errors: FieldErrors };

/** What the audit log keeps of a product change: price, stock and status (and what identifies it). */
export const PRODUCT_AUDIT_FIELDS = ["name", "price", "salePrice", "stock", "status", "ivaRate"] as const;

const auditColumns = {
  id: products.id,
  name: products.name,
  price: products.price,
  salePrice: products.salePrice,
  stock: products.stock,
  status: products.status,
  ivaRate: products.ivaRate,
};

type AuditedProduct = {
  id: string;
  name: string;
  price: string | null;
  salePrice: string | null;
  stock: number;
  status: string;
  ivaRate: number;
};

function productEntry(action: string, product: AuditedProduct, side: "before" | "after"): AuditEntry {
  const { id, ...fields } = product;
  return {
    action,
    entityType: "product",
    entityId: id,
    entityLabel: product.name,
    before: side === "before" ? fields : null,
    after: side === "after" ? fields : null,
  };
}

/** Creates or updates a product and replaces its relations, in one transaction (audited). */
export async function saveProduct(actor: AuditActor, input: ProductInput): Promise<SaveResult> {
  try {
    return await getDb().transaction(async (tx): Promise<SaveResult> => {
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
            }));
      const variantRows = completeVariants(input.meta.option_groups, sent, skuBase);
      if (sent.length === 0 && variantRows.length > 0) variantRows[0]!.stock = input.stock;
      const variantErrors = await checkVariantSkus(tx, variantRows, input.sku, input.id);
      if (Object.keys(variantErrors).length) return { ok: false, status: 409, errors: variantErrors };
      const withVariants = variantRows.length > 0;
      // A product that stops having variants: drop them first (their trigger would zero the stock typed now).
      if (input.id && !withVariants) await replaceVariants(tx, input.id, []);

      const values = {
        name: input.name,
        slug: input.slug,
        sku: input.sku,
        brand: input.brand,
        gtin: input.gtin,
        mpn: input.mpn,
        price: money(input.price),
        salePrice: money(input.salePrice),
        // With variants, the stock is their sum (the trigger of migration 0014 writes it).
        ...(withVariants ? {} : { stock: input.stock }),
        ivaRate: input.ivaRate,
        categoryId: input.categoryId,
        status: input.status,
        isFeatured: input.isFeatured,
        description: input.description,
        imageUrl: input.imageUrl,
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
function completeVariants(groups: ProductMeta["option_groups"], sent: VariantRow[], skuBase: string): VariantRow[] {
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

/** Deletes products by id; returns how many were deleted (relations go with them). Audited. */
export async function deleteProducts(actor: AuditActor, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return getDb().transaction(async (tx) => {
    const deleted = await tx.delete(products).where(inArray(products.id, ids)).returning(auditColumns);
    await recordAudit(
      tx,
      actor,
      deleted.map((p) => productEntry("product.delete", p, "before")),
    );
    return deleted.length;
  });
}

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

// ---------------------------------------------------------------- CSV

/** Every product for the CSV export, oldest first (the order an import recreates), with its variants. */
export async function listProductsForExport(): Promise<ExportProduct[]> {
  const db = getDb();
  const variantRows = await db
    .select({
      productId: productVariants.productId,
      options: productVariants.options,
      sku: productVariants.sku,
      price: productVariants.price,
      salePrice: productVariants.salePrice,
      stock: productVariants.stock,
      imageUrl: productVariants.imageUrl,
    })
    .from(productVariants)
    .orderBy(asc(productVariants.productId), asc(productVariants.position));
  const variants = new Map<string, ExportProduct["variants"]>();
  for (const { productId, ...v } of variantRows) variants.set(productId, [...(variants.get(productId) ?? []), v]);
  const rows = await db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      price: products.price,
      salePrice: products.salePrice,
      stock: products.stock,
      ivaRate: products.ivaRate,
      description: products.description,
      imageUrl: products.imageUrl,
      categoryId: products.categoryId,
      sku: products.sku,
      brand: products.brand,
      gtin: products.gtin,
      mpn: products.mpn,
      status: products.status,
      isFeatured: products.isFeatured,
      meta: products.meta,
    })
    .from(products)
    .orderBy(asc(products.createdAt), asc(products.id));
  // Categories are written as their full path, which the import matches (or creates) again.
  const paths = await categoryPaths(db);
  return rows.map(({ id, categoryId, ...p }) => ({
    ...p,
    categoryName: categoryId ? (paths.get(categoryId) ?? null) : null,
    variants: variants.get(id) ?? [],
  }));
}

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

/** Splits a category path "Clothing > Tshirts" into its names. */
export function categoryPathNames(path: string): string[] {
  return path
    .split(">")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Every category's full path ("Acero > Acero Blanco > Cadenas") by id. */
export async function categoryPaths(db: DbOrTx = getDb()): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
    .from(categories);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const paths = new Map<string, string>();
  const pathOf = (id: string, seen = new Set<string>()): string => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const c = byId.get(id)!;
    const parent = c.parentId && byId.has(c.parentId) && !seen.has(c.parentId) ? c.parentId : null;
    const path = parent ? `${pathOf(parent, seen.add(id))} > ${c.name}` : c.name;
    paths.set(id, path);
    return path;
  };
  for (const r of rows) pathOf(r.id);
  return paths;
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
): Promise<ImportResult> {
  if (rows.length === 0) return { ok: true, imported: 0, created: 0, updated: 0, unchanged: 0, categoriesCreated: 0 };
  try {
    return await getDb().transaction(async (tx) => {
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

      const fields = (product: ImportProduct) => {
        const meta = sanitizeMeta(normaliseImportedMeta(product.meta));
        // A product with variants has option groups: the meta's, or the ones its variants make.
        if (product.variants.length > 0) {
          const groups = importedOptionGroups(meta.option_groups, product.variants);
          if (groups.ok) meta.option_groups = groups.groups.map((g) => ({ ...g }));
        }
        return {
          name: product.name,
          sku: product.sku,
          brand: product.brand,
          gtin: product.gtin,
          mpn: product.mpn,
          price: money(product.price),
          salePrice: money(product.salePrice),
          stock: product.stock,
          ivaRate: product.ivaRate,
          description: product.description,
          imageUrl: product.imageUrl,
          categoryId: product.categoryName
            ? (categoryIds.get(categoryPathNames(product.categoryName).join(" > ").toLowerCase()) ?? null)
            : null,
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
        const values = fields(product);
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
        ]);
        const after = table.map((v) => [
          variantKey(v.options),
          v.sku,
          money(v.price),
          money(v.sale_price),
          v.stock,
          v.image_url,
        ]);
        const same =
          existing.name === values.name &&
          existing.sku === values.sku &&
          existing.brand === values.brand &&
          existing.gtin === values.gtin &&
          existing.mpn === values.mpn &&
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
