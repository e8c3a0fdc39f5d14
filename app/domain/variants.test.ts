import { describe, expect, it } from "vitest";
import type { OptionGroup } from "./product-meta";
import { unitPrice } from "./pricing";
import {
  type VariantRow,
  combinationCount,
  combinations,
  findVariant,
  firstAvailableSelection,
  reconcileVariants,
  unavailableOptions,
  chooseOption,
  soldOutOptions,
  variantKey,
  variantPricing,
  variantSku,
} from "./variants";

const groups: OptionGroup[] = [
  { title: "Memoria RAM", options: [{ name: "8 GB" }, { name: "16 GB", price: 950000 }] },
  { title: "Color", options: [{ name: "Gris" }, { name: "Azul" }, { name: "Negro" }] },
];

const sel = (ram: string, color: string) => [
  { group: "Memoria RAM", option: ram },
  { group: "Color", option: color },
];

function row(ram: string, color: string, stock: number, extra: Partial<VariantRow> = {}): VariantRow {
  return {
    options: sel(ram, color),
    sku: `S-${ram}-${color}`,
    price: null,
    sale_price: null,
    stock,
    image_url: null,
    ...extra,
  };
}

describe("variant generation", () => {
  it("makes one variant per combination of one option of each group, the first group slowest", () => {
    const all = combinations(groups);
    expect(all).toHaveLength(6);
    expect(combinationCount(groups)).toBe(6);
    expect(all[0]).toEqual(sel("8 GB", "Gris"));
    expect(all[1]).toEqual(sel("8 GB", "Azul"));
    expect(all[5]).toEqual(sel("16 GB", "Negro"));
  });

  it("ignores groups without options and gives no variants without groups", () => {
    expect(combinations([...groups, { title: "Vacío", options: [] }])).toHaveLength(6);
    expect(combinations([])).toEqual([]);
    expect(combinations(undefined)).toEqual([]);
  });

  it("keys a combination the same whatever the order of its options", () => {
    expect(variantKey(sel("8 GB", "Gris"))).toBe(variantKey([...sel("8 GB", "Gris")].reverse()));
    expect(variantKey(sel("8 GB", "Gris"))).not.toBe(variantKey(sel("8 GB", "Azul")));
    expect(findVariant([row("16 GB", "Azul", 3)], [...sel("16 GB", "Azul")].reverse())?.stock).toBe(3);
    expect(findVariant([row("16 GB", "Azul", 3)], sel("8 GB", "Azul"))).toBeUndefined();
  });

  it("keeps existing variants, adds the new combinations at stock 0 and lists the dropped ones", () => {
    const existing = [row("8 GB", "Gris", 5, { price: 800000 }), row("8 GB", "Azul", 2), row("16 GB", "Gris", 7)];
    // "Azul" goes, "Rojo" comes.
    const next: OptionGroup[] = [groups[0]!, { title: "Color", options: [{ name: "Gris" }, { name: "Rojo" }] }];
    const { variants, dropped } = reconcileVariants(next, existing, "NB-IP3");
    expect(variants.map((v) => [v.options.map((o) => o.option).join("/"), v.stock])).toEqual([
      ["8 GB/Gris", 5],
      ["8 GB/Rojo", 0],
      ["16 GB/Gris", 7],
      ["16 GB/Rojo", 0],
    ]);
    expect(variants[0]!.price).toBe(800000);
    expect(variants[1]!.sku).toBe("NB-IP3-8-gb-rojo");
    expect(dropped.map((v) => v.sku)).toEqual(["S-8 GB-Azul"]);
  });

  it("carries the rows over when a group gets its first option or is removed", () => {
    const one: OptionGroup[] = [groups[0]!];
    const existing = [row("8 GB", "Gris", 5), row("16 GB", "Gris", 2)].map((v) => ({
      ...v,
      options: v.options.filter((o) => o.group === "Memoria RAM"),
    }));
    // A "Color" group with one option: each RAM row becomes RAM + Gris, its stock kept.
    const added = reconcileVariants([groups[0]!, { title: "Color", options: [{ name: "Gris" }] }], existing, "NB");
    expect(added.variants.map((v) => [v.options.map((o) => o.option).join("/"), v.stock])).toEqual([
      ["8 GB/Gris", 5],
      ["16 GB/Gris", 2],
    ]);
    expect(added.dropped).toEqual([]);
    // The Color group removed again: each RAM value keeps the first row that had it.
    const removed = reconcileVariants(one, added.variants, "NB");
    expect(removed.variants.map((v) => v.stock)).toEqual([5, 2]);
    expect(removed.dropped).toEqual([]);
  });

  it("makes new SKUs unique among the product's variants", () => {
    expect(variantSku("NB", sel("8 GB", "Gris"))).toBe("NB-8-gb-gris");
    const same: OptionGroup[] = [{ title: "Modelo", options: [{ name: "Pro" }, { name: "PRO!" }] }];
    const skus = reconcileVariants(same, [], "X").variants.map((v) => v.sku);
    expect(skus).toEqual(["X-pro", "X-pro-2"]);
  });
});

