import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { type FeedProduct, META_COLUMNS, feedPrices, googleFeedItem, metaFeedHeader, metaFeedRow } from "./feeds";

const PRODUCT: FeedProduct = {
  id: "11111111-1111-4111-8111-111111111111",
  title: 'Notebook "Pro" 15,6" <2026> & más',
  description: "Intel Core i5, 16 GB",
  link: "https://vitec.example/product/11111111-1111-4111-8111-111111111111",
  imageLink: "https://vitec.example/uploads/a.jpg",
  additionalImageLinks: ["https://vitec.example/uploads/b.jpg"],
  inStock: true,
  price: "899999.00",
  salePrice: "849999.50",
  optionGroups: [],
  sku: "NB-PRO-15",
  brand: "Lenovo",
  productType: "Computación > Notebooks",
};

describe("feed prices: the store's price rule", () => {
  it("a sale price below the price is the sale price", () => {
    expect(feedPrices(PRODUCT)).toEqual({ price: "899999.00 ARS", salePrice: "849999.50 ARS" });
  });

  it("no sale: the price; a sale price alone is the price", () => {
    expect(feedPrices({ ...PRODUCT, salePrice: null })).toEqual({ price: "899999.00 ARS", salePrice: null });
    expect(feedPrices({ ...PRODUCT, price: null, salePrice: "100" })).toEqual({ price: "100.00 ARS", salePrice: null });
  });

  it("the first option with its own price replaces the price, as on the product page", () => {
    const groups = [
      {
        title: "RAM",
        options: [
          { name: "16 GB", price: 950000 },
          { name: "32 GB", price: 1100000 },
        ],
      },
    ];
    expect(feedPrices({ ...PRODUCT, optionGroups: groups })).toEqual({ price: "950000.00 ARS", salePrice: null });
  });
});

describe("the Google Merchant Center item", () => {
  it("has the required fields, escaped", () => {
    const xml = googleFeedItem(PRODUCT);
    expect(xml).toContain(`<g:id>${PRODUCT.id}</g:id>`);
    expect(xml).toContain("<g:title>Notebook &quot;Pro&quot; 15,6&quot; &lt;2026&gt; &amp; más</g:title>");
    expect(xml).toContain("<g:availability>in_stock</g:availability>");
    expect(xml).toContain("<g:price>899999.00 ARS</g:price><g:sale_price>849999.50 ARS</g:sale_price>");
    expect(xml).toContain("<g:condition>new</g:condition><g:brand>Lenovo</g:brand><g:mpn>NB-PRO-15</g:mpn>");
    expect(xml).toContain("<g:product_type>Computación &gt; Notebooks</g:product_type>");
    expect(xml).toContain("<g:additional_image_link>https://vitec.example/uploads/b.jpg</g:additional_image_link>");
    expect(xml).not.toContain("identifier_exists");
    expect(xml).not.toContain("item_group_id");
  });

  it("says out of stock, no known identifiers without a brand, and groups a product with options", () => {
    const xml = googleFeedItem({
      ...PRODUCT,
      inStock: false,
      brand: null,
      optionGroups: [{ title: "Color", options: [{ name: "Negro" }, { name: "Gris" }] }],
    });
    expect(xml).toContain("<g:availability>out_of_stock</g:availability>");
    expect(xml).toContain("<g:identifier_exists>no</g:identifier_exists>");
    expect(xml).toContain(`<g:item_group_id>${PRODUCT.id}</g:item_group_id>`);
  });
});

describe("the Meta catalogue row", () => {
  it("is one CSV line under Meta's column names, quoted where needed", () => {
    const csv = metaFeedHeader() + metaFeedRow(PRODUCT);
    const [header, row] = Papa.parse<string[]>(csv.trim()).data;
    expect(header).toEqual([...META_COLUMNS]);
    const cell = (name: (typeof META_COLUMNS)[number]) => row![META_COLUMNS.indexOf(name)];
    expect(cell("title")).toBe(PRODUCT.title);
    expect(cell("availability")).toBe("in stock");
    expect(cell("price")).toBe("899999.00 ARS");
    expect(cell("sale_price")).toBe("849999.50 ARS");
    expect(cell("brand")).toBe("Lenovo");
    expect(cell("product_type")).toBe("Computación > Notebooks");
  });
});
