import { and, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import { convert } from "html-to-text";
import { type DbOrTx, getDb, queryRows } from "~/db/client.server";
import { categories, productVariants, products } from "~/db/schema/catalog";
import { type ImportReport, productImportImages, productImports } from "~/db/schema/imports";
import {
  type ImportPlan,
  type ImportPreview,
  PROFILE_NAMES,
  PREVIEW_PRODUCTS,
  detectProfile,
  planFromMapping,
  planFromProfile,
} from "~/domain/import-profiles";
import type { ColumnMapping, ImportProduct } from "~/domain/product-import";
import type { AuditActor } from "./audit.server";
import { importProducts } from "./admin-product-import.server";
import { categoryPathNames } from "./category-paths.server";

// The import of a product file in three steps: the plan (what the file means: a platform's
// profile or the merchant's mapping), its preview (what would be created, updated and refused,
// with the prices and categories), and the import itself, queued and written in the background
// by app/jobs/product-import.server.ts, all or nothing. Remote images are downloaded afterwards
// (app/jobs/import-images.server.ts); the import never waits for them.

export type ImportFile = {
  fileName: string;
  headers: string[];
  data: string[][];
  /** The merchant's mapping; null: the profile of the detected platform (or the header names). */
  mapping: ColumnMapping | null;
};

/** Plain text of an HTML description, links and images left out. */
export function htmlPlainText(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: "a", options: { ignoreHref: true } },
      { selector: "img", format: "skip" },
      { selector: "ul", options: { itemPrefix: "• " } },
      { selector: "h1", options: { uppercase: false } },
      { selector: "h2", options: { uppercase: false } },
      { selector: "h3", options: { uppercase: false } },
      { selector: "table", format: "dataTable" },
    ],
  })
    .replace(/\s+/g, " ")
    .trim();
}

/** What the file means: the detected platform's profile, unless the merchant mapped the columns. */
export function planImport(file: ImportFile, autoMapping: ColumnMapping): ImportPlan {
  const profile = file.mapping ? null : detectProfile(file.headers);
  if (profile) return planFromProfile(profile, file.headers, file.data, htmlPlainText);
  return planFromMapping(file.headers, file.data, file.mapping ?? autoMapping, htmlPlainText);
}

/** What the import would do, read from the database without writing anything. */
export async function previewImport(plan: ImportPlan, rows: number, db: DbOrTx = getDb()): Promise<ImportPreview> {
  const slugs = plan.products.map((p) => p.product.slug).filter((s): s is string => Boolean(s));
  const existing = new Set<string>();
  if (slugs.length) {
    const found = await queryRows<{ slug: string }>(
      sql`select slug from ${products} where slug = any(${sql.param(slugs)}::text[])`,
      db,
    );
    for (const f of found) existing.add(f.slug);
  }
  const known = await db
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
    .from(categories);
  const byId = new Map(known.map((c) => [c.id, c]));
  const knownPaths = new Set<string>();
  for (const c of known) {
    const names = [c.name];
    for (let p = c.parentId, n = 0; p && byId.has(p) && n < 50; p = byId.get(p)!.parentId, n++)
      names.unshift(byId.get(p)!.name);
    knownPaths.add(names.join(" > ").toLowerCase());
    knownPaths.add(c.name.toLowerCase());
  }
  const categoriesNew = new Set<string>();
  for (const { product } of plan.products) {
    const names = product.categoryName ? categoryPathNames(product.categoryName) : [];
    for (let i = 1; i <= names.length; i++) {
      const path = names.slice(0, i).join(" > ");
      if (!knownPaths.has(path.toLowerCase())) categoriesNew.add(path);
    }
  }
  const update = plan.products.filter((p) => p.product.slug && existing.has(p.product.slug)).length;
  return {
    profile: plan.profile,
    profileName: plan.profile ? PROFILE_NAMES[plan.profile] : null,
    rows,
    create: plan.products.length - update,
    update,
    refused: new Set(plan.errors.map((e) => e.row)).size,
    products: plan.products.slice(0, PREVIEW_PRODUCTS).map(({ row, product }) => ({
      row,
      name: product.name,
      action: product.slug && existing.has(product.slug) ? "update" : "create",
      price: product.price,
      salePrice: product.salePrice,
      status: product.status,
      stock: product.variants.length ? product.variants.reduce((sum, v) => sum + v.stock, 0) : product.stock,
      category: product.categoryName,
      variants: product.variants.map((v) => ({
        options: v.options.map((o) => `${o.group}: ${o.option}`).join(" · "),
        price: v.price,
        salePrice: v.salePrice,
        stock: v.stock,
      })),
      images: remoteImages(product).length + (product.imageUrl?.startsWith("/") ? 1 : 0),
    })),
    categoriesNew: [...categoriesNew],
    variants: plan.products.reduce((sum, p) => sum + p.product.variants.length, 0),
    errors: plan.errors,
    warnings: plan.warnings,
    columns: plan.columns,
  };
}

