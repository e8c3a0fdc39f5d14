import { describe, expect, it } from "vitest";
import type { OptionGroup } from "./product-meta";
import { basePrice, defaultSelection, isOnSale, isValidSelection, unitPrice } from "./pricing";

const groups: OptionGroup[] = [
  {
    title: "Memoria",
    options: [
      { name: "8 GB", price: 0 },
      { name: "16 GB", price: 950000 },
    ],
  },
  { title: "Color", options: [{ name: "Gris" }, { name: "Azul", price: 910000, image_url: "/azul.svg" }] },
];

describe("unit price", () => {
  it("uses the sale price only when it is below the price", () => {
    expect(basePrice({ price: "1000.00", sale_price: "800.00" })).toBe(800);
    expect(basePrice({ price: 1000, sale_price: 1200 })).toBe(1000);
    expect(isOnSale({ price: 1000, sale_price: 1000 })).toBe(false);
  });

  it("counts a missing amount as 0", () => {
    expect(basePrice({ price: null })).toBe(0);
    expect(basePrice({ price: null, sale_price: "500" })).toBe(500);
  });

  it("lets a selected option above 0 replace the price, the first group first", () => {
    const product = { price: 900000, sale_price: 850000, option_groups: groups };
    expect(
      unitPrice(product, [
        { group: "Memoria", option: "8 GB" },
        { group: "Color", option: "Gris" },
      ]),
    ).toBe(850000);
    expect(
      unitPrice(product, [
        { group: "Memoria", option: "16 GB" },
        { group: "Color", option: "Gris" },
      ]),
    ).toBe(950000);
    expect(
      unitPrice(product, [
        { group: "Memoria", option: "8 GB" },
        { group: "Color", option: "Azul" },
      ]),
    ).toBe(910000);
    expect(
      unitPrice(product, [
        { group: "Memoria", option: "16 GB" },
        { group: "Color", option: "Azul" },
      ]),
    ).toBe(950000);
  });

  it("ignores an option that does not exist", () => {
    expect(unitPrice({ price: 100, option_groups: groups }, [{ group: "Memoria", option: "64 GB" }])).toBe(100);
  });

  it("selects each group's first option by default and validates selections", () => {
    const selection = defaultSelection(groups);
    expect(selection).toEqual([
      { group: "Memoria", option: "8 GB" },
      { group: "Color", option: "Gris" },
    ]);
    expect(isValidSelection(groups, selection)).toBe(true);
    expect(isValidSelection(groups, [{ group: "Memoria", option: "8 GB" }])).toBe(false);
    expect(isValidSelection(groups, [...selection.slice(0, 1), { group: "Color", option: "Rojo" }])).toBe(false);
    expect(isValidSelection(undefined, [])).toBe(true);
  });
});
