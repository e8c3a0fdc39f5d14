import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { products } from "./catalog";

// Product imports run in the background ([18/25], migration 0017): the wizard queues the checked
// products of a file here and a job (app/jobs/product-import.server.ts) writes them, all or
// nothing, claimed once across processes; staff read the report later (Admin > Productos >
// Importaciones). Remote images of the imported products are then downloaded into the store's
// storage by another job, one row per product and address, each failure kept for the report.

export type ImportReport = {
  created: number;
  updated: number;
  unchanged: number;
  categoriesCreated: number;
  errors: { row: number; message: string }[];
  warnings: { row: number; message: string }[];
  failure: string | null;
};

export const productImports = pgTable(
  "product_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fileName: text("file_name").notNull(),
    profile: text("profile"),
    status: text("status", { enum: ["queued", "running", "done", "failed"] })
      .notNull()
      .default("queued"),
    total: integer("total").notNull().default(0),
    processed: integer("processed").notNull().default(0),
    // The checked products and who asked (written by the job, then emptied).
    payload: jsonb("payload").$type<unknown>(),
    report: jsonb("report").$type<ImportReport>(),
    createdBy: text("created_by"),
    createdByEmail: text("created_by_email"),
    // A crashed runner's claim runs out; another process then takes the import again.
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("product_imports_status_idx").on(t.status, t.createdAt),
    check("product_imports_status_valid", sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);

export const productImportImages = pgTable(
  "product_import_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    importId: uuid("import_id")
      .notNull()
      .references(() => productImports.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    sourceUrl: text("source_url").notNull(),
    status: text("status", { enum: ["pending", "done", "failed"] })
      .notNull()
      .default("pending"),
    storedUrl: text("stored_url"),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("product_import_images_status_idx").on(t.status),
    index("product_import_images_import_idx").on(t.importId),
    check("product_import_images_status_valid", sql`${t.status} in ('pending', 'done', 'failed')`),
  ],
);
