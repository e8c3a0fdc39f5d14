import type { ExportProduct } from "~/domain/product-export";
import type { ProductMeta } from "~/domain/product-meta";
import { type BoxData, formatBoxField } from "~/domain/parcels";
import { DEFAULT_IVA_RATE } from "~/domain/taxes";
import { formatDecimalInput } from "./amount";

/** [21/25] Weight (g) and sides (cm) as typed, for the carriers ("" = not known). */
export type BoxFormValues = { weight_grams: string; length_cm: string; width_cm: string; height_cm: string };

const EMPTY_BOX: BoxFormValues = { weight_grams: "", length_cm: "", width_cm: "", height_cm: "" };

/** A stored box as the dialog shows it. */
function boxToForm(box: BoxData): BoxFormValues {
  return {
    weight_grams: formatBoxField(box.weightGrams),
    length_cm: formatBoxField(box.lengthCm),
    width_cm: formatBoxField(box.widthCm),
    height_cm: formatBoxField(box.heightCm),
  };
}

// What the admin product dialog holds while the clerk edits: every field as text, lists with
// client-only keys, and the conversions from a stored product and to an empty form.

/** Rows of lists carry a client-only `key` for React; the schema drops it. */
export type ProductFormValues = {
  id: string | null;
  name: string;
  slug: string;
  sku: string;
  /** [18/25] The maker's brand, GTIN (EAN/UPC) and part number, for the feeds. */
  brand: string;
  gtin: string;
  mpn: string;
  price: string;
  sale_price: string;
  /** [22/25] Pegged to the dollar (ADR 0020): the USD list price and the markup, as typed. */
  usd_price: string;
  markup: string;
  stock: string;
  /** "21" or "10.5" (percent). */
  iva_rate: string;
  category_id: string;
  status: "published" | "draft";
  is_featured: boolean;
  description: string;
  image_url: string;
  meta: {
    price_legend: string;
    description_html: string;
    gallery_images: string[];
    option_groups: {
      key: string;
      title: string;
      options: { key: string; name: string; price: string; image_url: string }[];
    }[];
    financing_plans: { key: string; name: string; interest_rate: string }[];
    reviews: { key: string; author: string; text: string; rating: number }[];
    videos: string[];
    extra_info: { key: string; label: string; value: string }[];
  };
  related: { id: string; name: string }[];
  /** One row per combination of the option groups ([14/15]); [] without groups. */
  variants: VariantFormRow[];
} & BoxFormValues;

/** A variant in the dialog: its options, and its fields as typed. */
export type VariantFormRow = {
  key: string;
  options: { group: string; option: string }[];
  sku: string;
  price: string;
  sale_price: string;
  stock: string;
  image_url: string;
  gtin: string;
  mpn: string;
} & BoxFormValues;

export const NEW_GROUP_TITLE = "Nuevo Grupo";
export const NEW_PLAN = { name: "3 cuotas", interest_rate: "10" } as const;
export const NEW_REVIEW_RATING = 5;

export function emptyProductForm(): ProductFormValues {
  return {
    id: null,
    name: "",
    slug: "",
    sku: "",
    brand: "",
    gtin: "",
    mpn: "",
    price: "",
    sale_price: "",
    usd_price: "",
    markup: "",
    stock: "",
    iva_rate: String(DEFAULT_IVA_RATE),
    category_id: "",
    status: "published",
    is_featured: false,
    description: "",
    image_url: "",
    meta: {
      price_legend: "",
      description_html: "",
      gallery_images: [],
      option_groups: [],
      financing_plans: [],
      reviews: [],
      videos: [],
      extra_info: [],
    },
    related: [],
    variants: [],
    ...EMPTY_BOX,
  };
}

/** A new variant row's box: empty, the product's applies. */
export const EMPTY_VARIANT_BOX = EMPTY_BOX;

let keyCounter = 0;
/** A key for a new list row in the dialog. */
export function newKey(): string {
  keyCounter += 1;
  return `k${keyCounter}`;
}

/** A stored product as dialog values. */
export function productToForm(p: {
  id: string;
  name: string;
  slug: string;
  sku: string | null;
  brand?: string | null;
  gtin?: string | null;
  mpn?: string | null;
  weightGrams?: number | null;
  lengthCm?: number | null;
  widthCm?: number | null;
  heightCm?: number | null;
  price: string | number | null;
  salePrice: string | number | null;
  usdPrice?: number | null;
  markupPercent?: number | null;
  stock: number;
  ivaRate: number;
  categoryId: string | null;
  status: "published" | "draft";
  isFeatured: boolean;
  description: string | null;
  imageUrl: string | null;
  meta: ProductMeta;
  related: { id: string; name: string }[];
  variants?: (ExportProduct["variants"][number] & { gtin?: string | null; mpn?: string | null } & BoxData)[];
}): ProductFormValues {
  const meta = p.meta ?? {};
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    sku: p.sku ?? "",
    brand: p.brand ?? "",
    gtin: p.gtin ?? "",
    mpn: p.mpn ?? "",
    price: formatDecimalInput(p.price),
    sale_price: formatDecimalInput(p.salePrice),
    usd_price: formatDecimalInput(p.usdPrice),
    markup: formatDecimalInput(p.markupPercent),
    stock: String(p.stock),
    iva_rate: String(Number(p.ivaRate)),
    category_id: p.categoryId ?? "",
    status: p.status,
    is_featured: p.isFeatured,
    description: p.description ?? "",
    image_url: p.imageUrl ?? "",
    meta: {
      price_legend: meta.price_legend ?? "",
      description_html: meta.description_html ?? "",
      gallery_images: [...(meta.gallery_images ?? [])],
      option_groups: (meta.option_groups ?? []).map((g) => ({
        key: newKey(),
        title: g.title ?? "",
        options: (g.options ?? []).map((o) => ({
          key: newKey(),
          name: o.name ?? "",
          price: formatDecimalInput(o.price),
          image_url: o.image_url ?? "",
        })),
      })),
      financing_plans: (meta.financing_plans ?? []).map((f) => ({
        key: newKey(),
        name: f.name ?? "",
        interest_rate: formatDecimalInput(f.interest_rate),
      })),
      reviews: (meta.reviews ?? []).map((r) => ({
        key: newKey(),
        author: r.author ?? "",
        text: r.text ?? "",
        rating: r.rating ?? NEW_REVIEW_RATING,
      })),
      videos: [...(meta.videos ?? [])],
      extra_info: Object.entries(meta.extra_info ?? {}).map(([label, value]) => ({ key: newKey(), label, value })),
    },
    related: p.related,
    ...boxToForm(p),
    variants: (p.variants ?? []).map((v) => ({
      ...boxToForm(v),
      key: newKey(),
      options: v.options.map(({ group, option }) => ({ group, option })),
      sku: v.sku,
      price: formatDecimalInput(v.price),
      sale_price: formatDecimalInput(v.salePrice),
      stock: String(v.stock),
      image_url: v.imageUrl ?? "",
      gtin: v.gtin ?? "",
      mpn: v.mpn ?? "",
    })),
  };
}
