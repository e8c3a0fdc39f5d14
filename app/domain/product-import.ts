import { type ColumnSeparator, decideColumnSeparator, parseColumnAmount } from "./amount";
import { parseGtin } from "./gtin";
import { lowerFirst } from "./text";
import { BOX_FIELDS, type BoxData, type BoxField, parseBoxField } from "./parcels";
import { fromCents } from "./money";
import { type IvaRate } from "./taxes";
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from "./slug";
import {
  isImageUrl,
  parseBoolean,
  parseIvaRate,
  parseMeta,
  parseNumber,
  parseStatus,
  normaliseHeader,
  restoreCell,
} from "./csv";

// The product import of the wizard (spec sections 5 and 9) for a file mapped by hand or by
// header names: which column feeds which field, and each mapped row checked as a product to
// save (or the reason it cannot be). Platform exports (Tiendanube, Shopify, WooCommerce) are
// turned into the same products by import-profiles.ts.

export const IMPORT_FIELDS = [
  "name",
  "price",
  "stock",
  "description",
  "image_url",
  "category_name",
  "sku",
  "sale_price",
  "status",
  "is_featured",
  "meta",
  // Not in the spec's list: the IVA rate of [6/8] (empty = 21).
  "iva_rate",
  // [18/25] The maker's identifiers the feeds send (empty = unknown).
  "brand",
  "gtin",
  "mpn",
  // [21/25] The packed product's weight and sides for the carriers (empty = the default parcel).
  "weight_grams",
  "length_cm",
  "width_cm",
  "height_cm",
  // [22/25] Pegged to the dollar (ADR 0020): the list price in USD and the markup in percent
  // (empty = not pegged / the category's markup; a file without the column keeps what is stored).
  "precio_usd",
  "margen",
  // [14/15] One row per variant, as the Shopify product CSV does: the slug groups the rows of a
  // product (its first row holds the product's columns, the next ones may leave them empty),
  // and an existing slug updates that product instead of creating one.
  "slug",
  "variant_options",
  "variant_sku",
  "variant_price",
  "variant_sale_price",
  "variant_stock",
  "variant_image_url",
  // [21/25] A variant's own weight and sides (empty = the product's).
  "variant_weight_grams",
  "variant_length_cm",
  "variant_width_cm",
  "variant_height_cm",
] as const;

export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  name: "Nombre (obligatorio)",
  price: "Precio",
  stock: "Stock",
  description: "Descripción",
  image_url: "URL de imagen",
  category_name: "Categoría",
  sku: "SKU",
  sale_price: "Precio de oferta",
  status: "Estado",
  is_featured: "Destacado",
  meta: "Meta (JSON)",
  iva_rate: "IVA (21 o 10,5)",
  brand: "Marca",
  gtin: "GTIN",
  mpn: "MPN",
  weight_grams: "Peso (g)",
  length_cm: "Largo (cm)",
  width_cm: "Ancho (cm)",
  height_cm: "Alto (cm)",
  precio_usd: "Precio en dólares (USD)",
  margen: "Margen sobre el dólar (%)",
  slug: "Slug (agrupa las filas de un producto)",
  variant_options: "Opciones de la variante",
  variant_sku: "SKU de la variante",
  variant_price: "Precio de la variante",
  variant_sale_price: "Precio de oferta de la variante",
  variant_stock: "Stock de la variante",
  variant_image_url: "Imagen de la variante",
  variant_weight_grams: "Peso de la variante (g)",
  variant_length_cm: "Largo de la variante (cm)",
  variant_width_cm: "Ancho de la variante (cm)",
  variant_height_cm: "Alto de la variante (cm)",
};

