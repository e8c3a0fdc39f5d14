import { z } from "zod";
import {
  DESCRIPTION_MAX_LENGTH,
  NAME_MAX_LENGTH,
  SKU_MAX_LENGTH,
  BRAND_MAX_LENGTH,
  MPN_MAX_LENGTH,
} from "~/domain/product-import";
import { isImageUrl } from "~/domain/csv";
import type { FinancingPlan, OptionGroup, ProductMeta, Review } from "~/domain/product-meta";
import { SLUG_MAX_LENGTH, SLUG_PATTERN, slugify } from "~/domain/slug";
import { type IvaRate, isIvaRate } from "~/domain/taxes";
import { MAX_VARIANTS } from "~/domain/variants";
import { parseGtin } from "~/domain/gtin";
import { type BoxData, type BoxField, parseBoxField } from "~/domain/parcels";
import { markupPercentField, requiredAmount, typedAmount } from "./amount";

// The admin product form (spec 5: name, price and stock required; step 0.01; integer stock;
// slug from the name; empty price null; empty stock 0; description cut to 250) and the other
// inputs of the products screen: the list's URL and each action's payload. "Required" is
// enforced here, not only in the browser: a published product needs a price above 0 and a
// stock; a draft may leave them empty (saved as null and 0). IVA rate: 21 (default) or 10.5.

/** A free identifier (brand, MPN): trimmed, "" -> null. */
const optionalIdentifier = (max: number, tooLong: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .refine((v) => v.length <= max, tooLong)
    .transform((v) => (v === "" ? null : v));

/** The GTIN (EAN/UPC): "" -> null; otherwise 8, 12, 13 or 14 digits with their check digit. */
const gtinText = z
  .string()
  .optional()
  .transform((value, ctx): string | null => {
    if (!value?.trim()) return null;
    const gtin = parseGtin(value);
    if (!gtin.ok) {
      ctx.addIssue({ code: "custom", message: gtin.error });
      return z.NEVER;
    }
    return gtin.gtin;
  });

/** The stock field: an integer from 0; "" -> null here, saved as 0 (only a draft may leave it empty). */
const stockText = z
  .string({ error: "El stock no es válido." })
  .trim()
  .transform((value, ctx): number | null => {
    if (value === "") return null;
    if (!/^-?\d+$/.test(value)) {
      ctx.addIssue({ code: "custom", message: "El stock debe ser un número entero." });
      return z.NEVER;
    }
    const n = Number(value);
    if (n < 0) {
      ctx.addIssue({ code: "custom", message: "El stock no puede ser negativo." });
      return z.NEVER;
    }
    if (n > 2_147_483_647) {
      ctx.addIssue({ code: "custom", message: "El stock es demasiado alto." });
      return z.NEVER;
    }
    return n;
  });

/** [21/25] A weight (g) or side (cm) for the carriers: "" -> null (not known); the database's limits. */
const boxText = (field: BoxField) =>
  z
    .string()
    .optional()
    .transform((value, ctx): number | null => {
      const parsed = parseBoxField(field, value);
      if (parsed.ok) return parsed.value;
      ctx.addIssue({ code: "custom", message: `${parsed.message.charAt(0).toUpperCase()}${parsed.message.slice(1)}.` });
      return z.NEVER;
    });

/** The box fields of a product or a variant, as the dialog names them. */
const BOX_INPUTS = {
  weight_grams: boxText("weightGrams"),
  length_cm: boxText("lengthCm"),
  width_cm: boxText("widthCm"),
  height_cm: boxText("heightCm"),
};

function boxOf(v: {
  weight_grams: number | null;
  length_cm: number | null;
  width_cm: number | null;
  height_cm: number | null;
}): BoxData {
  return { weightGrams: v.weight_grams, lengthCm: v.length_cm, widthCm: v.width_cm, heightCm: v.height_cm };
}

/** An image address: "" -> null; otherwise http(s) or a path on this site (/uploads/...). */
const imageUrl = z
  .string()
  .trim()
  .max(2000, "La URL de la imagen es demasiado larga.")
  .refine((v) => v === "" || isImageUrl(v), "Ingresá una URL de imagen válida (http://, https:// o /uploads/...).")
  .transform((v) => (v === "" ? null : v));

const httpUrl = (message: string) =>
  z
    .string()
    .trim()
    .min(1, message)
    .max(2000, message)
    .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), message);

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((v) => (v === "" ? undefined : v));

const OptionSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Ingresá el nombre de la opción.")
    .max(100, "El nombre de la opción admite hasta 100 caracteres."),
  price: typedAmount({ label: "el precio de la opción" }),
  image_url: imageUrl,
});

const GroupSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, "Ingresá el título del grupo.")
    .max(100, "El título del grupo admite hasta 100 caracteres."),
  options: z.array(OptionSchema).max(50, "Un grupo admite hasta 50 opciones."),
});

const GroupsSchema = z
  .array(GroupSchema)
  .max(20, "Se admiten hasta 20 grupos de opciones.")
  .superRefine((groups, ctx) => {
    // Each group and each option of a group once: a variant is one option of each group.
    const titles = new Set<string>();
    groups.forEach((g, gi) => {
      if (titles.has(g.title))
        ctx.addIssue({ code: "custom", path: [gi, "title"], message: "Ya hay un grupo con ese título." });
      titles.add(g.title);
      const names = new Set<string>();
      g.options.forEach((o, oi) => {
        if (names.has(o.name))
          ctx.addIssue({
            code: "custom",
            path: [gi, "options", oi, "name"],
            message: "Ya hay una opción con ese nombre en este grupo.",
          });
        names.add(o.name);
      });
    });
    const total = groups.filter((g) => g.options.length > 0).reduce((n, g) => n * g.options.length, 1);
    if (groups.some((g) => g.options.length > 0) && total > MAX_VARIANTS)
      ctx.addIssue({
        code: "custom",
        path: [],
        message: `Las opciones forman ${total} combinaciones: se admiten hasta ${MAX_VARIANTS} variantes por producto.`,
      });
  });

const VariantSchema = z.object({
  options: z
    .array(z.object({ group: z.string().max(100), option: z.string().max(100) }))
    .max(20, "La variante no es válida."),
  // Empty: the server makes one from the product's SKU (or slug) and the options.
  sku: z.string().trim().max(SKU_MAX_LENGTH, `El SKU admite hasta ${SKU_MAX_LENGTH} caracteres.`),
  price: typedAmount({ label: "el precio de la variante" }),
  sale_price: typedAmount({ label: "el precio de oferta de la variante" }),
  stock: stockText.transform((n) => n ?? 0),
  image_url: imageUrl,
  gtin: gtinText,
  mpn: optionalIdentifier(MPN_MAX_LENGTH, `El MPN admite hasta ${MPN_MAX_LENGTH} caracteres.`),
  ...BOX_INPUTS,
});

const PlanSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Ingresá el nombre del plan.")
    .max(100, "El nombre del plan admite hasta 100 caracteres."),
  interest_rate: requiredAmount({ label: "la tasa de interés", feminine: true, percent: true }).refine(
    (n) => n <= 1000,
    "La tasa de interés va de 0 a 1000 %.",
  ),
});

const ReviewSchema = z.object({
  author: z.string().trim().max(100, "El autor admite hasta 100 caracteres."),
  text: z
    .string()
    .trim()
    .min(1, "Escribí el texto de la opinión.")
    .max(2000, "La opinión admite hasta 2000 caracteres."),
  rating: z.coerce
    .number()
    .int("La calificación va de 1 a 5.")
    .min(1, "La calificación va de 1 a 5.")
    .max(5, "La calificación va de 1 a 5."),
});

const ExtraSchema = z.object({
  label: z
    .string()
    .trim()
    .min(1, "Ingresá el título de la sección.")
    .max(100, "El título admite hasta 100 caracteres."),
  value: z.string().max(100_000, "El contenido es demasiado largo."),
});

