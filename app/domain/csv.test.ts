import { describe, expect, it } from "vitest";
import {
  CSV_BOM,
  CsvError,
  formatCsvIvaRate,
  formatCsvNumber,
  guessDelimiter,
  neutraliseCell,
  parseBoolean,
  parseCsvText,
  parseIvaRate,
  parseMeta,
  parseNumber,
  parseStatus,
  restoreCell,
  splitHeader,
} from "./csv";
import { EXPORT_COLUMNS, buildExportCsv, buildTemplateCsv, productToExportRow } from "./product-export";
import {
  IMPORT_FIELDS,
  autoMatchColumns,
  mapRows,
  formatVariantOptions,
  parseVariantOptions,
  validateImportRow,
  validateImportRows,
} from "./product-import";

describe("numbers (es-AR)", () => {
  it("reads comma decimals and drops thousands dots and symbols", () => {
    expect(parseNumber("1.234,50")).toBe(1234.5);
    expect(parseNumber("$ 1.234")).toBe(1234);
    expect(parseNumber("  899999,99 ")).toBe(899999.99);
    expect(parseNumber("ARS 12")).toBe(12);
    expect(parseNumber("-5")).toBe(-5);
  });

  it("gives null for an empty cell and NaN for text that is no number", () => {
    expect(parseNumber("")).toBeNull();
    expect(parseNumber("   ")).toBeNull();
    expect(parseNumber(undefined)).toBeNull();
    expect(parseNumber("gratis")).toBeNaN();
    expect(parseNumber("1,2,3")).toBeNaN();
  });

  it("formats numbers so that they read back the same", () => {
    expect(formatCsvNumber("1234.50")).toBe("1234,50");
    expect(formatCsvNumber(0.05)).toBe("0,05");
    expect(formatCsvNumber(null)).toBe("");
    for (const n of [0, 1, 1234.5, 899999.99, 1000000]) expect(parseNumber(formatCsvNumber(n))).toBe(n);
  });
});

describe("booleans, meta and status", () => {
  it("counts true, 1, si, sí and verdadero as true, in any case", () => {
    for (const t of ["true", "TRUE", "1", "si", "Sí", "SÍ", "verdadero", " Verdadero "])
      expect(parseBoolean(t)).toBe(true);
    for (const f of ["false", "0", "no", "", "yes", "x"]) expect(parseBoolean(f)).toBe(false);
  });

  it("parses meta as a JSON object, otherwise {}", () => {
    expect(parseMeta('{"price_legend":"IVA incluido"}')).toEqual({ price_legend: "IVA incluido" });
    expect(parseMeta("{roto")).toEqual({});
    expect(parseMeta("[1,2]")).toEqual({});
    expect(parseMeta("")).toEqual({});
  });

  it("defaults the status to published and knows Spanish words", () => {
    expect(parseStatus("")).toBe("published");
    expect(parseStatus("Borrador")).toBe("draft");
    expect(parseStatus("draft")).toBe("draft");
    expect(parseStatus("publicado")).toBe("published");
    expect(parseStatus("archivado")).toBeNull();
  });
});

describe("IVA rate", () => {
  it("reads 21 or 10,5 (empty = 21; a % sign or 10.5 also work) and refuses anything else", () => {
    expect(parseIvaRate("")).toBe(21);
    expect(parseIvaRate(undefined)).toBe(21);
    expect(parseIvaRate("21")).toBe(21);
    expect(parseIvaRate("21,00")).toBe(21);
    expect(parseIvaRate("10,5")).toBe(10.5);
    expect(parseIvaRate(" 10,5 % ")).toBe(10.5);
    expect(parseIvaRate("10.5")).toBe(10.5);
    for (const bad of ["0", "27", "105", "10,6", "iva", "-21"]) expect(parseIvaRate(bad)).toBeNull();
    expect(formatCsvIvaRate(21)).toBe("21");
    expect(formatCsvIvaRate(10.5)).toBe("10,5");
    expect(parseIvaRate(formatCsvIvaRate(10.5))).toBe(10.5);
  });

  it("matches an IVA column by its header", () => {
    expect(autoMatchColumns(["Nombre", "Alícuota IVA"]).iva_rate).toBe(1);
    expect(autoMatchColumns(["Nombre", "IVA"]).iva_rate).toBe(1);
  });
});