/** Header names (normalised: lowercase, no accents, "_" between words) matched to each field. */
const FIELD_ALIASES: Record<ImportField, string[]> = {
  name: [
    "name",
    "nombre",
    "producto",
    "nombre_producto",
    "nombre_del_producto",
    "product",
    "product_name",
    "titulo",
    "title",
  ],
  price: [
    "price",
    "precio",
    "precio_regular",
    "precio_lista",
    "precio_de_lista",
    "precio_de_venta",
    "precio_venta",
    "precio_final",
    "pvp",
    "regular_price",
    "list_price",
  ],
  stock: ["stock", "cantidad", "existencias", "inventario", "quantity", "qty"],
  description: ["description", "descripcion", "descripcion_corta", "short_description", "detalle"],
  image_url: [
    "image_url",
    "imagen",
    "image",
    "url_imagen",
    "imagen_url",
    "url_de_imagen",
    "foto",
    "imagen_principal",
    "image_link",
    "image_src",
  ],
  category_name: [
    "category_name",
    "categoria",
    "category",
    "nombre_categoria",
    "categoria_nombre",
    "nombre_de_categoria",
    "categorias",
    "categories",
    "rubro",
  ],
  sku: ["sku", "codigo", "code", "codigo_sku", "cod", "referencia"],
  sale_price: [
    "sale_price",
    "precio_oferta",
    "precio_de_oferta",
    "oferta",
    "precio_promocional",
    "precio_promo",
    "offer_price",
  ],
  status: ["status", "estado"],
  is_featured: ["is_featured", "destacado", "destacada", "featured", "es_destacado"],
  meta: ["meta", "metadata", "metadatos", "meta_json"],
  iva_rate: [
    "iva_rate",
    "iva",
    "alicuota",
    "alicuota_iva",
    "alicuota_de_iva",
    "tasa_iva",
    "tasa_de_iva",
    "iva_porcentaje",
    "vat",
    "vat_rate",
    "tax_rate",
  ],
  brand: ["brand", "marca", "vendor", "fabricante", "brands"],
  gtin: ["gtin", "ean", "upc", "barcode", "codigo_de_barras", "gtin_upc_ean_isbn", "isbn"],
  mpn: ["mpn", "numero_de_parte", "part_number", "manufacturer_part_number"],
  weight_grams: ["weight_grams", "peso", "peso_g", "peso_gramos", "peso_en_gramos", "weight", "grams"],
  length_cm: ["length_cm", "largo", "largo_cm", "length"],
  width_cm: ["width_cm", "ancho", "ancho_cm", "width"],
  height_cm: ["height_cm", "alto", "alto_cm", "height"],
  precio_usd: ["precio_usd", "usd_price", "precio_en_dolares", "precio_dolares", "precio_en_usd", "usd"],
  margen: ["margen", "markup", "markup_percent", "margen_porcentaje", "margen_sobre_el_dolar"],
  slug: ["slug", "handle", "url_handle"],
  variant_options: ["variant_options", "opciones_de_la_variante", "opciones_variante", "variante", "opciones"],
  variant_sku: ["variant_sku", "sku_de_la_variante", "sku_variante"],
  variant_price: ["variant_price", "precio_de_la_variante", "precio_variante"],
  variant_sale_price: [
    "variant_sale_price",
    "precio_de_oferta_de_la_variante",
    "oferta_variante",
    "variant_compare_at_price",
  ],
  variant_stock: ["variant_stock", "stock_de_la_variante", "stock_variante", "variant_inventory_qty"],
  variant_image_url: ["variant_image_url", "imagen_de_la_variante", "imagen_variante", "variant_image"],
  variant_weight_grams: ["variant_weight_grams", "peso_de_la_variante", "peso_variante", "variant_grams"],
  variant_length_cm: ["variant_length_cm", "largo_de_la_variante", "largo_variante"],
  variant_width_cm: ["variant_width_cm", "ancho_de_la_variante", "ancho_variante"],
  variant_height_cm: ["variant_height_cm", "alto_de_la_variante", "alto_variante"],
};

/** Which CSV column (its index) feeds each field; null when none. */
export type ColumnMapping = Record<ImportField, number | null>;

/** One data row with the mapped columns' texts, and its row number in the file (header = 1). */
export type MappedRow = { row: number; values: Partial<Record<ImportField, string>> };

/** A product's columns that the import reads and the export writes as they are. */
export type ProductFileColumns = {
  name: string;
  stock: number;
  description: string | null;
  imageUrl: string | null;
  categoryName: string | null;
  sku: string | null;
  status: "published" | "draft";
  isFeatured: boolean;
};

