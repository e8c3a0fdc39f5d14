import { z } from "zod";
import { IMPORT_FIELDS, IMPORT_MAX_ROWS } from "~/domain/product-import";
import { isImageUrl } from "~/domain/csv";
import type { ProductMeta } from "~/domain/product-meta";

// Product import inputs: the file the wizard sends and the meta object of a CSV cell.

const amountValue = z.union([z.number(), z.string()]).transform((v) => {
  const n = typeof v === "number" ? v : Number(v.replace(",", "."));
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 100) / 100 : null;
});

const StoredMetaFields = {
  price_legend: z.string().max(200),
  description_html: z.string().max(100_000),
  gallery_images: z.array(z.string().max(2000).refine(isImageUrl)).max(30),
  option_groups: z
    .array(
      z.object({
        title: z.string().min(1).max(100),
        options: z
          .array(
            z.object({
              name: z.string().min(1).max(100),
              price: amountValue.nullable().optional(),
              image_url: z.string().max(2000).refine(isImageUrl).nullable().optional(),
            }),
          )
          .max(50),
      }),
    )
    .max(20),
  financing_plans: z
    .array(z.object({ name: z.string().min(1).max(100), interest_rate: z.number().min(0).max(1000) }))
    .max(20),
  reviews: z
    .array(
      z.object({
        author: z.string().max(100).default("Anónimo"),
        text: z.string().min(1).max(2000),
        rating: z.number().int().min(1).max(5),
      }),
    )
    .max(200),
  videos: z
    .array(
      z
        .string()
        .max(2000)
        .regex(/^https?:\/\//i),
    )
    .max(20),
  extra_info: z.record(z.string().max(100), z.string().max(100_000)),
} as const;

/**
 * The known meta fields of an imported object, each kept only when it has the right shape
 * (spec: "meta parsed as JSON, otherwise empty"; a wrong field is dropped, not the row).
 */
export function normaliseImportedMeta(raw: Record<string, unknown>): ProductMeta {
  const meta: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(StoredMetaFields)) {
    if (!(key in raw)) continue;
    const parsed = (schema as z.ZodType).safeParse(raw[key]);
    if (parsed.success) meta[key] = parsed.data;
  }
  return meta as ProductMeta;
}

/** A file as the wizard read it: its header, its rows of cells and the merchant's mapping (null: automatic). */
export const ImportFileSchema = z.object({
  fileName: z.string().trim().min(1).max(255),
  headers: z.array(z.string().max(500)).min(1).max(300),
  data: z
    .array(z.array(z.string().max(100_000)).max(300))
    .min(1, "No hay datos para importar")
    .max(IMPORT_MAX_ROWS, `Se pueden importar hasta ${IMPORT_MAX_ROWS} filas por vez.`),
  mapping: z
    .object(
      Object.fromEntries(IMPORT_FIELDS.map((f) => [f, z.number().int().min(0).max(299).nullable()])) as Record<
        (typeof IMPORT_FIELDS)[number],
        z.ZodNullable<z.ZodNumber>
      >,
    )
    .nullable(),
});