describe("reading a file", () => {
  it("guesses the delimiter and keeps quoted commas and line breaks", () => {
    expect(parseCsvText('nombre;precio\n"Mouse; inalámbrico";"1.234,50"\n')).toEqual([
      ["nombre", "precio"],
      ["Mouse; inalámbrico", "1.234,50"],
      [""],
    ]);
    expect(parseCsvText(`${CSV_BOM}name,price\r\n"Teclado, mecánico",10\r\n`)[1]).toEqual(["Teclado, mecánico", "10"]);
    expect(parseCsvText('name,description\nMonitor,"línea 1\nlínea 2"')[1]).toEqual(["Monitor", "línea 1\nlínea 2"]);
  });

  it("reads the delimiter from the header line", () => {
    expect(guessDelimiter("nombre;precio;stock\n")).toBe(";");
    expect(guessDelimiter('"a,b";c;d\nx')).toBe(";");
    expect(guessDelimiter("name\tprice")).toBe("\t");
    expect(guessDelimiter("nombre")).toBe(",");
  });

  it("needs a header and a data row (Archivo CSV inválido)", () => {
    expect(() => splitHeader(parseCsvText("nombre,precio\n"))).toThrow(CsvError);
    expect(() => splitHeader(parseCsvText(""))).toThrow("El archivo necesita");
    try {
      splitHeader([["nombre"]]);
    } catch (error) {
      expect((error as CsvError).title).toBe("Archivo CSV inválido");
    }
  });

  it("ignores trailing blank lines but keeps blank lines in between", () => {
    const { headers, data } = splitHeader(parseCsvText("nombre\nA\n\nB\n\n\n"));
    expect(headers).toEqual(["nombre"]);
    expect(data).toEqual([["A"], [""], ["B"]]);
  });

  it("matches columns by header name in Spanish or English, accents and case ignored", () => {
    const mapping = autoMatchColumns([
      "Nombre",
      "PRECIO",
      "Precio de Oferta",
      "Categoría",
      "Código",
      "Destacado",
      "Imagen",
      "Stock",
      "Estado",
      "Descripción",
      "meta",
      "otra",
    ]);
    expect(mapping).toEqual({
      name: 0,
      price: 1,
      sale_price: 2,
      category_name: 3,
      sku: 4,
      is_featured: 5,
      image_url: 6,
      stock: 7,
      status: 8,
      description: 9,
      meta: 10,
      iva_rate: null,
      brand: null,
      gtin: null,
      mpn: null,
      weight_grams: null,
      length_cm: null,
      width_cm: null,
      height_cm: null,
      precio_usd: null,
      margen: null,
      slug: null,
      variant_options: null,
      variant_sku: null,
      variant_price: null,
      variant_sale_price: null,
      variant_stock: null,
      variant_image_url: null,
      variant_weight_grams: null,
      variant_length_cm: null,
      variant_width_cm: null,
      variant_height_cm: null,
    });
    const english = autoMatchColumns([
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
      "iva_rate",
      "brand",
      "gtin",
      "mpn",
      "weight_grams",
      "length_cm",
      "width_cm",
      "height_cm",
      "precio_usd",
      "margen",
      "slug",
      "variant_options",
      "variant_sku",
      "variant_price",
      "variant_sale_price",
      "variant_stock",
      "variant_image_url",
      "variant_weight_grams",
      "variant_length_cm",
      "variant_width_cm",
      "variant_height_cm",
    ]);
    expect(IMPORT_FIELDS.map((f) => english[f])).toEqual(IMPORT_FIELDS.map((_, i) => i));
    expect(autoMatchColumns(["foo"]).name).toBeNull();
  });

  it("maps rows with their file row numbers (the header is row 1)", () => {
    const rows = mapRows(
      [
        ["A", "10"],
        ["B", "'=1+1"],
      ],
      { ...autoMatchColumns(["nombre", "precio"]) },
    );
    expect(rows).toEqual([
      { row: 2, values: { name: "A", price: "10" } },
      { row: 3, values: { name: "B", price: "=1+1" } },
    ]);
  });
});