export type ImportProduct = ProductFileColumns & {
  price: number | null;
  salePrice: number | null;
  /** The parsed meta object ({} when the cell was empty or not a JSON object). */
  meta: Record<string, unknown>;
  ivaRate: IvaRate;
  brand: string | null;
  gtin: string | null;
  mpn: string | null;
  /** [21/25] Weight and sides; undefined when the file has none of those columns (kept as stored). */
  box?: BoxData;
  /** [22/25] The USD list price (null: not pegged); undefined when the file has no such column (kept as stored). */
  usdPrice?: number | null;
  /** [22/25] The markup in percent (null: the category's); undefined when the file has no such column. */
  markupPercent?: number | null;
  /** The slug of the file (an existing one updates that product); null: made from the name. */
  slug: string | null;
  /** One per variant row ([] for a product without variants). */
  variants: ImportVariant[];
  /**
   * Published in the file but without a price, so imported as a draft: a product that is
   * already published without a price (shown as "Consultar precio") stays as it is.
   */
  draftedWithoutPrice?: boolean;
};

export type ImportVariant = {
  row: number;
  options: { group: string; option: string }[];
  sku: string | null;
  price: number | null;
  salePrice: number | null;
  stock: number;
  imageUrl: string | null;
  /** Its own weight and sides; undefined when the file has none of those columns. */
  box?: BoxData;
};

export type RowError = { row: number; message: string };

export const DESCRIPTION_MAX_LENGTH = 250;
export const NAME_MAX_LENGTH = 255;
export const SKU_MAX_LENGTH = 100;
/** Google's limits for brand and MPN (the database checks them too). */
export const BRAND_MAX_LENGTH = 70;
export const MPN_MAX_LENGTH = 70;
export const IMPORT_PREVIEW_ROWS = 5;
/** The most rows one import takes (a larger file is refused as a whole). */
export const IMPORT_MAX_ROWS = 20_000;

/** Each field matched to the first column whose header is one of its names. */
export function autoMatchColumns(headers: string[]): ColumnMapping {
  const normalised = headers.map(normaliseHeader);
  const mapping = {} as ColumnMapping;
  const used = new Set<number>();
  for (const field of IMPORT_FIELDS) {
    const index = normalised.findIndex((h, i) => !used.has(i) && FIELD_ALIASES[field].includes(h));
    mapping[field] = index >= 0 ? index : null;
    if (index >= 0) used.add(index);
  }
  return mapping;
}

/** The mapped cells of each data row (apostrophes of neutralised cells removed). */
export function mapRows(data: string[][], mapping: ColumnMapping, firstRowNumber = 2): MappedRow[] {
  return data.map((cells, i) => {
    const values: MappedRow["values"] = {};
    for (const field of IMPORT_FIELDS) {
      const index = mapping[field];
      if (index === null) continue;
      const cell = cells[index];
      if (cell !== undefined) values[field] = restoreCell(cell);
    }
    return { row: firstRowNumber + i, values };
  });
}

// ---------------------------------------------------------------- validating rows

const BOX_COLUMNS: Record<BoxField, ImportField> = {
  weightGrams: "weight_grams",
  lengthCm: "length_cm",
  widthCm: "width_cm",
  heightCm: "height_cm",
};

/**
 * A row's weight and sides (the product's, or with `variant` the variant's): undefined when the
 * file maps none of those columns, or what is wrong ("el largo (cm) debe ser mayor que 0").
 */
function boxCells(
  values: MappedRow["values"],
  variant: boolean,
): { ok: true; box: BoxData | undefined } | { ok: false; message: string } {
  const column = (field: BoxField) => (variant ? `variant_${BOX_COLUMNS[field]}` : BOX_COLUMNS[field]) as ImportField;
  if (BOX_FIELDS.every((f) => values[column(f)] === undefined)) return { ok: true, box: undefined };
  const box: BoxData = {};
  for (const field of BOX_FIELDS) {
    const parsed = parseBoxField(field, values[column(field)]);
    if (!parsed.ok) return { ok: false, message: variant ? `${parsed.message} (de la variante)` : parsed.message };
    box[field] = parsed.value;
  }
  return { ok: true, box };
}

/** The price (and markup) columns: each one's decimal separator is decided from all its cells. */
export const PRICE_FIELDS = [
  "price",
  "sale_price",
  "variant_price",
  "variant_sale_price",
  "precio_usd",
  "margen",
] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];
export type PriceColumns = Record<PriceField, ColumnSeparator>;

/** Every price column read the Argentine way: what a file written by hand or by our export has. */
const ES_AR: ColumnSeparator = { decimal: "," };

