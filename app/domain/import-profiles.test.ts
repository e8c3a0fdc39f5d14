import { describe, expect, it } from "vitest";
import { parseCsvText, splitHeader } from "./csv";
import { cutText, detectProfile, planFromProfile } from "./import-profiles";

const plain = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
const plan = (csv: string) => {
  const { headers, data } = splitHeader(parseCsvText(csv));
  return planFromProfile(detectProfile(headers)!, headers, data, plain);
};

describe("detecting the platform by its headers", () => {
  it.each([
    ["Identificador de URL;Nombre;Categorías;Precio;Stock", "tiendanube"],
    ["Handle,Title,Body (HTML),Variant Price", "shopify"],
    ["ID,Type,SKU,Name,Regular price,Parent", "woocommerce"],
    ["Nombre;Precio de venta;Stock", null],
    ["name;price;slug;variant_options", null],
  ])("%s -> %s", (header, profile) => {
    expect(detectProfile(parseCsvText(header)[0]!)).toBe(profile);
  });
});

describe("WooCommerce", () => {
  const header =
    "ID,Type,SKU,Name,Published,Visibility in catalog,Regular price,Sale price,In stock?,Stock,Categories,Images,Parent,Attribute 1 name,Attribute 1 value(s)";
  it("ties a variation to its parent by id:NN and reads a category path with an escaped comma", () => {
    const result = plan(
      [
        header,
        `10,variable,REM,Remera,1,visible,,,1,,"Ropa > Remeras\\, musculosas",,,Talle,"S, M"`,
        `11,variation,REM-S,Remera - S,1,visible,"1,234.50",999.99,1,3,,,id:10,Talle,S`,
        `12,variation,REM-M,Remera - M,1,visible,1234.50,,0,,,,id:10,Talle,M`,
      ].join("\n"),
    );
    expect(result.errors).toEqual([]);
    const { product } = result.products[0]!;
    expect(product.categoryName).toBe("Ropa > Remeras, musculosas");
    expect(product.variants.map((v) => [v.options[0]!.option, v.price, v.salePrice, v.stock])).toEqual([
      ["S", 1234.5, 999.99, 3],
      ["M", 1234.5, null, 0],
    ]);
  });

  it("says which variation has no parent in the file", () => {
    const result = plan([header, `11,variation,X-S,X - S,1,visible,10,,1,2,,,id:99,Talle,S`].join("\n"));
    expect(result.errors).toEqual([
      { row: 2, message: "Fila 2: la variación «X - S» no tiene su producto variable en el archivo (Parent «id:99»)." },
    ]);
  });
});

describe("Shopify", () => {
  it("takes a higher compare-at price as the regular price and the variant price as the sale price", () => {
    const result = plan(
      ["Handle,Title,Variant Price,Variant Compare At Price,Variant Inventory Qty", "gorra,Gorra,17.99,22.99,5"].join(
        "\n",
      ),
    );
    expect(result.products[0]!.product).toMatchObject({ price: 22.99, salePrice: 17.99, stock: 5 });
  });

  it("refuses the rows of a price column that mixes both decimal separators, naming row and column", () => {
    const result = plan(["Handle,Title,Variant Price", "a,A,69.99", 'b,B,"1.234,50"', "c,C,100"].join("\n"));
    expect(result.products.map((p) => p.product.name)).toEqual(["C"]);
    expect(result.errors.map((e) => e.row)).toEqual([2, 3]);
    expect(result.errors[0]!.message).toContain("«Variant Price» «69.99» no se puede leer con certeza");
  });
});

describe("Tiendanube", () => {
  it("continues a product on rows without an identifier and imports one without price as a draft", () => {
    const result = plan(
      [
        "Identificador de URL;Nombre;Nombre de propiedad 1;Valor de propiedad 1;Precio;Stock",
        "taza;Taza;Diseño;Bicolor;10,000.00;2",
        ";;;Escamas;10,000.00;3",
        "sena;Seña;;;;",
      ].join("\n"),
    );
    expect(result.products.map((p) => [p.product.name, p.product.variants.length, p.product.status])).toEqual([
      ["Taza", 2, "published"],
      ["Seña", 0, "draft"],
    ]);
    expect(result.products[0]!.product.variants.map((v) => v.price)).toEqual([10000, 10000]);
  });
});

describe("cutting a description", () => {
  it("cuts at a word within the limit, ending in an ellipsis", () => {
    expect(cutText("uno dos tres cuatro", 12)).toBe("uno dos…");
    expect(cutText("corto", 12)).toBe("corto");
  });
});
