import { describe, expect, it } from "vitest";
import { type JsonLdProduct, productJsonLd } from "./product-json-ld.server";

const PRODUCT: JsonLdProduct = {
  id: "11111111-1111-4111-8111-111111111111",
  name: "Mouse Logitech M170",
  metaDescription: "Mouse inalámbrico",
  imageUrl: "/uploads/m170.jpg",
  categoryName: "Mouses",
  sku: "LOG-M170",
  brand: "Logitech",
  gtin: "5099206027299",
  mpn: "910-004940",
  price: 15999,
  salePrice: null,
  inStock: true,
  optionGroups: [],
  rating: null,
  variants: [],
};

describe("the product's JSON-LD", () => {
  it("names the brand, GTIN and MPN, and offers the price", () => {
    const ld = productJsonLd(PRODUCT, "https://vitec.example") as Record<string, unknown>;
    expect(ld).toMatchObject({
      "@type": "Product",
      brand: { "@type": "Brand", name: "Logitech" },
      gtin: "5099206027299",
      mpn: "910-004940",
      offers: { price: "15999.00", priceCurrency: "ARS" },
    });
  });

  it("offers nothing for a product without a price: never a price of 0.00", () => {
    for (const price of [null, 0]) {
      const ld = productJsonLd({ ...PRODUCT, price, brand: null, gtin: null, mpn: null }, "https://vitec.example");
      expect(ld).not.toHaveProperty("offers");
      expect(ld).not.toHaveProperty("brand");
      expect(ld).not.toHaveProperty("gtin");
    }
  });

  it("gives each variant its own identifiers and no offer when it has no price", () => {
    const ld = productJsonLd(
      {
        ...PRODUCT,
        price: null,
        optionGroups: [{ title: "Color", options: [{ name: "Negro" }, { name: "Gris" }] }],
        variants: [
          {
            id: "v1",
            options: [{ group: "Color", option: "Negro" }],
            sku: "N",
            price: 15999,
            salePrice: null,
            imageUrl: null,
            gtin: "5099206027299",
            mpn: null,
            inStock: true,
          },
          {
            id: "v2",
            options: [{ group: "Color", option: "Gris" }],
            sku: "G",
            price: null,
            salePrice: null,
            imageUrl: null,
            gtin: null,
            mpn: null,
            inStock: true,
          },
        ],
      },
      "https://vitec.example",
    ) as { hasVariant: Record<string, unknown>[] };
    expect(ld.hasVariant[0]).toMatchObject({ gtin: "5099206027299", offers: { price: "15999.00" } });
    expect(ld.hasVariant[1]).not.toHaveProperty("offers");
    expect(ld.hasVariant[1]).not.toHaveProperty("gtin");
  });
});