export const ES_AR_PRICE_COLUMNS = Object.fromEntries(PRICE_FIELDS.map((f) => [f, ES_AR])) as PriceColumns;

/** The decimal separator of each price column, decided from all the rows of the file. */
export function decidePriceColumns(rows: MappedRow[]): PriceColumns {
  const decide = (field: PriceField) => decideColumnSeparator(rows.map((r) => r.values[field] ?? ""));
  return Object.fromEntries(PRICE_FIELDS.map((f) => [f, decide(f)])) as PriceColumns;
}

/** A price cell read with its column's separator: pesos, null when empty, or the row's error. */
function money(
  text: string | undefined,
  label: string,
  row: number,
  column: ColumnSeparator,
): number | null | RowError {
  const raw = (text ?? "").trim();
  if (raw === "") return null;
  if ("ambiguous" in column) {
    // Cells that read the same with either separator (integers) are fine; the others cannot be trusted.
    const comma = parseColumnAmount(raw, ",");
    const point = parseColumnAmount(raw, ".");
    if (comma.ok && point.ok && comma.cents === point.cents) return fromCents(comma.cents);
    const [a, b] = column.examples;
    return {
      row,
      message: `Fila ${row}: ${label} «${raw}» no se puede leer con certeza: la columna mezcla decimales con punto («${a}») y con coma («${b}»). Usá un solo formato en toda la columna.`,
    };
  }
  const amount = parseColumnAmount(raw, column.decimal, { allowNegative: true });
  if (!amount.ok) return { row, message: `Fila ${row}: ${label}: ${lowerFirst(amount.error)}` };
  if (amount.cents < 0) return { row, message: `Fila ${row}: ${label} no puede ser negativo.` };
  return fromCents(amount.cents);
}

function isRowError(value: unknown): value is RowError {
  return typeof value === "object" && value !== null && "message" in value && "row" in value;
}

/**
 * [22/25] The USD price and markup of a row, each undefined when the file has no such column
 * (the stored value stays), null when its cell is empty, or the row's error.
 */
function dollarCells(
  values: MappedRow["values"],
  row: number,
  columns: PriceColumns,
): { usdPrice?: number | null; markupPercent?: number | null } | RowError {
  const result: { usdPrice?: number | null; markupPercent?: number | null } = {};
  if (values.precio_usd !== undefined) {
    const usd = money(values.precio_usd, "el precio en dólares", row, columns.precio_usd);
    if (isRowError(usd)) return usd;
    if (usd === 0) return { row, message: `Fila ${row}: el precio en dólares debe ser mayor que 0.` };
    result.usdPrice = usd;
  }
  if (values.margen !== undefined) {
    const markup = money(values.margen, "el margen", row, columns.margen);
    if (isRowError(markup)) return markup;
    if (markup !== null && markup > 1000) return { row, message: `Fila ${row}: el margen admite hasta 1000 %.` };
    result.markupPercent = markup;
  }
  return result;
}

