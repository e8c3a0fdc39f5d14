import { type ColumnSeparator, type DecimalSeparator, decideColumnSeparator, parseColumnAmount } from "./amount";
import { isImageUrl, normaliseHeader } from "./csv";
import { parseGtin } from "./gtin";
import {
  BRAND_MAX_LENGTH,
  type ColumnMapping,
  MPN_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  IMPORT_FIELD_LABELS,
  PRICE_FIELDS,
  decidePriceColumns,
  hasPrice,
  mapRows,
  validateImportRows,
  type ImportProduct,
  type ImportVariant,
  NAME_MAX_LENGTH,
  type RowError,
  SKU_MAX_LENGTH,
  checkVariantTables,
} from "./product-import";
import { DEFAULT_IVA_RATE } from "./taxes";
import { slugify } from "./slug";

// Import profiles: the product exports of the platforms merchants leave (Tiendanube, Shopify,
// WooCommerce), recognised by their headers and turned into the products the import saves, with
// their variants, prices, stock, nested categories, publication, descriptions and images. The
// columns each profile reads and where their format is documented: docs/imports.md.
//
// Every price column's decimal separator is decided from the whole column (amount.ts), so
// Shopify's "69.99" and Tiendanube's "5,900.00" are read as their platform meant them; a column
// that mixes both ways refuses the rows it cannot read, naming row and column.

export type ProfileId = "tiendanube" | "shopify" | "woocommerce";

export const PROFILE_NAMES: Record<ProfileId, string> = {
  tiendanube: "Tiendanube",
  shopify: "Shopify",
  woocommerce: "WooCommerce",
};

/** Stock given to a product the platform sells without counting it (the preview warns). */
export const UNTRACKED_STOCK = 10;

export type RowWarning = { row: number; message: string };

/** How one price column was read: its decided decimal separator and a few values as read. */
export type ColumnReading = {
  column: string;
  decimal: DecimalSeparator | null;
  /** When the column mixes both ways: one value of each. */
  ambiguous: string[] | null;
  examples: { text: string; cents: number }[];
};

/** What a file becomes before anything is written. */
export type ImportPlan = {
  profile: ProfileId | null;
  products: { row: number; product: ImportProduct }[];
  errors: RowError[];
  warnings: RowWarning[];
  columns: ColumnReading[];
};

/** Products the preview lists (the counts cover them all). */
export const PREVIEW_PRODUCTS = 50;

/** What the import would do, shown before anything is written. */
export type ImportPreview = {
  profile: ProfileId | null;
  profileName: string | null;
  rows: number;
  create: number;
  update: number;
  refused: number;
  products: {
    row: number;
    name: string;
    action: "create" | "update";
    price: number | null;
    salePrice: number | null;
    status: "published" | "draft";
    stock: number;
    category: string | null;
    variants: { options: string; price: number | null; salePrice: number | null; stock: number }[];
    images: number;
  }[];
  categoriesNew: string[];
  variants: number;
  errors: RowError[];
  warnings: RowWarning[];
  columns: ColumnReading[];
};

/** Plain text of an HTML description (the server passes html-to-text). */
export type PlainText = (html: string) => string;

const has = (headers: string[], ...names: string[]) => {
  const set = new Set(headers.map(normaliseHeader));
  return names.every((n) => set.has(normaliseHeader(n)));
};

/** The platform whose export has these headers, or null (the manual mapping then applies). */
export function detectProfile(headers: string[]): ProfileId | null {
  if (
    has(headers, "Identificador de URL", "Nombre") &&
    (has(headers, "Precio") || has(headers, "Nombre de propiedad 1"))
  )
    return "tiendanube";
  if (has(headers, "Handle", "Title") && (has(headers, "Variant Price") || has(headers, "Body (HTML)")))
    return "shopify";
  if (
    has(headers, "Type", "Name") &&
    has(headers, "Regular price") &&
    (has(headers, "Parent") || has(headers, "Categories"))
  )
    return "woocommerce";
  return null;
}

// ---------------------------------------------------------------- shared pieces

