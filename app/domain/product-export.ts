import { DEFAULT_IVA_RATE } from "./taxes";
import { CSV_BOM, formatCsvIvaRate, formatCsvNumber, neutraliseCell, toCsv } from "./csv";
import { IMPORT_FIELDS, type ImportField, type ProductFileColumns, formatVariantOptions } from "./product-import";
import { type BoxData, formatBoxField } from "./parcels";

// The product CSV export and the import template: exactly the importable fields, one row per
// product or one per variant, numbers in es-AR, so that importing an export changes nothing.

/** Columns of the export and the template: exactly the importable fields. */
export const EXPORT_COLUMNS: readonly ImportField[] = IMPORT_FIELDS;

export type ExportProduct = ProductFileColumns & {
  price: string | number | null;
  salePrice: string | number | null;
  meta: unknown;
  ivaRate: number;
  brand?: string | null;
  gtin?: string | null;
  mpn?: string | null;
  /** [22/25] Pegged to the dollar (ADR 0020): the USD list price and the markup (null: none). */
  usdPrice?: number | null;
  markupPercent?: number | null;
  slug: string;
  variants: ({
    options: { group: string; option: string }[];
    sku: string;
    price: string | number | null;
    salePrice: string | number | null;
    stock: number;
    imageUrl: string | null;
  } & BoxData)[];
} & BoxData;

/** A box's columns ("" where not known). */
function boxCells(box: BoxData | undefined) {
  return {
    weight_grams: formatBoxField(box?.weightGrams),
    length_cm: formatBoxField(box?.lengthCm),
    width_cm: formatBoxField(box?.widthCm),
    height_cm: formatBoxField(box?.heightCm),
  };
}

function metaCell(meta: unknown): string {
  if (!meta || typeof meta !== "object" || Object.keys(meta).length === 0) return "";
  return JSON.stringify(meta);
}

/**
 * A product as export rows, in EXPORT_COLUMNS order, formulas neutralised: one row, or one per
 * variant (the first with the product's columns, the next ones with its slug and the variant's).
 */
export function productToExportRows(p: ExportProduct): string[][] {
  const rest = p.variants.slice(1);
  const rows = [productToExportRow(p)];
  for (const v of rest) {
    const cells = Object.fromEntries(IMPORT_FIELDS.map((f) => [f, ""])) as Record<ImportField, string>;
    Object.assign(cells, { slug: p.slug }, variantCells(v));
    rows.push(EXPORT_COLUMNS.map((c) => neutraliseCell(cells[c])));
  }
  return rows;
}

/** A variant's columns (all empty for a product without variants). */
function variantCells(v: ExportProduct["variants"][number] | undefined) {
  return {
    variant_options: v ? formatVariantOptions(v.options) : "",
    variant_sku: v?.sku ?? "",
    variant_price: formatCsvNumber(v?.price),
    variant_sale_price: formatCsvNumber(v?.salePrice),
    variant_stock: v ? String(v.stock) : "",
    variant_image_url: v?.imageUrl ?? "",
    variant_weight_grams: formatBoxField(v?.weightGrams),
    variant_length_cm: formatBoxField(v?.lengthCm),
    variant_width_cm: formatBoxField(v?.widthCm),
    variant_height_cm: formatBoxField(v?.heightCm),
  };
}

/** A product's first export row (its only one without variants). */
export function productToExportRow(p: ExportProduct): string[] {
  const v = p.variants[0];
  const cells: Record<ImportField, string> = {
    name: p.name,
    price: formatCsvNumber(p.price),
    // With variants the stock is theirs: the product's column stays empty.
    stock: v ? "" : String(p.stock),
    description: p.description ?? "",
    image_url: p.imageUrl ?? "",
    category_name: p.categoryName ?? "",
    sku: p.sku ?? "",
    sale_price: formatCsvNumber(p.salePrice),
    status: p.status,
    is_featured: p.isFeatured ? "true" : "false",
    meta: metaCell(p.meta),
    iva_rate: formatCsvIvaRate(p.ivaRate),
    brand: p.brand ?? "",
    gtin: p.gtin ?? "",
    mpn: p.mpn ?? "",
    ...boxCells(p),
    precio_usd: formatCsvNumber(p.usdPrice),
    margen: formatCsvNumber(p.markupPercent),
    slug: p.slug,
    ...variantCells(v),
  };
  return EXPORT_COLUMNS.map((c) => neutraliseCell(cells[c]));
}

/** The export file's content: BOM + header + one row per product. */
export function buildExportCsv(products: ExportProduct[]): string {
  return CSV_BOM + toCsv(EXPORT_COLUMNS, products.flatMap(productToExportRows));
}

/** The template: the importable fields and one example row. */
export function buildTemplateCsv(): string {
  const example: ExportProduct = {
    name: 'Notebook Lenovo IdeaPad 3 15,6"',
    price: 899999.99,
    salePrice: 849999,
    stock: 10,
    description: "Intel Core i5, 8 GB de RAM, SSD de 512 GB.",
    imageUrl: "https://ejemplo.com/imagenes/ideapad-3.jpg",
    categoryName: "Notebooks",
    sku: "LEN-IP3-15",
    status: "published",
    isFeatured: true,
    meta: { price_legend: "Precio final con IVA incluido" },
    ivaRate: DEFAULT_IVA_RATE,
    slug: "notebook-lenovo-ideapad-3-15",
    variants: [],
  };
  return CSV_BOM + toCsv(EXPORT_COLUMNS, [productToExportRow(example)]);
}