/** One mapped row as a product to save, or the reason it cannot be ("Fila 7: falta el nombre."). */
export function validateImportRow(
  { row, values }: MappedRow,
  columns: PriceColumns = ES_AR_PRICE_COLUMNS,
): { ok: true; product: ImportProduct } | { ok: false; error: RowError } {
  const fail = (message: string) => ({ ok: false as const, error: { row, message: `Fila ${row}: ${message}` } });
  const text = (field: ImportField) => (values[field] ?? "").trim();

  if (IMPORT_FIELDS.every((f) => text(f) === "")) return fail("la fila está vacía.");
  const name = text("name");
  if (!name) return fail("falta el nombre.");
  if (name.length > NAME_MAX_LENGTH) return fail(`el nombre tiene más de ${NAME_MAX_LENGTH} caracteres.`);

  const price = money(values.price, "el precio", row, columns.price);
  if (isRowError(price)) return { ok: false, error: price };
  const salePrice = money(values.sale_price, "el precio de oferta", row, columns.sale_price);
  if (isRowError(salePrice)) return { ok: false, error: salePrice };

  const stockValue = parseNumber(values.stock);
  if (stockValue !== null && Number.isNaN(stockValue))
    return fail(`el stock «${text("stock")}» no es un número válido.`);
  if (stockValue !== null && !Number.isInteger(stockValue)) return fail("el stock debe ser un número entero.");
  if (stockValue !== null && stockValue < 0) return fail("el stock no puede ser negativo.");
  if (stockValue !== null && stockValue > 2_147_483_647) return fail("el stock es demasiado alto.");

  const status = parseStatus(values.status);
  if (!status) return fail(`el estado «${text("status")}» no es válido (usá published o draft).`);

  const ivaRate = parseIvaRate(values.iva_rate);
  if (ivaRate === null) return fail(`la alícuota de IVA «${text("iva_rate")}» no es válida (usá 21 o 10,5).`);

  const imageUrl = text("image_url");
  if (imageUrl && !isImageUrl(imageUrl))
    return fail("la URL de la imagen no es válida (debe empezar con http://, https:// o /).");

  const sku = text("sku");
  if (sku.length > SKU_MAX_LENGTH) return fail(`el SKU tiene más de ${SKU_MAX_LENGTH} caracteres.`);

  const brand = text("brand");
  if (brand.length > BRAND_MAX_LENGTH) return fail(`la marca tiene más de ${BRAND_MAX_LENGTH} caracteres.`);
  const gtinText = text("gtin");
  const gtin = gtinText ? parseGtin(gtinText) : null;
  if (gtin && !gtin.ok) return fail(lowerFirst(gtin.error));
  const mpn = text("mpn");
  if (mpn.length > MPN_MAX_LENGTH) return fail(`el MPN tiene más de ${MPN_MAX_LENGTH} caracteres.`);

  const slug = text("slug").toLowerCase();
  if (slug && (slug.length > SLUG_MAX_LENGTH || !SLUG_PATTERN.test(slug)))
    return fail(`el slug «${text("slug")}» no es válido (letras minúsculas, números y guiones).`);

  const box = boxCells(values, false);
  if (!box.ok) return fail(`${box.message}.`);
  const dollar = dollarCells(values, row, columns);
  if (isRowError(dollar)) return { ok: false, error: dollar };

  let variants: ImportVariant[] = [];
  if (text("variant_options")) {
    const variant = validateVariantCells({ row, values }, columns);
    if (!variant.ok) return { ok: false, error: variant.error };
    variants = [variant.variant];
  }

  const description = text("description");
  return {
    ok: true,
    product: {
      name,
      price,
      salePrice,
      stock: stockValue ?? 0,
      description: description ? description.slice(0, DESCRIPTION_MAX_LENGTH) : null,
      imageUrl: imageUrl || null,
      categoryName: text("category_name") || null,
      sku: sku || null,
      status,
      isFeatured: parseBoolean(values.is_featured),
      meta: parseMeta(values.meta),
      ivaRate,
      brand: brand || null,
      gtin: gtin?.ok ? gtin.gtin : null,
      mpn: mpn || null,
      ...(box.box ? { box: box.box } : {}),
      ...dollar,
      slug: slug || null,
      variants,
    },
  };
}

// ---------------------------------------------------------------- variants

const OPTION_SEPARATOR = " | ";
const GROUP_SEPARATOR = ": ";

/**
 * A variant's options as one cell: "Memoria RAM: 16GB | Color: Negro". When a name holds one
 * of the separators, the cell is JSON instead ([{"group": ..., "option": ...}]).
 */
export function formatVariantOptions(options: { group: string; option: string }[]): string {
  const plain = options.every(
    (o) =>
      !o.group.includes(GROUP_SEPARATOR) &&
      !o.group.includes(OPTION_SEPARATOR.trim()) &&
      !o.option.includes(OPTION_SEPARATOR.trim()) &&
      !o.group.startsWith("["),
  );
  if (plain) return options.map((o) => `${o.group}${GROUP_SEPARATOR}${o.option}`).join(OPTION_SEPARATOR);
  return JSON.stringify(options.map(({ group, option }) => ({ group, option })));
}