/** A reader of one file: cells by header name, price columns decided once. */
function reader(headers: string[], data: string[][], moneyColumns: string[]) {
  const index = new Map<string, number>();
  headers.forEach((h, i) => {
    const key = normaliseHeader(h);
    if (!index.has(key)) index.set(key, i);
  });
  const col = (name: string) => index.get(normaliseHeader(name));
  const cell = (cells: string[], name: string) => {
    const i = col(name);
    return i === undefined ? "" : (cells[i] ?? "").trim();
  };
  const separators = new Map<string, ColumnSeparator>();
  const columns: ColumnReading[] = [];
  for (const name of moneyColumns) {
    const i = col(name);
    if (i === undefined) continue;
    const values = data.map((cells) => (cells[i] ?? "").trim());
    const decided = decideColumnSeparator(values);
    separators.set(name, decided);
    const decimal = "decimal" in decided ? decided.decimal : null;
    const examples: ColumnReading["examples"] = [];
    if (decimal) {
      for (const text of values) {
        if (!text || examples.some((e) => e.text === text)) continue;
        const read = parseColumnAmount(text, decimal);
        if (read.ok) examples.push({ text, cents: read.cents });
        if (examples.length === 3) break;
      }
    }
    columns.push({
      column: headers[i]!.trim(),
      decimal,
      ambiguous: "ambiguous" in decided ? decided.examples : null,
      examples,
    });
  }
  /** A price cell as a number of pesos (null when empty), or the reason it cannot be read. */
  const money = (cells: string[], name: string, row: number): number | null | RowError => {
    const text = cell(cells, name);
    if (!text) return null;
    const decided = separators.get(name);
    const label = headers[col(name)!]!.trim();
    if (!decided || "ambiguous" in decided) {
      const comma = parseColumnAmount(text, ",");
      const point = parseColumnAmount(text, ".");
      if (comma.ok && point.ok && comma.cents === point.cents) return comma.cents / 100;
      const [a, b] = decided && "ambiguous" in decided ? decided.examples : ["", ""];
      return {
        row,
        message: `Fila ${row}: «${label}» «${text}» no se puede leer con certeza: la columna mezcla decimales con punto («${a}») y con coma («${b}»). Usá un solo formato en toda la columna.`,
      };
    }
    const read = parseColumnAmount(text, decided.decimal);
    if (!read.ok) return { row, message: `Fila ${row}, columna «${label}»: ${read.error}` };
    return read.cents / 100;
  };
  return { cell, money, columns, col };
}

const isError = (value: unknown): value is RowError =>
  typeof value === "object" && value !== null && "message" in value && "row" in value;

/** A category path cell: "Clothing > Tshirts" (several, comma separated: the first one; the rest warned). */
function categoryPath(text: string, row: number, warnings: RowWarning[]): string | null {
  // WooCommerce escapes a comma inside a name as "\,".
  const paths = text
    .split(/(?<!\\),/)
    .map((p) => p.replace(/\\,/g, ",").trim())
    .filter(Boolean);
  if (paths.length === 0) return null;
  if (paths.length > 1)
    warnings.push({
      row,
      message: `Fila ${row}: el producto está en ${paths.length} categorías; se usa la primera («${paths[0]}»).`,
    });
  return paths[0]!
    .split(">")
    .map((s) => s.trim())
    .filter(Boolean)
    .join(" > ");
}

/** Images of a cell list: the ones the store can show, the others warned. */
function imageList(texts: string[], row: number, warnings: RowWarning[]): string[] {
  const images: string[] = [];
  for (const text of texts) {
    const url = text.trim();
    if (!url || images.includes(url)) continue;
    if (isImageUrl(url)) images.push(url);
    else warnings.push({ row, message: `Fila ${row}: la imagen «${url}» no es una dirección válida; se omite.` });
  }
  return images;
}

/**
 * The description fields of a platform's HTML description: the HTML kept in the rich
 * description (sanitised when saved), the short description its plain text (cut at the limit,
 * with a warning); a short description given by the file wins.
 */