describe("row validation", () => {
  const row = (values: Record<string, string>, n = 2) => ({ row: n, values });

  it("builds a product with defaults: status published, stock 0, empty price null, meta {}, IVA 21", () => {
    expect(validateImportRow(row({ name: " Mouse " }))).toEqual({
      ok: true,
      product: {
        name: "Mouse",
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
        ivaRate: 21,
        brand: null,
        gtin: null,
        mpn: null,
        slug: null,
        variants: [],
      },
    });
  });

  it("reads every field", () => {
    const result = validateImportRow(
      row({
        name: "Notebook",
        price: "$ 1.234,56",
        sale_price: "1.000",
        stock: "1.200",
        description: "x".repeat(300),
        image_url: "/uploads/a.png",
        category_name: "Notebooks",
        sku: "NB-1",
        status: "borrador",
        is_featured: "sí",
        meta: '{"videos":["https://youtu.be/x"]}',
        iva_rate: "10,5",
      }),
    );
    expect(result).toMatchObject({
      ok: true,
      product: {
        price: 1234.56,
        salePrice: 1000,
        stock: 1200,
        categoryName: "Notebooks",
        sku: "NB-1",
        status: "draft",
        isFeatured: true,
        meta: { videos: ["https://youtu.be/x"] },
        ivaRate: 10.5,
      },
    });
    // The description is stored cut to 250 characters.
    expect(result.ok && result.product.description?.length).toBe(250);
  });

  it("names the row and the reason", () => {
    expect(validateImportRow(row({ name: "", price: "10" }, 7))).toEqual({
      ok: false,
      error: { row: 7, message: "Fila 7: falta el nombre." },
    });
    expect(validateImportRow(row({}, 4))).toEqual({
      ok: false,
      error: { row: 4, message: "Fila 4: la fila está vacía." },
    });
    const message = (values: Record<string, string>) => {
      const r = validateImportRow(row({ name: "X", ...values }, 3));
      return r.ok ? null : r.error.message;
    };
    expect(message({ price: "gratis" })).toBe(
      "Fila 3: el precio: «gratis» no es un importe: escribí solo el número, por ejemplo 1.234,50.",
    );
    expect(message({ price: "-10" })).toBe("Fila 3: el precio no puede ser negativo.");
    expect(message({ stock: "2,5" })).toBe("Fila 3: el stock debe ser un número entero.");
    expect(message({ status: "archivado" })).toContain("el estado «archivado» no es válido");
    expect(message({ image_url: "javascript:alert(1)" })).toContain("la URL de la imagen no es válida");
    expect(message({ iva_rate: "27" })).toBe("Fila 3: la alícuota de IVA «27» no es válida (usá 21 o 10,5).");
    expect(message({ iva_rate: "exento" })).toBe("Fila 3: la alícuota de IVA «exento» no es válida (usá 21 o 10,5).");
  });

  it("splits valid rows from errors", () => {
    const { products, errors } = validateImportRows([
      row({ name: "A" }, 2),
      row({ name: "", price: "5" }, 3),
      row({ name: "B" }, 4),
    ]);
    expect(products.map((p) => [p.row, p.product.name])).toEqual([
      [2, "A"],
      [4, "B"],
    ]);
    expect(errors).toEqual([{ row: 3, message: "Fila 3: falta el nombre." }]);
  });
});

describe("prices read with each column's decimal separator", () => {
  const row = (values: Record<string, string>, n: number) => ({ row: n, values });
  const prices = (cells: string[], field = "price") =>
    validateImportRows(cells.map((price, i) => row({ name: `P${i}`, [field]: price, stock: "1" }, i + 2)));

  it("reads a point column (Shopify, WooCommerce, Tiendanube in dollars format) to the cent", () => {
    const { products, errors } = prices(["69.99", "5,900.00", "11.05", "1234.50", "0.99", "ARS 899999.99", "120"]);
    expect(errors).toEqual([]);
    expect(products.map((p) => p.product.price)).toEqual([69.99, 5900, 11.05, 1234.5, 0.99, 899999.99, 120]);
  });

  it("reads a comma column (an Argentine spreadsheet, our own export) to the cent", () => {
    const { products, errors } = prices(["1.234,50", "899,99", "$ 1.500", "1500"]);
    expect(errors).toEqual([]);
    expect(products.map((p) => p.product.price)).toEqual([1234.5, 899.99, 1500, 1500]);
  });

  it("decides each column on its own: variant prices too", () => {
    const { products } = validateImportRows([
      row({ name: "A", price: "1.234,50", sale_price: "1000" }, 2),
      row({ name: "B", price: "899,99", sale_price: "69.99" }, 3),
    ]);
    expect(products.map((p) => [p.product.price, p.product.salePrice])).toEqual([
      [1234.5, 1000],
      [899.99, 69.99],
    ]);
  });

  it("refuses, naming the row, what is not a plain amount", () => {
    const { products, errors } = prices(["69.99", "1e3", "12 USD"]);
    expect(products.map((p) => p.product.price)).toEqual([69.99]);
    expect(errors.map((e) => e.message)).toEqual([
      "Fila 3: el precio: «1e3» no es un importe: escribí solo el número, por ejemplo 1.234,50.",
      "Fila 4: el precio: «12 USD» no es un importe: escribí solo el número, por ejemplo 1.234,50.",
    ]);
  });

  it("refuses the cells a column that mixes both formats cannot read for sure, never 100 times off", () => {
    const { products, errors } = prices(["69.99", "1.234,50", "500"]);
    expect(products.map((p) => [p.row, p.product.price])).toEqual([[4, 500]]);
    expect(errors.map((e) => e.row)).toEqual([2, 3]);
    expect(errors[0]!.message).toBe(
      "Fila 2: el precio «69.99» no se puede leer con certeza: la columna mezcla decimales con punto («69.99») y con coma («1.234,50»). Usá un solo formato en toda la columna.",
    );
  });

  it("imports a product without a price as a draft, with a warning on its row", () => {
    const { products, warnings } = validateImportRows([
      row({ name: "Sin precio", price: "", stock: "3" }, 2),
      row({ name: "A cero", price: "0", stock: "3" }, 3),
      row({ name: "Con precio", price: "10", stock: "3" }, 4),
      row({ name: "Borrador", status: "draft" }, 5),
    ]);
    expect(products.map((p) => [p.product.name, p.product.status])).toEqual([
      ["Sin precio", "draft"],
      ["A cero", "draft"],
      ["Con precio", "published"],
      ["Borrador", "draft"],
    ]);
    expect(warnings).toEqual([
      { row: 2, message: "Fila 2: «Sin precio» no tiene precio; se importa como borrador." },
      { row: 3, message: "Fila 3: «A cero» no tiene precio; se importa como borrador." },
    ]);
  });
});