/** The options of a variant cell (either form), or null when it cannot be read. */
export function parseVariantOptions(text: string): { group: string; option: string }[] | null {
  const raw = text.trim();
  if (!raw) return null;
  if (raw.startsWith("[")) {
    try {
      const value: unknown = JSON.parse(raw);
      if (!Array.isArray(value)) return null;
      const options = value.map((o) =>
        o && typeof o === "object" && typeof o.group === "string" && typeof o.option === "string"
          ? { group: o.group.trim(), option: o.option.trim() }
          : null,
      );
      return options.every((o) => o && o.group && o.option) ? (options as { group: string; option: string }[]) : null;
    } catch {
      return null;
    }
  }
  const options = raw.split(OPTION_SEPARATOR.trim()).map((part) => {
    const at = part.indexOf(":");
    return at < 0 ? null : { group: part.slice(0, at).trim(), option: part.slice(at + 1).trim() };
  });
  if (!options.every((o) => o && o.group && o.option)) return null;
  const groups = new Set(options.map((o) => o!.group));
  return groups.size === options.length ? (options as { group: string; option: string }[]) : null;
}

/** The variant columns of a row. */
function validateVariantCells(
  { row, values }: MappedRow,
  columns: PriceColumns,
): { ok: true; variant: ImportVariant } | { ok: false; error: RowError } {
  const fail = (message: string) => ({ ok: false as const, error: { row, message: `Fila ${row}: ${message}` } });
  const text = (field: ImportField) => (values[field] ?? "").trim();
  const options = parseVariantOptions(text("variant_options"));
  if (!options)
    return fail(
      `las opciones de la variante «${text("variant_options")}» no se entienden (usá «Grupo: Opción | Grupo: Opción»).`,
    );
  if (options.some((o) => o.group.length > 100 || o.option.length > 100))
    return fail("los nombres de grupos y opciones admiten hasta 100 caracteres.");
  const price = money(values.variant_price, "el precio de la variante", row, columns.variant_price);
  if (isRowError(price)) return { ok: false, error: price };
  const salePrice = money(
    values.variant_sale_price,
    "el precio de oferta de la variante",
    row,
    columns.variant_sale_price,
  );
  if (isRowError(salePrice)) return { ok: false, error: salePrice };
  const stock = parseNumber(values.variant_stock);
  if (stock !== null && (Number.isNaN(stock) || !Number.isInteger(stock) || stock < 0 || stock > 2_147_483_647))
    return fail(`el stock de la variante «${text("variant_stock")}» debe ser un número entero desde 0.`);
  const sku = text("variant_sku");
  if (sku.length > SKU_MAX_LENGTH) return fail(`el SKU de la variante tiene más de ${SKU_MAX_LENGTH} caracteres.`);
  const imageUrl = text("variant_image_url");
  if (imageUrl && !isImageUrl(imageUrl)) return fail("la URL de la imagen de la variante no es válida.");
  const box = boxCells(values, true);
  if (!box.ok) return fail(`${box.message}.`);
  return {
    ok: true,
    variant: {
      row,
      options,
      sku: sku || null,
      price,
      salePrice,
      stock: stock ?? 0,
      imageUrl: imageUrl || null,
      ...(box.box ? { box: box.box } : {}),
    },
  };
}

/**
 * The option groups of an imported product with variants: its meta's when it has them (each
 * variant must then be one of their combinations), else made from the variants' options in
 * the order they appear. Null and the row at fault when a variant does not fit.
 */
export function importedOptionGroups(
  metaGroups: { title: string; options: { name: string }[] }[] | undefined,
  variants: ImportVariant[],
): { ok: true; groups: { title: string; options: { name: string }[] }[] } | { ok: false; error: RowError } {
  const groups = metaGroups?.filter((g) => g.options.length > 0) ?? [];
  if (groups.length > 0) {
    for (const v of variants) {
      const fits =
        v.options.length === groups.length &&
        v.options.every((o) => groups.some((g) => g.title === o.group && g.options.some((x) => x.name === o.option)));
      if (!fits)
        return {
          ok: false,
          error: {
            row: v.row,
            message: `Fila ${v.row}: la variante «${formatVariantOptions(v.options)}» no es una combinación de las opciones del producto.`,
          },
        };
    }
    return { ok: true, groups };
  }
  const made: { title: string; options: { name: string }[] }[] = [];
  for (const v of variants) {
    for (const o of v.options) {
      let group = made.find((g) => g.title === o.group);
      if (!group) made.push((group = { title: o.group, options: [] }));
      if (!group.options.some((x) => x.name === o.option)) group.options.push({ name: o.option });
    }
  }
  const size = made.length;
  const bad = variants.find((v) => v.options.length !== size);
  if (bad)
    return {
      ok: false,
      error: { row: bad.row, message: `Fila ${bad.row}: cada variante debe tener una opción de cada grupo.` },
    };
  return { ok: true, groups: made };
}