/** The addresses of a product's images on other servers (the image job brings them home). */
export function remoteImages(product: Pick<ImportProduct, "imageUrl" | "meta" | "variants">): string[] {
  const gallery = Array.isArray(product.meta.gallery_images) ? (product.meta.gallery_images as string[]) : [];
  const all = [product.imageUrl, ...gallery, ...product.variants.map((v) => v.imageUrl)];
  return [...new Set(all.filter((u): u is string => Boolean(u) && /^https?:\/\//i.test(u!)))];
}

type Payload = { actor: AuditActor; products: { row: number; product: ImportProduct }[] };

/** Queues the checked products of a file; the job writes them. Returns the import's id. */
export async function queueImport(
  actor: AuditActor,
  fileName: string,
  plan: ImportPlan,
  db: DbOrTx = getDb(),
): Promise<string> {
  const payload: Payload = { actor, products: plan.products };
  const [row] = await db
    .insert(productImports)
    .values({
      fileName: fileName.slice(0, 255),
      profile: plan.profile,
      total: plan.products.length,
      payload,
      report: {
        created: 0,
        updated: 0,
        unchanged: 0,
        categoriesCreated: 0,
        errors: plan.errors,
        warnings: plan.warnings,
        failure: null,
      },
      createdBy: actor.id,
      createdByEmail: actor.email,
    })
    .returning({ id: productImports.id });
  return row!.id;
}

const LEASE_MS = 10 * 60_000;

/** Progress of the imports running in this process (rows written so far), by id. */
const progress = new Map<string, number>();

/**
 * Runs the next queued import (or one whose runner died: its lease ran out), claimed with FOR
 * UPDATE SKIP LOCKED so that each import is written by one process once. Returns its id, or
 * null when there was none.
 */
export async function runNextImport(db = getDb()): Promise<string | null> {
  const claimed = await db.transaction(async (tx) => {
    const [next] = await tx
      .select({ id: productImports.id })
      .from(productImports)
      .where(
        or(
          eq(productImports.status, "queued"),
          and(eq(productImports.status, "running"), lt(productImports.leaseUntil, sql`now()`)),
        ),
      )
      .orderBy(productImports.createdAt)
      .limit(1)
      .for("update", { skipLocked: true });
    if (!next) return null;
    const [row] = await tx
      .update(productImports)
      .set({ status: "running", leaseUntil: new Date(Date.now() + LEASE_MS) })
      .where(eq(productImports.id, next.id))
      .returning();
    return row!;
  });
  if (!claimed) return null;
  const payload = claimed.payload as Payload;
  const report = claimed.report as ImportReport;
  progress.set(claimed.id, 0);
  try {
    const result = await importProducts(
      payload.actor,
      payload.products,
      Date.now(),
      (done) => progress.set(claimed.id, done),
      claimed.profile ? `import:${claimed.profile}` : "csv",
    );
    const finished = result.ok
      ? {
          ...report,
          created: result.created,
          updated: result.updated,
          unchanged: result.unchanged,
          categoriesCreated: result.categoriesCreated,
        }
      : { ...report, failure: `${result.message} No se importó ningún producto.` };
    await db
      .update(productImports)
      .set({
        status: result.ok ? "done" : "failed",
        processed: result.ok ? claimed.total : 0,
        report: finished,
        payload: null,
        leaseUntil: null,
        finishedAt: new Date(),
      })
      .where(eq(productImports.id, claimed.id));
    if (result.ok) await queueImages(claimed.id, payload.products, db);
  } catch (error) {
    console.error("[product-import] failed:", error);
    await db
      .update(productImports)
      .set({
        status: "failed",
        report: { ...report, failure: "Ocurrió un error inesperado. No se importó ningún producto." },
        payload: null,
        leaseUntil: null,
        finishedAt: new Date(),
      })
      .where(eq(productImports.id, claimed.id));
  } finally {
    progress.delete(claimed.id);
  }
  return claimed.id;
}

/** One download per imported product and remote address (written after the import). */
async function queueImages(importId: string, rows: Payload["products"], db: DbOrTx) {
  const urls = [...new Set(rows.flatMap((r) => remoteImages(r.product)))];
  if (urls.length === 0) return;
  const found = await queryRows<{ product_id: string; url: string }>(
    sql`select id as product_id, image_url as url from ${products} where image_url = any(${sql.param(urls)}::text[])
        union
        select p.id, g.url from ${products} p, jsonb_array_elements_text(coalesce(p.meta->'gallery_images', '[]'::jsonb)) g(url)
          where g.url = any(${sql.param(urls)}::text[])
        union
        select product_id, image_url from ${productVariants} where image_url = any(${sql.param(urls)}::text[])`,
    db,
  );
  for (let i = 0; i < found.length; i += 1000) {
    await db
      .insert(productImportImages)
      .values(found.slice(i, i + 1000).map((f) => ({ importId, productId: f.product_id, sourceUrl: f.url })));
  }
}

export type ImportStatus = {
  id: string;
  fileName: string;
  profile: string | null;
  status: "queued" | "running" | "done" | "failed";
  total: number;
  processed: number;
  report: ImportReport | null;
  createdAt: Date;
  finishedAt: Date | null;
  createdByEmail: string | null;
  images: { pending: number; done: number; failed: number };
};

const statusColumns = {
  id: productImports.id,
  fileName: productImports.fileName,
  profile: productImports.profile,
  status: productImports.status,
  total: productImports.total,
  processed: productImports.processed,
  report: productImports.report,
  createdAt: productImports.createdAt,
  finishedAt: productImports.finishedAt,
  createdByEmail: productImports.createdByEmail,
};

async function imageCounts(ids: string[], db: DbOrTx) {
  const counts = new Map<string, ImportStatus["images"]>();
  if (ids.length === 0) return counts;
  const rows = await db
    .select({
      importId: productImportImages.importId,
      status: productImportImages.status,
      n: sql<number>`count(*)::int`,
    })
    .from(productImportImages)
    .where(inArray(productImportImages.importId, ids))
    .groupBy(productImportImages.importId, productImportImages.status);
  for (const r of rows) {
    const c = counts.get(r.importId) ?? { pending: 0, done: 0, failed: 0 };
    c[r.status] = r.n;
    counts.set(r.importId, c);
  }
  return counts;
}

/** One import's state (the wizard's progress bar), or null. */
export async function getImportStatus(id: string, db: DbOrTx = getDb()): Promise<ImportStatus | null> {
  const [row] = await db.select(statusColumns).from(productImports).where(eq(productImports.id, id));
  if (!row) return null;
  const counts = await imageCounts([id], db);
  return {
    ...row,
    processed: row.status === "running" ? (progress.get(id) ?? row.processed) : row.processed,
    images: counts.get(id) ?? { pending: 0, done: 0, failed: 0 },
  };
}

/** The latest imports, newest first (Admin > Productos > Importaciones). */
export async function listImports(limit = 50, db: DbOrTx = getDb()): Promise<ImportStatus[]> {
  const rows = await db.select(statusColumns).from(productImports).orderBy(desc(productImports.createdAt)).limit(limit);
  const counts = await imageCounts(
    rows.map((r) => r.id),
    db,
  );
  return rows.map((r) => ({
    ...r,
    processed: r.status === "running" ? (progress.get(r.id) ?? r.processed) : r.processed,
    images: counts.get(r.id) ?? { pending: 0, done: 0, failed: 0 },
  }));
}

/** The images of an import that could not be brought home, by product. */
export async function listImageFailures(importId: string, db: DbOrTx = getDb()) {
  return db
    .select({
      productId: productImportImages.productId,
      productName: products.name,
      sourceUrl: productImportImages.sourceUrl,
      error: productImportImages.error,
    })
    .from(productImportImages)
    .innerJoin(products, eq(products.id, productImportImages.productId))
    .where(and(eq(productImportImages.importId, importId), eq(productImportImages.status, "failed")))
    .orderBy(products.name, productImportImages.sourceUrl);
}