describe("brand, GTIN and MPN columns", () => {
  const row = (values: Record<string, string>, n: number) => ({ row: n, values });

  it("matches Shopify's, WooCommerce's and Spanish headers", () => {
    const mapping = autoMatchColumns(["Title", "Vendor", "Barcode", "MPN"]);
    expect([mapping.brand, mapping.gtin, mapping.mpn]).toEqual([1, 2, 3]);
    const spanish = autoMatchColumns(["Nombre", "Marca", "EAN", "Número de parte"]);
    expect([spanish.brand, spanish.gtin, spanish.mpn]).toEqual([1, 2, 3]);
  });

  it("imports them, refusing a GTIN whose check digit is wrong", () => {
    const { products, errors } = validateImportRows([
      row({ name: "Mouse", price: "10", brand: " Logitech ", gtin: "50 99206 02729 9", mpn: "910-004940" }, 2),
      row({ name: "Teclado", price: "10", gtin: "5099206027298" }, 3),
    ]);
    expect(products[0]!.product).toMatchObject({ brand: "Logitech", gtin: "5099206027299", mpn: "910-004940" });
    expect(errors).toEqual([
      { row: 3, message: "Fila 3: el GTIN «5099206027298» no es válido: revisá los dígitos (el último no coincide)." },
    ]);
  });
});