/** A product a shopper can be charged for: a price above 0, its own or each variant's. */
export function hasPrice(product: ImportProduct): boolean {
  if ((product.price ?? 0) > 0) return true;
  return product.variants.length > 0 && product.variants.every((v) => (v.price ?? 0) > 0);
}

/**
 * Splits rows into products to save and the errors of the others. A row whose slug was seen on
 * an earlier row is a further variant of that product (its product columns are not read); a
 * variant row with an error leaves its whole product out, with the error on that row.
 */
export function validateImportRows(rows: MappedRow[]): {
  products: { row: number; product: ImportProduct }[];
  errors: RowError[];
  /** Rows imported with a change the merchant should know of (a product without price as a draft). */
  warnings: RowError[];
} {
  const products: { row: number; product: ImportProduct }[] = [];
  const errors: RowError[] = [];
  const bySlug = new Map<string, { row: number; product: ImportProduct } | null>();
  const columns = decidePriceColumns(rows);
  for (const row of rows) {
    const slug = (row.values.slug ?? "").trim().toLowerCase();
    if (slug && bySlug.has(slug)) {
      const entry = bySlug.get(slug);
      const variant = validateVariantCells(row, columns);
      if (!variant.ok) errors.push(variant.error);
      else if (entry && !(row.values.variant_options ?? "").trim())
        errors.push({
          row: row.row,
          message: `Fila ${row.row}: falta la opción de la variante (el slug ya está en la fila ${entry.row}).`,
        });
      else if (entry) entry.product.variants.push(variant.variant);
      if (!variant.ok && entry) bySlug.set(slug, null);
      continue;
    }
    const result = validateImportRow(row, columns);
    if (!result.ok) {
      errors.push(result.error);
      if (slug) bySlug.set(slug, null);
      continue;
    }
    const entry = { row: row.row, product: result.product };
    products.push(entry);
    if (slug) bySlug.set(slug, entry);
  }
  const dropped = new Set([...bySlug.entries()].filter(([, e]) => e === null).map(([s]) => s));
  const kept = products.filter((p) => {
    if (p.product.slug && dropped.has(p.product.slug)) {
      errors.push({
        row: p.row,
        message: `Fila ${p.row}: el producto no se importa porque una de sus variantes tiene errores.`,
      });
      return false;
    }
    return true;
  });
  const valid = checkVariantTables(kept, errors);
  errors.sort((a, b) => a.row - b.row);
  // Never published at $ 0: a product without a price (its own or every variant's) waits as a draft.
  const warnings: RowError[] = [];
  for (const { row, product } of valid) {
    if (product.status !== "published" || hasPrice(product)) continue;
    product.status = "draft";
    product.draftedWithoutPrice = true;
    warnings.push({ row, message: `Fila ${row}: «${product.name}» no tiene precio; se importa como borrador.` });
  }
  return { products: valid, errors, warnings };
}

/**
 * The products whose variants make a table (option groups each variant fits, no combination
 * twice); the others' errors are added to `errors`.
 */
export function checkVariantTables(
  products: { row: number; product: ImportProduct }[],
  errors: RowError[],
): { row: number; product: ImportProduct }[] {
  return products.filter((p) => {
    if (p.product.variants.length === 0) return true;
    const groups = importedOptionGroups(
      Array.isArray(p.product.meta.option_groups)
        ? (p.product.meta.option_groups as { title: string; options: { name: string }[] }[])
        : undefined,
      p.product.variants,
    );
    if (!groups.ok) {
      errors.push(groups.error);
      return false;
    }
    const keys = new Set<string>();
    for (const v of p.product.variants) {
      const key = JSON.stringify([...v.options].sort((a, b) => (a.group < b.group ? -1 : 1)));
      if (keys.has(key)) {
        errors.push({
          row: v.row,
          message: `Fila ${v.row}: la variante «${formatVariantOptions(v.options)}» está repetida.`,
        });
        return false;
      }
      keys.add(key);
    }
    return true;
  });
}
