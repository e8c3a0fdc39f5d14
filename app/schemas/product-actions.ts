import { z } from "zod";
import type { RowError } from "~/domain/product-import";
import type { FieldErrors } from "~/domain/field-errors";
import type { ImportPreview } from "~/domain/import-profiles";
import type { ToastInput } from "./toast";
import { ProductIdSchema } from "./product-form";
import { ImportFileSchema } from "./product-import";

// The products screen's action: the JSON bodies it takes and the answer every branch gives.

const idList = z
  .array(ProductIdSchema)
  .min(1, "Elegí al menos un producto.")
  .max(1000, "Se pueden eliminar hasta 1000 productos por vez.");

/** The JSON bodies the products action takes, by intent (upload-image comes as a multipart form). */
export const ProductJsonActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save"), product: z.unknown() }),
  z.object({ intent: z.literal("delete"), id: ProductIdSchema }),
  z.object({ intent: z.literal("bulk-delete"), ids: idList }),
  z.object({ intent: z.literal("duplicate"), id: ProductIdSchema }),
  z.object({ intent: z.literal("search-related"), q: z.string().trim().max(100), exclude: ProductIdSchema.nullable() }),
  z.object({ intent: z.literal("import-preview"), file: ImportFileSchema }),
  z.object({ intent: z.literal("import"), file: ImportFileSchema }),
]);

export type ProductJsonAction = z.infer<typeof ProductJsonActionSchema>;

/** What every branch of the products action answers; each part of the screen reads its intent's part. */
export type ProductActionResult = {
  intent: string | null;
  ok: boolean;
  toast?: ToastInput;
  errors?: FieldErrors;
  url?: string;
  related?: { id: string; name: string; sku: string | null }[];
  import?: {
    imported: number;
    errors: RowError[];
    warnings?: RowError[];
    failure: string | null;
    /** The background import still running: the wizard follows it at /admin/productos/importaciones/:id. */
    importId?: string;
  };
  preview?: ImportPreview;
};