const MetaFormSchema = z.object({
  price_legend: optionalText(200, "La leyenda del precio admite hasta 200 caracteres."),
  description_html: z
    .string()
    .max(100_000, "La descripción es demasiado larga.")
    .transform((v) => (v.trim() === "" ? undefined : v)),
  gallery_images: z.array(imageUrl).max(30, "La galería admite hasta 30 imágenes."),
  option_groups: GroupsSchema,
  financing_plans: z.array(PlanSchema).max(20, "Se admiten hasta 20 planes."),
  reviews: z.array(ReviewSchema).max(200, "Se admiten hasta 200 opiniones."),
  videos: z
    .array(httpUrl("Ingresá una URL de video válida (http:// o https://)."))
    .max(20, "Se admiten hasta 20 videos."),
  extra_info: z
    .array(ExtraSchema)
    .max(20, "Se admiten hasta 20 secciones.")
    .superRefine((entries, ctx) => {
      const seen = new Set<string>();
      entries.forEach((e, i) => {
        if (seen.has(e.label))
          ctx.addIssue({ code: "custom", path: [i, "label"], message: "Ya hay una sección con ese título." });
        seen.add(e.label);
      });
    }),
});

/** A product's id as the screen sends it. */
export const ProductIdSchema = z.uuid({ error: "El producto no es válido." });
const IVA_RATE_ERROR = "Elegí una alícuota de IVA válida (21 % o 10,5 %).";

