import { z } from "zod";
import { markupPercentField } from "./amount";
import { optionalId } from "./form-fields";
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from "~/domain/slug";
import type { ToastInput } from "./toast";
import type { FieldErrors } from "~/domain/field-errors";

// The category dialog (spec 5: name and slug required; a new category's slug comes from its
// name: lowercase, hyphens, only a-z, 0-9 and hyphen), its markup for dollar-pegged prices, and the
// delete request.

export const CategoryFormSchema = z.object({
  id: optionalId,
  name: z
    .string({ error: "Ingresá el nombre." })
    .trim()
    .min(1, "Ingresá el nombre.")
    .max(100, "El nombre admite hasta 100 caracteres."),
  slug: z
    .string({ error: "Ingresá el slug." })
    .trim()
    .toLowerCase()
    .min(1, "Ingresá el slug.")
    .max(SLUG_MAX_LENGTH, `El slug admite hasta ${SLUG_MAX_LENGTH} caracteres.`)
    .regex(SLUG_PATTERN, "El slug solo puede tener letras minúsculas, números y guiones."),
  parent_id: optionalId,
  /** [22/25] Markup over the dollar price of its pegged products that have none of their own (ADR 0020). */
  markup: markupPercentField(),
});

export type CategoryInput = z.output<typeof CategoryFormSchema>;

export const CategoryDeleteSchema = z.object({
  ids: z
    .array(z.string().trim().min(1).max(100))
    .min(1, "Elegí al menos una categoría.")
    .max(1000, "Se pueden eliminar hasta 1000 categorías por vez."),
});

/** What the categories action answers. */
export type CategoryActionResult = { intent: string | null; ok: boolean; toast?: ToastInput; errors?: FieldErrors };