describe("variant pricing", () => {
  const product = { price: 900000, sale_price: 850000, option_groups: groups };

  it("without a price of its own follows the spec: the option's price above 0, else the product's", () => {
    expect(unitPrice(product, sel("8 GB", "Gris"), { price: null, sale_price: null })).toBe(850000);
    expect(unitPrice(product, sel("16 GB", "Gris"), { price: null, sale_price: null })).toBe(950000);
    expect(variantPricing(product, sel("8 GB", "Gris"), null)).toEqual({ regular: 900000, paid: 850000 });
  });

  it("with a price of its own uses it, and its sale price when below", () => {
    expect(unitPrice(product, sel("16 GB", "Azul"), { price: 990000, sale_price: null })).toBe(990000);
    expect(unitPrice(product, sel("16 GB", "Azul"), { price: 990000, sale_price: 940000 })).toBe(940000);
    expect(variantPricing(product, sel("16 GB", "Azul"), { price: "990000.00", sale_price: "940000.00" })).toEqual({
      regular: 990000,
      paid: 940000,
    });
    // A sale price alone is taken off the price the variant would have had.
    expect(variantPricing(product, sel("8 GB", "Gris"), { price: null, sale_price: 700000 })).toEqual({
      regular: 900000,
      paid: 700000,
    });
    expect(unitPrice(product, sel("8 GB", "Gris"), { price: 100, sale_price: 200 })).toBe(100);
  });
});

describe("what the product page lets a shopper choose", () => {
  const variants = [
    row("8 GB", "Gris", 0),
    row("8 GB", "Azul", 4),
    row("8 GB", "Negro", 0),
    row("16 GB", "Gris", 2),
    row("16 GB", "Azul", 0),
    row("16 GB", "Negro", 0),
  ];

  it("marks the options whose combination with the rest of the selection is out of stock", () => {
    const out = unavailableOptions(groups, variants, sel("8 GB", "Azul"));
    expect([...out.get("Color")!]).toEqual(["Gris", "Negro"]);
    expect([...out.get("Memoria RAM")!]).toEqual(["16 GB"]);
    const withGris = unavailableOptions(groups, variants, sel("16 GB", "Gris"));
    expect([...withGris.get("Memoria RAM")!]).toEqual(["8 GB"]);
  });

  it("counts a combination without a variant as out of stock", () => {
    const out = unavailableOptions(groups, [row("8 GB", "Gris", 3)], sel("8 GB", "Gris"));
    expect([...out.get("Color")!]).toEqual(["Azul", "Negro"]);
  });

  it("disables only the options that no variant in stock has", () => {
    const out = soldOutOptions(groups, variants);
    expect([...out.get("Color")!]).toEqual(["Negro"]);
    expect([...out.get("Memoria RAM")!]).toEqual([]);
  });

  it("moves the other groups to a combination in stock when the chosen one is sold out", () => {
    // From 8 GB/Azul, 16 GB/Azul is sold out: 16 GB/Gris is the one in stock.
    expect(chooseOption(groups, variants, sel("8 GB", "Azul"), "Memoria RAM", "16 GB")).toEqual(sel("16 GB", "Gris"));
    // In stock as it is: the rest of the selection stays.
    expect(chooseOption(groups, variants, sel("16 GB", "Gris"), "Color", "Gris")).toEqual([
      { group: "Memoria RAM", option: "16 GB" },
      { group: "Color", option: "Gris" },
    ]);
  });

  it("starts on the first combination in stock", () => {
    expect(firstAvailableSelection(groups, variants)).toEqual(sel("8 GB", "Azul"));
    expect(firstAvailableSelection(groups, [])).toEqual(sel("8 GB", "Gris"));
  });
});