export const ProductFormSchema = z
  .object({
    id: ProductIdSchema.nullable(),
    name: z
      .string({ error: "Ingresá el nombre del producto." })
      .trim()
      .min(1, "Ingresá el nombre del producto.")
      .max(NAME_MAX_LENGTH, `El nombre admite hasta ${NAME_MAX_LENGTH} caracteres.`),
    slug: z.string().trim().toLowerCase().max(SLUG_MAX_LENGTH, `El slug admite hasta ${SLUG_MAX_LENGTH} caracteres.`),
    sku: z
      .string()
      .trim()
      .max(SKU_MAX_LENGTH, `El SKU admite hasta ${SKU_MAX_LENGTH} caracteres.`)
      .transform((v) => (v === "" ? null : v)),
    brand: optionalIdentifier(BRAND_MAX_LENGTH, `La marca admite hasta ${BRAND_MAX_LENGTH} caracteres.`),
    gtin: gtinText,
    mpn: optionalIdentifier(MPN_MAX_LENGTH, `El MPN admite hasta ${MPN_MAX_LENGTH} caracteres.`),
    price: typedAmount({ label: "el precio" }),
    sale_price: typedAmount({ label: "el precio de oferta" }),
    usd_price: typedAmount({ label: "el precio en dólares" })
      .refine((v) => v === null || v > 0, "El precio en dólares debe ser mayor que 0.")
      .default(null),
    markup: markupPercentField(),
    stock: stockText,
    iva_rate: z
      .string({ error: IVA_RATE_ERROR })
      .trim()
      .transform((value, ctx): IvaRate => {
        const n = Number(value.replace(",", "."));
        if (!isIvaRate(n)) {
          ctx.addIssue({ code: "custom", message: IVA_RATE_ERROR });
          return z.NEVER;
        }
        return n;
      }),
    category_id: z
      .string()
      .trim()
      .max(100)
      .transform((v) => (v === "" ? null : v)),
    status: z.enum(["published", "draft"], { error: "Elegí un estado válido." }),
    is_featured: z.boolean(),
    // Spec: the description is stored cut to 250 characters.
    description: z
      .string()
      .max(10_000, "La descripción es demasiado larga.")
      .transform((v) => v.trim().slice(0, DESCRIPTION_MAX_LENGTH))
      .transform((v) => (v === "" ? null : v)),
    image_url: imageUrl,
    ...BOX_INPUTS,
    meta: MetaFormSchema,
    related: z
      .array(z.object({ id: z.uuid({ error: "Un producto relacionado no es válido." }) }))
      .max(50, "Se admiten hasta 50 productos relacionados.")
      .transform((list) => [...new Set(list.map((r) => r.id))]),
    variants: z
      .array(VariantSchema)
      .max(MAX_VARIANTS, `Se admiten hasta ${MAX_VARIANTS} variantes por producto.`)
      .default([]),
  })
  .superRefine((p, ctx) => {
    // A published product must be buyable: a price above zero and a stock typed in (0 is fine).
    // A draft may wait for them (spec: empty price saved as null, empty stock as 0).
    if (p.status !== "published") return;
    if (p.price === null)
      ctx.addIssue({
        code: "custom",
        path: ["price"],
        message: "Ingresá el precio: es obligatorio para publicar el producto.",
      });
    else if (p.price <= 0)
      ctx.addIssue({
        code: "custom",
        path: ["price"],
        message: "El precio debe ser mayor que 0 para publicar el producto.",
      });
    // With variants, the stock is theirs (each one defaults to 0).
    if (p.stock === null && !p.meta.option_groups.some((g) => g.options.length > 0))
      ctx.addIssue({
        code: "custom",
        path: ["stock"],
        message: "Ingresá el stock: es obligatorio para publicar el producto.",
      });
  })
  .transform((p, ctx) => {
    // The slug comes from the name when left empty.
    const slug = p.slug || slugify(p.name);
    if (!slug) {
      ctx.addIssue({
        code: "custom",
        path: ["slug"],
        message: "Ingresá un slug: el nombre no tiene letras ni números.",
      });
      return z.NEVER;
    }
    if (!SLUG_PATTERN.test(slug)) {
      ctx.addIssue({
        code: "custom",
        path: ["slug"],
        message: "El slug solo puede tener letras minúsculas, números y guiones.",
      });
      return z.NEVER;
    }
    const meta: ProductMeta = {
      ...(p.meta.price_legend ? { price_legend: p.meta.price_legend } : {}),
      ...(p.meta.description_html ? { description_html: p.meta.description_html } : {}),
      gallery_images: p.meta.gallery_images.filter((u): u is string => u !== null),
      option_groups: p.meta.option_groups as OptionGroup[],
      financing_plans: p.meta.financing_plans as FinancingPlan[],
      reviews: p.meta.reviews.map((r) => ({ ...r, author: r.author || "Anónimo" })) as Review[],
      videos: p.meta.videos,
      extra_info: Object.fromEntries(p.meta.extra_info.map((e) => [e.label, e.value])),
    };
    return {
      id: p.id,
      name: p.name,
      slug,
      sku: p.sku,
      brand: p.brand,
      gtin: p.gtin,
      mpn: p.mpn,
      price: p.price,
      salePrice: p.sale_price,
      usdPrice: p.usd_price,
      markupPercent: p.markup,
      stock: p.stock ?? 0,
      ivaRate: p.iva_rate,
      categoryId: p.category_id,
      status: p.status,
      isFeatured: p.is_featured,
      description: p.description,
      imageUrl: p.image_url,
      box: boxOf(p),
      meta,
      relatedIds: p.related.filter((id) => id !== p.id),
      variants: p.variants.map((v) => ({
        options: v.options,
        sku: v.sku,
        price: v.price,
        sale_price: v.sale_price,
        stock: v.stock,
        image_url: v.image_url,
        gtin: v.gtin,
        mpn: v.mpn,
        box: boxOf(v),
      })),
    };
  });

export type ProductInput = z.output<typeof ProductFormSchema>;

/** The dialog tab that shows the field behind an error key. */
export function tabOfError(key: string): string {
  if (key.startsWith("meta.option_groups") || key.startsWith("variants")) return "opciones";
  if (key.startsWith("meta.financing_plans")) return "financiacion";
  if (key.startsWith("meta.gallery_images")) return "galeria";
  if (key.startsWith("related")) return "relacionados";
  if (key.startsWith("meta.reviews")) return "opiniones";
  if (key.startsWith("meta.videos")) return "videos";
  if (key.startsWith("meta.extra_info")) return "extra";
  return "detalles";
}