describe("export", () => {
  const product = {
    name: '=HYPERLINK("http://malo")',
    price: "1234.50",
    salePrice: null,
    stock: 3,
    description: "-2+3",
    imageUrl: "/uploads/a.png",
    categoryName: "@Notebooks",
    sku: "+SKU",
    status: "published" as const,
    isFeatured: true,
    meta: {},
    ivaRate: 10.5,
    brand: "Logitech",
    gtin: "5099206027299",
    mpn: "910-004940",
    slug: "mouse-malo",
    variants: [],
  };

  it("neutralises cells that start like a formula", () => {
    for (const v of ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"]) expect(neutraliseCell(v)).toBe(`'${v}`);
    expect(neutraliseCell("Mouse")).toBe("Mouse");
    expect(restoreCell("'=1+1")).toBe("=1+1");
    expect(restoreCell("'hola")).toBe("'hola");
    const cells = productToExportRow(product);
    expect(cells[EXPORT_COLUMNS.indexOf("name")]).toBe('\'=HYPERLINK("http://malo")');
    expect(cells[EXPORT_COLUMNS.indexOf("description")]).toBe("'-2+3");
    expect(cells[EXPORT_COLUMNS.indexOf("category_name")]).toBe("'@Notebooks");
    expect(cells[EXPORT_COLUMNS.indexOf("sku")]).toBe("'+SKU");
    expect(cells[EXPORT_COLUMNS.indexOf("price")]).toBe("1234,50");
    expect(cells[EXPORT_COLUMNS.indexOf("iva_rate")]).toBe("10,5");
  });

  it("writes a BOM, semicolons and a header of the importable fields, and reads back the same", () => {
    const csv = buildExportCsv([product]);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    const { headers, data } = splitHeader(parseCsvText(csv));
    expect(headers).toEqual([...IMPORT_FIELDS]);
    const [mapped] = mapRows(data, autoMatchColumns(headers));
    const back = validateImportRow(mapped!);
    expect(back).toEqual({
      ok: true,
      product: {
        ...product,
        price: 1234.5,
        name: product.name,
        description: "-2+3",
        categoryName: "@Notebooks",
        sku: "+SKU",
        // The export has the weight and size columns: empty ones read as not known.
        box: { weightGrams: null, lengthCm: null, widthCm: null, heightCm: null },
        // And the dollar columns: empty ones read as not pegged.
        usdPrice: null,
        markupPercent: null,
      },
    });
  });

  it("offers a template with the importable fields and one valid example row", () => {
    const { headers, data } = splitHeader(parseCsvText(buildTemplateCsv()));
    expect(headers).toEqual([
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
      "iva_rate",
      "brand",
      "gtin",
      "mpn",
      "weight_grams",
      "length_cm",
      "width_cm",
      "height_cm",
      "precio_usd",
      "margen",
      "slug",
      "variant_options",
      "variant_sku",
      "variant_price",
      "variant_sale_price",
      "variant_stock",
      "variant_image_url",
      "variant_weight_grams",
      "variant_length_cm",
      "variant_width_cm",
      "variant_height_cm",
    ]);
    expect(data).toHaveLength(1);
    const [mapped] = mapRows(data, autoMatchColumns(headers));
    expect(validateImportRow(mapped!)).toMatchObject({
      ok: true,
      product: { price: 899999.99, isFeatured: true, ivaRate: 21 },
    });
  });
});

describe("variants in the CSV ([14/15])", () => {
  const row = (values: Record<string, string>, n: number) => ({ row: n, values });

  it("writes a variant's options in one cell and reads them back, as JSON when a name holds a separator", () => {
    const plain = [
      { group: "Memoria RAM", option: "16GB" },
      { group: "Color", option: "Negro/Rojo" },
    ];
    expect(formatVariantOptions(plain)).toBe("Memoria RAM: 16GB | Color: Negro/Rojo");
    expect(parseVariantOptions("Memoria RAM: 16GB | Color: Negro/Rojo")).toEqual(plain);
    const odd = [{ group: "Tipo: A", option: "x | y" }];
    expect(parseVariantOptions(formatVariantOptions(odd))).toEqual(odd);
    expect(parseVariantOptions("sin grupo")).toBeNull();
    expect(parseVariantOptions("Color: Rojo | Color: Azul")).toBeNull();
  });

  it("groups the rows of a product by slug: the first holds the product, the next ones its variants", () => {
    const { products, errors } = validateImportRows([
      row(
        {
          name: "Notebook",
          price: "900000",
          slug: "notebook",
          variant_options: "RAM: 8GB",
          variant_stock: "3",
          variant_sku: "NB-8",
        },
        2,
      ),
      row({ slug: "notebook", variant_options: "RAM: 16GB", variant_stock: "1", variant_price: "990000" }, 3),
      row({ name: "Mouse", price: "15000", stock: "7" }, 4),
    ]);
    expect(errors).toEqual([]);
    expect(products.map((p) => [p.row, p.product.name, p.product.slug])).toEqual([
      [2, "Notebook", "notebook"],
      [4, "Mouse", null],
    ]);
    expect(products[0]!.product.variants.map((v) => [v.row, v.options[0]!.option, v.sku, v.price, v.stock])).toEqual([
      [2, "8GB", "NB-8", null, 3],
      [3, "16GB", null, 990000, 1],
    ]);
    expect(products[1]!.product.variants).toEqual([]);
  });

  it("leaves out a product when one of its variant rows is wrong, naming the rows", () => {
    const { products, errors } = validateImportRows([
      row({ name: "Silla", price: "100", slug: "silla", variant_options: "Color: Negro" }, 2),
      row({ slug: "silla", variant_options: "Color: Azul", variant_stock: "-3" }, 3),
      row({ name: "Otra", price: "100", slug: "otra", variant_options: "Color: Rojo" }, 4),
      row({ slug: "otra", variant_options: "Talle: M" }, 5),
    ]);
    expect(products).toEqual([]);
    expect(errors).toEqual([
      { row: 2, message: "Fila 2: el producto no se importa porque una de sus variantes tiene errores." },
      { row: 3, message: "Fila 3: el stock de la variante «-3» debe ser un número entero desde 0." },
      { row: 4, message: "Fila 4: cada variante debe tener una opción de cada grupo." },
    ]);
  });
});
