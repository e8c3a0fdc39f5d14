import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import {
  type FeedProduct,
  META_COLUMNS,
  feedPrices,
  googleFeedItem,
  isListed,
  metaFeedHeader,
  metaFeedRow,
  variantItems,
} from "./feeds";

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
  antes: true,
  optionGroups: [],
  sku: "NB-PRO-15",
  brand: "Lenovo",
  gtin: "0195348812345",
  mpn: "82RK00VWAR",
  productType: "Computación > Notebooks",
};

describe("feed prices: the store's price rule", () => {
  it("a sale price below the price is the sale price", () => {
    expect(feedPrices(PRODUCT)).toEqual({ price: "899999.00 ARS", salePrice: "849999.50 ARS" });
  });

  it("a sale the storefront shows without a struck price (ADR 0019): the sale price as the price, no sale_price", () => {
    expect(feedPrices({ ...PRODUCT, antes: false })).toEqual({ price: "849999.50 ARS", salePrice: null });
  });

  it("carries Google's installment for the plan the product page shows first, at the price paid, only with financing", () => {
    const plans = [{ name: "6 cuotas", interest_rate: 15 }];
    expect(googleFeedItem({ ...PRODUCT, financingPlans: plans })).toContain(
      "<g:installment><g:months>6</g:months><g:amount>162916.57 ARS</g:amount><g:credit_type>finance</g:credit_type></g:installment>",
    );
    expect(
      googleFeedItem({ ...PRODUCT, financingPlans: [{ name: "3 cuotas sin interés", interest_rate: 0 }] }),
    ).toContain("<g:installment><g:months>3</g:months><g:amount>283333.17 ARS</g:amount></g:installment>");
    expect(googleFeedItem(PRODUCT)).not.toContain("installment");
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
    expect(xml).toContain(
      "<g:condition>new</g:condition><g:brand>Lenovo</g:brand><g:gtin>0195348812345</g:gtin><g:mpn>82RK00VWAR</g:mpn>",
    );
    expect(xml).toContain("<g:product_type>Computación &gt; Notebooks</g:product_type>");
    expect(xml).toContain("<g:additional_image_link>https://vitec.example/uploads/b.jpg</g:additional_image_link>");
    expect(xml).not.toContain("identifier_exists");
    expect(xml).not.toContain("item_group_id");
  });

  it("says out of stock, and no known identifiers only without a GTIN nor a brand with its MPN", () => {
    const xml = googleFeedItem({ ...PRODUCT, inStock: false, brand: null, gtin: null });
    expect(xml).toContain("<g:availability>out_of_stock</g:availability>");
    expect(xml).toContain("<g:identifier_exists>no</g:identifier_exists>");
    expect(xml).not.toContain("item_group_id");
    const says = (p: Partial<FeedProduct>) => googleFeedItem({ ...PRODUCT, ...p }).includes("identifier_exists");
    expect(says({ gtin: null })).toBe(false);
    expect(says({ mpn: null })).toBe(false);
    expect(says({ brand: null })).toBe(false);
    expect(says({ gtin: null, mpn: null })).toBe(true);
    // The store's own SKU is no manufacturer part number.
    expect(googleFeedItem({ ...PRODUCT, mpn: null })).not.toContain("<g:mpn>");
  });

  it("leaves out an item without a price: never offered at $ 0", () => {
    expect(isListed(PRODUCT)).toBe(true);
    expect(isListed({ ...PRODUCT, price: null, salePrice: null })).toBe(false);
    expect(isListed({ ...PRODUCT, price: "0", salePrice: null })).toBe(false);
    const [own] = variantItems({ ...PRODUCT, price: null, salePrice: null }, [
      { id: "v", options: [], sku: "V", price: "10", salePrice: null, antes: false, stock: 1, imageLink: null },
    ]);
    expect(isListed(own!)).toBe(true);
  });

  it("lists each variant as its own item grouped by the product, with its price, stock and link", () => {
    const groups = [{ title: "Color", options: [{ name: "Negro" }, { name: "Gris", price: 950000 }] }];
    const items = variantItems({ ...PRODUCT, optionGroups: groups }, [
      {
        id: "v1",
        options: [{ group: "Color", option: "Negro" }],
        sku: "NB-N",
        price: null,
        salePrice: null,
        antes: true,
        stock: 0,
        imageLink: null,
      },
      {
        id: "v2",
        options: [{ group: "Color", option: "Gris" }],
        sku: "NB-G",
        price: "990000.00",
        salePrice: "940000.00",
        antes: true,
        stock: 4,
        imageLink: "https://vitec.example/gris.jpg",
        gtin: "7790001000019",
        mpn: null,
      },
    ]);
    const [negro, gris] = items.map(googleFeedItem);
    expect(negro).toContain("<g:id>v1</g:id>");
    expect(negro).toContain(`<g:item_group_id>${PRODUCT.id}</g:item_group_id>`);
    expect(negro).toContain(" (Color: Negro)</g:title>");
    expect(negro).toContain("<g:availability>out_of_stock</g:availability>");
    // Without a price of its own: the product's price and sale price.
    expect(negro).toContain("<g:price>899999.00 ARS</g:price>");
    // A GTIN or MPN names one item: a variant has its own or none (never the product's).
    expect(negro).not.toContain("<g:gtin>");
    expect(negro).toContain("<g:identifier_exists>no</g:identifier_exists>");
    expect(gris).toContain("<g:gtin>7790001000019</g:gtin>");
    expect(gris).not.toContain("<g:mpn>");
    expect(gris).toContain(`<g:link>${PRODUCT.link}?variante=v2</g:link>`);
    expect(gris).toContain("<g:image_link>https://vitec.example/gris.jpg</g:image_link>");
    expect(gris).toContain("<g:availability>in_stock</g:availability>");
    expect(gris).toContain("<g:price>990000.00 ARS</g:price>");
    expect(gris).toContain("<g:sale_price>940000.00 ARS</g:sale_price>");
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
    expect(cell("gtin")).toBe("0195348812345");
    expect(cell("mpn")).toBe("82RK00VWAR");
    expect(cell("product_type")).toBe("Computación > Notebooks");
  });
});