function descriptions(
  html: string,
  short: string,
  row: number,
  plainText: PlainText,
  warnings: RowWarning[],
): { description: string | null; html: string | null } {
  const text = (short ? plainText(short) : html ? plainText(html) : "").replace(/\s+/g, " ").trim();
  if (text.length > DESCRIPTION_MAX_LENGTH)
    warnings.push({
      row,
      message: `Fila ${row}: la descripción corta tiene ${text.length} caracteres; se corta en ${DESCRIPTION_MAX_LENGTH}${html ? " (la descripción completa queda en la descripción con formato)" : ""}.`,
    });
  const rich = html || short;
  const tagged = /<[a-z][^>]*>/i.test(rich);
  return {
    description: text ? cutText(text, DESCRIPTION_MAX_LENGTH) : null,
    // A plain description longer than the short one is kept whole as a paragraph.
    html: tagged ? rich : text.length > DESCRIPTION_MAX_LENGTH ? `<p>${escapeHtml(text)}</p>` : null,
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** Text cut at a word within `max` characters, ending in "…". */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = text.slice(0, max - 1);
  const space = room.lastIndexOf(" ");
  return `${(space > max / 2 ? room.slice(0, space) : room).trimEnd()}…`;
}

/** A price pair as the store keeps it: the higher one the price, the lower the sale price. */
function pricePair(regular: number | null, sale: number | null): { price: number | null; salePrice: number | null } {
  if (regular === null) return { price: sale, salePrice: null };
  if (sale === null || sale >= regular) return { price: regular, salePrice: null };
  return { price: regular, salePrice: sale };
}

function stockOf(
  text: string,
  row: number,
  platform: string,
  warnings: RowWarning[],
  errors: RowError[],
  untracked: "in" | "out" | "unknown",
): number | null {
  if (text) {
    const n = Number(text.replace(/\.0+$/, ""));
    if (!Number.isInteger(n)) {
      errors.push({ row, message: `Fila ${row}: el stock «${text}» debe ser un número entero.` });
      return null;
    }
    if (n < 0) {
      warnings.push({ row, message: `Fila ${row}: el stock es negativo (${n}) en ${platform}; se importa 0.` });
      return 0;
    }
    return n;
  }
  if (untracked === "out") return 0;
  warnings.push({
    row,
    message: `Fila ${row}: ${platform} no lleva la cuenta del stock de este producto; se cargan ${UNTRACKED_STOCK} unidades. Revisalo.`,
  });
  return UNTRACKED_STOCK;
}

type Reader = ReturnType<typeof reader>;

/**
 * A row's two price cells (the regular one first) and its stock, or null when one cannot be read
 * (its error added to `errors`).
 */
function readPriced(
  r: Reader,
  cells: string[],
  row: number,
  [first, second]: [string, string],
  stock: { text: string; platform: string; untracked: "in" | "out" | "unknown" },
  warnings: RowWarning[],
  errors: RowError[],
): { first: number | null; second: number | null; stock: number } | null {
  const a = r.money(cells, first, row);
  const b = r.money(cells, second, row);
  if (isError(a) || isError(b)) {
    errors.push(isError(a) ? a : (b as RowError));
    return null;
  }
  const units = stockOf(stock.text, row, stock.platform, warnings, errors, stock.untracked);
  return units === null ? null : { first: a, second: b, stock: units };
}

type SourceRow = { row: number; cells: string[] };
type Priced = NonNullable<ReturnType<typeof readPriced>>;

/**
 * A product's variant rows, each priced and stocked by readPriced and then shaped; null when a
 * row has errors (a product of several rows says so on its first row; a one-row product's
 * error is enough).
 */
function readVariantRows(
  { r, warnings, errors }: { r: Reader; warnings: RowWarning[]; errors: RowError[] },
  rows: SourceRow[],
  product: { name: string; row: number; rowCount: number },
  columns: { prices: [string, string]; stock: string; platform: string },
  shape: (v: SourceRow, read: Priced) => ImportVariant,
): ImportVariant[] | null {
  let failed = false;
  const variants: ImportVariant[] = [];
  for (const v of rows) {
    const stock = { text: r.cell(v.cells, columns.stock), platform: columns.platform, untracked: "unknown" as const };
    const read = readPriced(r, v.cells, v.row, columns.prices, stock, warnings, errors);
    if (read) variants.push(shape(v, read));
    else failed = true;
  }
  if (!failed) return variants;
  if (product.rowCount > 1)
    errors.push({
      row: product.row,
      message: `Fila ${product.row}: «${product.name}» no se importa porque una de sus filas tiene errores.`,
    });
  return null;
}

/** The lowest of the variants' prices (the product's price, each variant keeping its own). */
const lowestPrice = (variants: ImportVariant[]) =>
  variants.reduce<number | null>(
    (low, v) => (v.price !== null && (low === null || v.price < low) ? v.price : low),
    null,
  );

function baseProduct(name: string, slug: string | null): ImportProduct {
  return {
    name,
    price: null,
    salePrice: null,
    stock: 0,
    description: null,
    imageUrl: null,
    categoryName: null,
    sku: null,
    status: "published",
    isFeatured: false,
    meta: {},
    ivaRate: DEFAULT_IVA_RATE,
    brand: null,
    gtin: null,
    mpn: null,
    slug,
    variants: [],
  };
}

/** The maker's identifiers of a product (brand, GTIN, MPN); a value the feeds would refuse is left out with a warning. */
function identifiers(
  product: ImportProduct,
  cells: { brand?: string; gtin?: string; mpn?: string },
  row: number,
  warnings: RowWarning[],
) {
  const brand = (cells.brand ?? "").trim();
  if (brand.length > BRAND_MAX_LENGTH)
    warnings.push({ row, message: `Fila ${row}: la marca tiene más de ${BRAND_MAX_LENGTH} caracteres; se omite.` });
  else product.brand = brand || null;
  const mangled = (text: string) => /^\d+(\.\d+)?e\+\d+$/i.test(text);
  const gtin = (cells.gtin ?? "").trim();
  if (gtin) {
    const read = parseGtin(gtin);
    if (read.ok) product.gtin = read.gtin;
    else
      warnings.push({
        row,
        message: mangled(gtin)
          ? `Fila ${row}: el código de barras «${gtin}» quedó en notación científica (lo cambió Excel); se omite.`
          : `Fila ${row}: ${read.error} Se omite.`,
      });
  }
  const mpn = (cells.mpn ?? "").trim();
  if (mpn && (mpn.length > MPN_MAX_LENGTH || mangled(mpn)))
    warnings.push({ row, message: `Fila ${row}: el MPN «${mpn}» no es válido; se omite.` });
  else product.mpn = mpn || null;
}

/** The last checks every product passes (name, SKUs, variants) and the price-less ones made drafts. */
function finish(
  entries: { row: number; product: ImportProduct }[],
  errors: RowError[],
  warnings: RowWarning[],
): { row: number; product: ImportProduct }[] {
  const ok: { row: number; product: ImportProduct }[] = [];
  for (const entry of entries) {
    const { row, product } = entry;
    const fail = (message: string) => errors.push({ row, message: `Fila ${row}: ${message}` });
    if (!product.name) {
      fail("falta el nombre.");
      continue;
    }
    if (product.name.length > NAME_MAX_LENGTH) {
      fail(`el nombre tiene más de ${NAME_MAX_LENGTH} caracteres.`);
      continue;
    }
    const longSku = [product.sku, ...product.variants.map((v) => v.sku)].find((s) => s && s.length > SKU_MAX_LENGTH);
    if (longSku) {
      fail(`el SKU «${longSku}» tiene más de ${SKU_MAX_LENGTH} caracteres.`);
      continue;
    }
    if (!hasPrice(product) && product.status === "published") {
      product.status = "draft";
      product.draftedWithoutPrice = true;
      warnings.push({ row, message: `Fila ${row}: «${product.name}» no tiene precio; se importa como borrador.` });
    }
    ok.push(entry);
  }
  return checkVariantTables(ok, errors);
}

const sortRows = <T extends { row: number }>(list: T[]) => list.sort((a, b) => a.row - b.row);

// ---------------------------------------------------------------- Shopify

const SHOPIFY_MONEY = ["Variant Price", "Variant Compare At Price"];

function shopifyPlan(headers: string[], data: string[][], plainText: PlainText): ImportPlan {
  const r = reader(headers, data, SHOPIFY_MONEY);
  const errors: RowError[] = [];
  const warnings: RowWarning[] = [];
  const groups = new Map<string, { row: number; cells: string[] }[]>();
  data.forEach((cells, i) => {
    const row = i + 2;
    const handle = r.cell(cells, "Handle").toLowerCase();
    if (!handle) {
      if (cells.some((c) => (c ?? "").trim())) errors.push({ row, message: `Fila ${row}: falta el Handle.` });
      return;
    }
    groups.set(handle, [...(groups.get(handle) ?? []), { row, cells }]);
  });
  const entries: { row: number; product: ImportProduct }[] = [];
  for (const [handle, rows] of groups) {
    const first = rows.find((x) => r.cell(x.cells, "Title")) ?? rows[0]!;
    const row = first.row;
    const c = (name: string) => r.cell(first.cells, name);
    const product = baseProduct(c("Title"), slugify(handle) || null);
    const status = c("Status").toLowerCase();
    const published = c("Published").toLowerCase();
    if ((status && status !== "active") || published === "false") {
      product.status = "draft";
      if (status === "archived")
        warnings.push({
          row,
          message: `Fila ${row}: «${product.name}» está archivado en Shopify; se importa como borrador.`,
        });
    }
    const d = descriptions(c("Body (HTML)"), "", row, plainText, warnings);
    product.description = d.description;
    const meta: Record<string, unknown> = {};
    if (d.html) meta.description_html = d.html;
    product.categoryName = categoryPath(c("Type"), row, warnings);
    identifiers(product, { brand: c("Vendor") }, row, warnings);
    const optionNames = [1, 2, 3].map((n) => c(`Option${n} Name`));
    // Image rows (Image Src by Image Position) and the variant rows (an option value or a price).
    const images = rows
      .filter((x) => r.cell(x.cells, "Image Src"))
      .map((x) => ({ src: r.cell(x.cells, "Image Src"), position: Number(r.cell(x.cells, "Image Position")) || 0 }))
      .sort((a, b) => a.position - b.position)
      .map((x) => x.src);
    const variantRows = rows.filter(
      (x) => r.cell(x.cells, "Option1 Value") || r.cell(x.cells, "Variant Price") || r.cell(x.cells, "Variant SKU"),
    );
    const variants = readVariantRows(
      { r, warnings, errors },
      variantRows,
      { name: product.name, row, rowCount: rows.length },
      { prices: ["Variant Price", "Variant Compare At Price"], stock: "Variant Inventory Qty", platform: "Shopify" },
      (v, { first: price, second: compareAt, stock }) => {
        const vc = (name: string) => r.cell(v.cells, name);
        const options = optionNames
          .map((group, i) => ({ group, option: vc(`Option${i + 1} Value`) }))
          .filter((o) => o.group && o.option);
        // Shopify's compare-at price is the regular (struck-through) one when it is higher.
        const onSale = compareAt !== null && price !== null && compareAt > price;
        return {
          row: v.row,
          options,
          sku: vc("Variant SKU") || null,
          price: onSale ? compareAt : price,
          salePrice: onSale ? price : null,
          stock,
          imageUrl: imageList([vc("Variant Image")], v.row, warnings)[0] ?? null,
        };
      },
    );
    if (!variants) continue;
    const single = variants.length <= 1 && (variants[0]?.options ?? []).every((o) => o.group === "Title");
    if (single) {
      const v = variants[0];
      if (v) {
        product.price = v.price;
        product.salePrice = v.salePrice;
        product.stock = v.stock;
        product.sku = v.sku;
        const at = variantRows[0]!.cells;
        identifiers(
          product,
          {
            brand: c("Vendor"),
            gtin: r.cell(at, "Variant Barcode"),
            mpn: r.cell(at, "Google Shopping / MPN"),
          },
          v.row,
          warnings,
        );
      }
    } else {
      product.variants = variants;
      product.price = lowestPrice(variants);
    }
    const all = imageList([...images, ...variants.map((v) => v.imageUrl ?? "")], row, warnings);
    product.imageUrl = all[0] ?? null;
    if (all.length > 1) meta.gallery_images = all.slice(1);
    product.meta = meta;
    entries.push({ row, product });
  }
  return {
    profile: "shopify",
    products: finish(entries, errors, warnings),
    errors: sortRows(errors),
    warnings: sortRows(warnings),
    columns: r.columns,
  };
}

// ---------------------------------------------------------------- WooCommerce

const WOO_MONEY = ["Regular price", "Sale price"];

function wooPlan(headers: string[], data: string[][], plainText: PlainText): ImportPlan {
  const r = reader(headers, data, WOO_MONEY);
  const errors: RowError[] = [];
  const warnings: RowWarning[] = [];
  const attributeNumbers: number[] = [];
  for (let n = 1; r.col(`Attribute ${n} name`) !== undefined; n++) attributeNumbers.push(n);
  const rows = data.map((cells, i) => ({ row: i + 2, cells, c: (name: string) => r.cell(cells, name) }));
  const types = (x: (typeof rows)[number]) =>
    x
      .c("Type")
      .toLowerCase()
      .split(",")
      .map((t) => t.trim());
  const parents = new Map<string, (typeof rows)[number]>();
  for (const x of rows) {
    if (!types(x).includes("variable")) continue;
    if (x.c("ID")) parents.set(`id:${x.c("ID")}`, x);
    if (x.c("SKU")) parents.set(x.c("SKU").toLowerCase(), x);
  }
  const variationsOf = new Map<(typeof rows)[number], (typeof rows)[number][]>();
  const entries: { row: number; product: ImportProduct }[] = [];
  const stockRule = (x: (typeof rows)[number]) => {
    const inStock = x.c("In stock?").toLowerCase();
    return inStock === "0" || inStock === "outofstock" ? "out" : "in";
  };

  for (const x of rows) {
    if (!x.cells.some((cell) => (cell ?? "").trim())) continue;
    if (!types(x).includes("variation")) continue;
    const key = x.c("Parent").toLowerCase();
    const parent = parents.get(key) ?? parents.get(`id:${key.replace(/^id:/, "")}`);
    if (!parent) {
      errors.push({
        row: x.row,
        message: `Fila ${x.row}: la variación «${x.c("Name")}» no tiene su producto variable en el archivo (Parent «${x.c("Parent")}»).`,
      });
      continue;
    }
    variationsOf.set(parent, [...(variationsOf.get(parent) ?? []), x]);
  }

  const common = (x: (typeof rows)[number]) => {
    const product = baseProduct(x.c("Name"), null);
    const published = x.c("Published");
    const visibility = x.c("Visibility in catalog").toLowerCase();
    if (published === "0" || published === "-1") product.status = "draft";
    if (visibility === "hidden") {
      product.status = "draft";
      warnings.push({
        row: x.row,
        message: `Fila ${x.row}: «${product.name}» está oculto en el catálogo de WooCommerce; se importa como borrador.`,
      });
    }
    product.isFeatured = x.c("Is featured?") === "1";
    identifiers(
      product,
      { brand: x.c("Brands").split(",")[0], gtin: x.c("GTIN, UPC, EAN, or ISBN"), mpn: x.c("MPN") },
      x.row,
      warnings,
    );
    const d = descriptions(x.c("Description"), x.c("Short description"), x.row, plainText, warnings);
    product.description = d.description;
    const meta: Record<string, unknown> = {};
    if (d.html) meta.description_html = d.html;
    product.categoryName = categoryPath(x.c("Categories"), x.row, warnings);
    const images = imageList(x.c("Images").split(/,\s*(?=https?:|\/)/), x.row, warnings);
    product.imageUrl = images[0] ?? null;
    if (images.length > 1) meta.gallery_images = images.slice(1);
    product.meta = meta;
    return product;
  };

  for (const x of rows) {
    if (!x.cells.some((cell) => (cell ?? "").trim())) continue;
    const t = types(x);
    if (t.includes("variation")) continue;
    const product = common(x);
    const sku = x.c("SKU");
    if (t.includes("variable")) {
      const variations = variationsOf.get(x) ?? [];
      // Attributes used for variations: their names on the parent.
      const names = attributeNumbers.map((n) => x.c(`Attribute ${n} name`));
      let failed = false;
      const variants: ImportVariant[] = [];
      // An attribute no variation sets ("any value") does not make variants.
      const used = attributeNumbers.filter((n) => variations.some((v) => v.c(`Attribute ${n} value(s)`)));
      for (const n of attributeNumbers) {
        if (names[n - 1] && !used.includes(n))
          warnings.push({
            row: x.row,
            message: `Fila ${x.row}: ninguna variación elige «${names[n - 1]}» (vale cualquiera en WooCommerce); no se usa como opción.`,
          });
      }
      for (const v of variations) {
        const missing = used.find((n) => !v.c(`Attribute ${n} value(s)`));
        if (missing) {
          errors.push({
            row: v.row,
            message: `Fila ${v.row}: la variación no elige «${v.c(`Attribute ${missing} name`) || names[missing - 1]}» («cualquiera» no se puede importar).`,
          });
          failed = true;
          continue;
        }
        const read = readPriced(
          r,
          v.cells,
          v.row,
          ["Regular price", "Sale price"],
          { text: v.c("Stock"), platform: "WooCommerce", untracked: stockRule(v) },
          warnings,
          errors,
        );
        if (!read) {
          failed = true;
          continue;
        }
        const { stock } = read;
        const pair = pricePair(read.first, read.second);
        variants.push({
          row: v.row,
          options: used.map((n) => ({
            group: v.c(`Attribute ${n} name`) || names[n - 1]!,
            option: v.c(`Attribute ${n} value(s)`),
          })),
          sku: v.c("SKU") || null,
          price: pair.price,
          salePrice: pair.salePrice,
          stock,
          imageUrl: imageList([v.c("Images").split(",")[0] ?? ""], v.row, warnings)[0] ?? null,
        });
      }
      if (failed) {
        errors.push({
          row: x.row,
          message: `Fila ${x.row}: «${product.name}» no se importa porque una de sus variaciones tiene errores.`,
        });
        continue;
      }
      if (variants.length === 0)
        warnings.push({ row: x.row, message: `Fila ${x.row}: «${product.name}» no tiene variaciones en el archivo.` });
      product.slug = sku ? slugify(sku) || null : null;
      product.sku = variants.length ? null : sku || null;
      product.variants = variants;
      product.price = lowestPrice(variants);
      const images = imageList(
        [
          product.imageUrl ?? "",
          ...((product.meta.gallery_images as string[]) ?? []),
          ...variants.map((v) => v.imageUrl ?? ""),
        ],
        x.row,
        warnings,
      );
      product.imageUrl = images[0] ?? null;
      if (images.length > 1) product.meta.gallery_images = images.slice(1);
      entries.push({ row: x.row, product });
      continue;
    }
    const read = readPriced(
      r,
      x.cells,
      x.row,
      ["Regular price", "Sale price"],
      { text: x.c("Stock"), platform: "WooCommerce", untracked: stockRule(x) },
      warnings,
      errors,
    );
    if (!read) continue;
    const { stock } = read;
    Object.assign(product, pricePair(read.first, read.second), {
      stock,
      sku: sku || null,
      slug: sku ? slugify(sku) || null : null,
    });
    // Attributes of a simple product are information, not options.
    const info: Record<string, string> = {};
    for (const n of attributeNumbers) {
      const name = x.c(`Attribute ${n} name`);
      const value = x.c(`Attribute ${n} value(s)`);
      if (name && value) info[name] = value;
    }
    if (Object.keys(info).length) product.meta.extra_info = info;
    if (t.includes("grouped") || t.includes("external"))
      warnings.push({
        row: x.row,
        message: `Fila ${x.row}: «${product.name}» es un producto ${t.includes("grouped") ? "agrupado" : "externo"} en WooCommerce; se importa como un producto simple.`,
      });
    entries.push({ row: x.row, product });
  }
  return {
    profile: "woocommerce",
    products: finish(entries, errors, warnings),
    errors: sortRows(errors),
    warnings: sortRows(warnings),
    columns: r.columns,
  };
}

// ---------------------------------------------------------------- Tiendanube

const TIENDANUBE_MONEY = ["Precio", "Precio promocional"];

function tiendanubePlan(headers: string[], data: string[][], plainText: PlainText): ImportPlan {
  const r = reader(headers, data, TIENDANUBE_MONEY);
  const errors: RowError[] = [];
  const warnings: RowWarning[] = [];
  const groups: { handle: string; rows: { row: number; cells: string[] }[] }[] = [];
  data.forEach((cells, i) => {
    const row = i + 2;
    if (!cells.some((c) => (c ?? "").trim())) return;
    const handle = r.cell(cells, "Identificador de URL").toLowerCase();
    const last = groups[groups.length - 1];
    // A row without its identifier continues the product above (one row per variant).
    if (!handle && last) last.rows.push({ row, cells });
    else if (last && last.handle === handle) last.rows.push({ row, cells });
    else if (handle) groups.push({ handle, rows: [{ row, cells }] });
    else errors.push({ row, message: `Fila ${row}: falta el identificador de URL.` });
  });
  const entries: { row: number; product: ImportProduct }[] = [];
  for (const { handle, rows } of groups) {
    const first = rows[0]!;
    const row = first.row;
    const c = (name: string) => r.cell(first.cells, name);
    const product = baseProduct(c("Nombre"), slugify(handle) || null);
    const shown = c("Mostrar en tienda").toLowerCase();
    if (shown === "no") product.status = "draft";
    const d = descriptions(c("Descripción"), "", row, plainText, warnings);
    product.description = d.description;
    if (d.html) product.meta = { description_html: d.html };
    product.categoryName = categoryPath(c("Categorías"), row, warnings);
    const mpnCell = c("MPN (Número de pieza del fabricante)") || c("MPN");
    identifiers(
      product,
      {
        brand: c("Marca"),
        gtin: rows.length === 1 ? c("Código de barras") : "",
        mpn: rows.length === 1 ? mpnCell : "",
      },
      row,
      warnings,
    );
    if (rows.length > 1 && !product.mpn && mpnCell) product.mpn = mpnCell.slice(0, MPN_MAX_LENGTH);
    const groupNames = [1, 2, 3].map((n) => c(`Nombre de propiedad ${n}`));
    const variants = readVariantRows(
      { r, warnings, errors },
      rows,
      { name: product.name, row, rowCount: rows.length },
      { prices: ["Precio", "Precio promocional"], stock: "Stock", platform: "Tiendanube" },
      (v, read) => {
        const vc = (name: string) => r.cell(v.cells, name);
        const pair = pricePair(read.first, read.second);
        return {
          row: v.row,
          options: [1, 2, 3]
            .map((n) => ({
              group: vc(`Nombre de propiedad ${n}`) || groupNames[n - 1]!,
              option: vc(`Valor de propiedad ${n}`),
            }))
            .filter((o) => o.group && o.option),
          sku: vc("SKU") || null,
          price: pair.price,
          salePrice: pair.salePrice,
          stock: read.stock,
          imageUrl: null,
        };
      },
    );
    if (!variants) continue;
    if (variants.length === 1 && variants[0]!.options.length === 0) {
      const v = variants[0]!;
      Object.assign(product, { price: v.price, salePrice: v.salePrice, stock: v.stock, sku: v.sku });
    } else {
      product.variants = variants;
      product.price = lowestPrice(variants);
    }
    const images = imageList(
      rows.flatMap((v) => [r.cell(v.cells, "Imagen"), r.cell(v.cells, "URL de imagen"), r.cell(v.cells, "Imágenes")]),
      row,
      warnings,
    );
    if (images.length) {
      product.imageUrl = images[0]!;
      if (images.length > 1) product.meta.gallery_images = images.slice(1);
    }
    entries.push({ row, product });
  }
  return {
    profile: "tiendanube",
    products: finish(entries, errors, warnings),
    errors: sortRows(errors),
    warnings: sortRows(warnings),
    columns: r.columns,
  };
}

/** A platform export turned into products (the profile decides every column). */
export function planFromProfile(
  profile: ProfileId,
  headers: string[],
  data: string[][],
  plainText: PlainText,
): ImportPlan {
  if (profile === "shopify") return shopifyPlan(headers, data, plainText);
  if (profile === "woocommerce") return wooPlan(headers, data, plainText);
  return tiendanubePlan(headers, data, plainText);
}

// ---------------------------------------------------------------- a file mapped by hand

/**
 * A file the profiles do not know, with the columns the merchant mapped: the wizard's rules
 * (product-import.ts), price columns decided from the whole column, HTML descriptions kept in
 * the rich description, and the warnings the preview shows.
 */
export function planFromMapping(
  headers: string[],
  data: string[][],
  mapping: ColumnMapping,
  plainText: PlainText,
): ImportPlan {
  const rows = mapRows(data, mapping);
  const separators = decidePriceColumns(rows);
  const { products, errors, warnings } = validateImportRows(rows);
  const byRow = new Map(rows.map((r) => [r.row, r]));
  for (const { row, product } of products) {
    const raw = (byRow.get(row)?.values.description ?? "").trim();
    if (/<[a-z][^>]*>/i.test(raw)) {
      const d = descriptions(raw, "", row, plainText, warnings);
      product.description = d.description;
      if (d.html && product.meta.description_html === undefined) product.meta.description_html = d.html;
    } else if (raw.length > DESCRIPTION_MAX_LENGTH) {
      warnings.push({
        row,
        message: `Fila ${row}: la descripción tiene ${raw.length} caracteres; se corta en ${DESCRIPTION_MAX_LENGTH}.`,
      });
      product.description = cutText(raw, DESCRIPTION_MAX_LENGTH);
    }
  }
  const kept = finish(products, errors, warnings);
  const columns: ColumnReading[] = [];
  for (const field of PRICE_FIELDS) {
    const decided = separators[field];
    const index = mapping[field];
    if (index === null || !rows.some((r) => (r.values[field] ?? "").trim())) continue;
    const decimal = "decimal" in decided ? decided.decimal : null;
    const examples: ColumnReading["examples"] = [];
    for (const r of rows) {
      const text = (r.values[field] ?? "").trim();
      if (!decimal || !text || examples.some((e) => e.text === text)) continue;
      const read = parseColumnAmount(text, decimal);
      if (read.ok) examples.push({ text, cents: read.cents });
      if (examples.length === 3) break;
    }
    columns.push({
      column: headers[index]?.trim() || IMPORT_FIELD_LABELS[field],
      decimal,
      ambiguous: "ambiguous" in decided ? decided.examples : null,
      examples,
    });
  }
  return { profile: null, products: kept, errors: sortRows(errors), warnings: sortRows(warnings), columns };
}
