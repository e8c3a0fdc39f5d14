import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  EMPTY_PRICE_LIST,
  couponEligibleLines,
  type PriceList,
  type PriceRule,
  type PricedUnit,
  type QuantityBreak,
  groupUnitPrice,
  lowestShownGroupPrice,
  priceCartLines,
  shownGroupPrice,
} from "./price-lists";
import { minimumMessage } from "./cart";

// A notebook in Notebooks (child of Computación): $ 1.000.000 regular, no sale.
const notebook: PricedUnit = {
  productId: "nb",
  variantId: null,
  categoryPath: ["notebooks", "computacion"],
  regularCents: 100_000_000,
  paidCents: 100_000_000,
};
const one = { line: 1, product: 1 };
const list = (over: Partial<PriceList>): PriceList => ({ ...EMPTY_PRICE_LIST, ...over });
const price = (l: PriceList, unit: PricedUnit = notebook, q = one) => groupUnitPrice(l, unit, q).unitCents;

describe("groupUnitPrice: which rule decides", () => {
  const rules: PriceRule[] = [
    { scope: "category", categoryId: "computacion", percentOff: 5 },
    { scope: "category", categoryId: "notebooks", percentOff: 10 },
    { scope: "product", productId: "nb", percentOff: 15 },
    { scope: "product", productId: "nb", fixedCents: 80_000_000 },
    { scope: "variant", variantId: "nb-16gb", fixedCents: 75_000_000 },
  ];

  it("a member with an empty list pays the public price", () => {
    expect(groupUnitPrice(EMPTY_PRICE_LIST, notebook, one)).toEqual({
      unitCents: 100_000_000,
      source: "public",
      minimum: null,
    });
  });

  it("the group's default percentage applies when nothing more specific does", () => {
    expect(groupUnitPrice(list({ defaultPercent: 3 }), notebook, one)).toEqual({
      unitCents: 97_000_000,
      source: "list",
      minimum: null,
    });
  });

  it("the nearest category with a percentage beats its ancestors and the default", () => {
    expect(price(list({ defaultPercent: 3, rules: rules.slice(0, 1) }))).toBe(95_000_000);
    expect(price(list({ defaultPercent: 3, rules: rules.slice(0, 2) }))).toBe(90_000_000);
  });

  it("the product's percentage beats its category's", () => {
    expect(price(list({ defaultPercent: 3, rules: rules.slice(0, 3) }))).toBe(85_000_000);
  });

  it("a product's fixed price beats its percentage, even when the percentage would be cheaper", () => {
    const l = list({ rules: [{ scope: "product", productId: "nb", percentOff: 30 }, rules[3]!] });
    expect(price(l)).toBe(80_000_000);
  });

  it("a variant's fixed price beats the product's, for that variant only", () => {
    const l = list({ rules });
    expect(price(l, { ...notebook, variantId: "nb-16gb" })).toBe(75_000_000);
    expect(price(l, { ...notebook, variantId: "nb-8gb" })).toBe(80_000_000);
  });

  it("rules of other products and categories do not apply", () => {
    const l = list({
      rules: [
        { scope: "product", productId: "mouse", percentOff: 50 },
        { scope: "category", categoryId: "perifericos", percentOff: 50 },
        { scope: "variant", variantId: "mouse-rojo", fixedCents: 1 },
      ],
    });
    expect(price(l)).toBe(100_000_000);
  });

  it("percentages are taken off the regular price and rounded to the cent, half up", () => {
    const odd: PricedUnit = { ...notebook, regularCents: 12_345, paidCents: 12_345 };
    // 12.345 x 12,5 % = 1.543,125 -> 1.543 off
    expect(price(list({ defaultPercent: 12.5 }), odd)).toBe(10_802);
  });
});

describe("groupUnitPrice: never above the public price", () => {
  const onSale: PricedUnit = { ...notebook, paidCents: 85_000_000 };

  it("a public sale deeper than the list gives the sale; the group discount does not stack on it", () => {
    expect(groupUnitPrice(list({ defaultPercent: 10 }), onSale, one)).toEqual({
      unitCents: 85_000_000,
      source: "public",
      minimum: null,
    });
  });

  it("a list deeper than the sale gives the list", () => {
    expect(price(list({ defaultPercent: 20 }), onSale)).toBe(80_000_000);
  });

  it("a fixed price above the public price is not charged", () => {
    const l = list({ rules: [{ scope: "product", productId: "nb", fixedCents: 110_000_000 }] });
    expect(groupUnitPrice(l, notebook, one).source).toBe("public");
    expect(price(l)).toBe(100_000_000);
  });

  it("a product with no public price stays unpriced (Consultar precio) for members too", () => {
    const unpriced: PricedUnit = { ...notebook, regularCents: 0, paidCents: 0 };
    expect(price(list({ rules: [{ scope: "product", productId: "nb", fixedCents: 5_000 }] }), unpriced)).toBe(0);
  });
});

describe("groupUnitPrice: quantity breaks and minimums", () => {
  const breaks: QuantityBreak[] = [
    { productId: "nb", variantId: null, minQuantity: 5, fixedCents: 88_000_000 },
    { productId: "nb", variantId: null, minQuantity: 10, percentOff: 15 },
  ];
  const l = list({ defaultPercent: 10, breaks });

  it("from N units the break's price applies, and a larger break beats a smaller one", () => {
    expect(groupUnitPrice(l, notebook, { line: 4, product: 4 })).toMatchObject({
      unitCents: 90_000_000,
      source: "list",
    });
    expect(groupUnitPrice(l, notebook, { line: 5, product: 5 })).toMatchObject({
      unitCents: 88_000_000,
      source: "break",
    });
    expect(groupUnitPrice(l, notebook, { line: 10, product: 10 })).toMatchObject({
      unitCents: 85_000_000,
      source: "break",
    });
  });

  it("a break above the list price never raises it", () => {
    const high = list({ defaultPercent: 20, breaks });
    expect(price(high, notebook, { line: 5, product: 5 })).toBe(80_000_000);
  });

  it("the product's breaks count the units of all its variants in the cart", () => {
    const cart = priceCartLines(l, [
      { ...notebook, variantId: "nb-8gb", quantity: 3 },
      { ...notebook, variantId: "nb-16gb", quantity: 2 },
    ]);
    expect(cart.map((c) => c.unitCents)).toEqual([88_000_000, 88_000_000]);
  });

  it("a variant with breaks of its own counts only its own units and ignores the product's", () => {
    const own = list({
      defaultPercent: 10,
      breaks: [...breaks, { productId: "nb", variantId: "nb-16gb", minQuantity: 3, fixedCents: 70_000_000 }],
    });
    const cart = priceCartLines(own, [
      { ...notebook, variantId: "nb-8gb", quantity: 3 },
      { ...notebook, variantId: "nb-16gb", quantity: 2 },
    ]);
    expect(cart.map((c) => c.unitCents)).toEqual([88_000_000, 90_000_000]);
    const more = priceCartLines(own, [{ ...notebook, variantId: "nb-16gb", quantity: 3 }]);
    expect(more[0]!.unitCents).toBe(70_000_000);
  });

  it("below the group's minimum the line is at the public price and says from how many units", () => {
    const min = list({ defaultPercent: 10, minimums: { nb: 3 } });
    expect(groupUnitPrice(min, notebook, { line: 2, product: 2 })).toEqual({
      unitCents: 100_000_000,
      source: "public",
      minimum: 3,
    });
    expect(groupUnitPrice(min, notebook, { line: 3, product: 3 })).toEqual({
      unitCents: 90_000_000,
      source: "list",
      minimum: null,
    });
    expect(minimumMessage(3)).toBe("Tu precio de empresa rige desde 3 unidades de este producto.");
  });

  it("the minimum counts the product's units over all its lines", () => {
    const min = list({ defaultPercent: 10, minimums: { nb: 3 } });
    const cart = priceCartLines(min, [
      { ...notebook, variantId: "a", quantity: 1 },
      { ...notebook, variantId: "b", quantity: 2 },
    ]);
    expect(cart.map((c) => c.unitCents)).toEqual([90_000_000, 90_000_000]);
  });
});

describe("coupons on top of group prices", () => {
  it("a coupon discounts only the member's lines at the public price", () => {
    const mouse: PricedUnit = {
      ...notebook,
      productId: "mouse",
      categoryPath: [],
      regularCents: 10_000,
      paidCents: 10_000,
    };
    const lines = [
      { ...notebook, quantity: 1 },
      { ...mouse, quantity: 2 },
    ];
    const l = list({ rules: [{ scope: "product", productId: "nb", percentOff: 10 }] });
    const prices = priceCartLines(l, lines);
    expect(prices.map((p) => p.source)).toEqual(["list", "public"]);
    expect(couponEligibleLines(lines, prices).map((x) => x.productId)).toEqual(["mouse"]);
    // A guest's cart (no group prices): every line.
    expect(couponEligibleLines(lines, priceCartLines(EMPTY_PRICE_LIST, lines))).toHaveLength(2);
  });
});

// Invariants over random lists, units and quantities.
const cents = fc.integer({ min: 0, max: 500_000_000 });
const percent = fc.integer({ min: 0, max: 10_000 }).map((p) => p / 100);
const productId = fc.constantFrom("p1", "p2");
const variantId = fc.constantFrom("v1", "v2", null);
const categoryId = fc.constantFrom("c1", "c2", "c3");
const rule: fc.Arbitrary<PriceRule> = fc.oneof(
  fc.record({ scope: fc.constant("variant" as const), variantId: fc.constantFrom("v1", "v2"), fixedCents: cents }),
  fc.record({ scope: fc.constant("product" as const), productId, fixedCents: cents }),
  fc.record({ scope: fc.constant("product" as const), productId, percentOff: percent }),
  fc.record({ scope: fc.constant("category" as const), categoryId, percentOff: percent }),
);
const quantityBreak: fc.Arbitrary<QuantityBreak> = fc.oneof(
  fc.record({ productId, variantId, minQuantity: fc.integer({ min: 2, max: 50 }), fixedCents: cents }),
  fc.record({ productId, variantId, minQuantity: fc.integer({ min: 2, max: 50 }), percentOff: percent }),
);
const priceList: fc.Arbitrary<PriceList> = fc.record({
  defaultPercent: percent,
  rules: fc.array(rule, { maxLength: 6 }),
  breaks: fc.array(quantityBreak, { maxLength: 6 }),
  minimums: fc.dictionary(productId, fc.integer({ min: 2, max: 20 })),
});
const unit: fc.Arbitrary<PricedUnit> = fc
  .record({
    productId,
    variantId,
    categoryPath: fc.subarray(["c1", "c2", "c3"]),
    regularCents: cents,
    saleCents: cents,
  })
  .map(({ saleCents, ...u }) => ({
    ...u,
    // A sale price counts only below the regular price (./pricing basePrice).
    paidCents: saleCents > 0 && saleCents < u.regularCents ? saleCents : u.regularCents,
  }));
const quantity = fc.integer({ min: 1, max: 60 });

describe("groupUnitPrice: invariants", () => {
  it("never above the public price paid, never below 0, always whole cents", () => {
    fc.assert(
      fc.property(priceList, unit, quantity, quantity, (l, u, a, b) => {
        const q = { line: Math.min(a, b), product: Math.max(a, b) };
        const { unitCents } = groupUnitPrice(l, u, q);
        return Number.isInteger(unitCents) && unitCents >= 0 && unitCents <= u.paidCents;
      }),
    );
  });

  it("buying more never raises the unit price", () => {
    fc.assert(
      fc.property(priceList, unit, quantity, quantity, quantity, (l, u, a, more, extra) => {
        const fewer = groupUnitPrice(l, u, { line: a, product: a + extra });
        const moreLine = groupUnitPrice(l, u, { line: a + more, product: a + extra + more });
        const moreProduct = groupUnitPrice(l, u, { line: a, product: a + extra + more });
        return moreLine.unitCents <= fewer.unitCents && moreProduct.unitCents <= fewer.unitCents;
      }),
    );
  });

  it("an empty list, or a quantity below the minimum, gives exactly the public price", () => {
    fc.assert(
      fc.property(priceList, unit, quantity, (l, u, q) => {
        const empty = groupUnitPrice(EMPTY_PRICE_LIST, u, { line: q, product: q });
        if (empty.unitCents !== u.paidCents || empty.source !== "public") return false;
        const min = l.minimums[u.productId];
        if (min === undefined || q >= min) return true;
        const below = groupUnitPrice(l, u, { line: q, product: q });
        return below.unitCents === u.paidCents && below.minimum === min;
      }),
    );
  });

  it("the source says public exactly when the member pays the public price", () => {
    fc.assert(
      fc.property(priceList, unit, quantity, (l, u, q) => {
        const p = groupUnitPrice(l, u, { line: q, product: q });
        return (p.source === "public") === (p.unitCents === u.paidCents);
      }),
    );
  });

  it("a more specific rule is never overruled by a less specific one", () => {
    fc.assert(
      fc.property(priceList, unit, cents, (l, u, fixed) => {
        if (u.variantId === null) return true;
        // A variant's fixed price, alone on top of any list and below every break, decides.
        const withVariant: PriceList = {
          ...l,
          minimums: {},
          breaks: [],
          rules: [{ scope: "variant", variantId: u.variantId, fixedCents: fixed }, ...l.rules],
        };
        return groupUnitPrice(withVariant, u, one).unitCents === Math.min(fixed, u.paidCents);
      }),
    );
  });
});

describe("shownGroupPrice: what a member's card and product page show", () => {
  it("nothing to show when the member pays the public price at every quantity", () => {
    expect(shownGroupPrice(EMPTY_PRICE_LIST, notebook)).toBeNull();
  });

  it("the list price, then the breaks that lower it, fewest units first", () => {
    const l = list({
      defaultPercent: 10,
      breaks: [
        { productId: "nb", variantId: null, minQuantity: 10, percentOff: 15 },
        { productId: "nb", variantId: null, minQuantity: 5, fixedCents: 95_000_000 },
        { productId: "other", variantId: null, minQuantity: 2, fixedCents: 1 },
      ],
    });
    expect(shownGroupPrice(l, notebook)).toEqual({
      unitCents: 90_000_000,
      minimum: null,
      fromMinimumCents: null,
      breaks: [{ from: 10, unitCents: 85_000_000 }],
      from: false,
    });
  });

  it("below the minimum one unit is at the public price, and the list price is shown from the minimum", () => {
    const l = list({ defaultPercent: 10, minimums: { nb: 3 } });
    expect(shownGroupPrice(l, notebook)).toEqual({
      unitCents: 100_000_000,
      minimum: 3,
      fromMinimumCents: 90_000_000,
      breaks: [],
      from: false,
    });
  });
});

describe("lowestShownGroupPrice: a card of a product sold with options", () => {
  // Two variants at $ 1.000.000; the 16 GB one has a fixed list price of $ 750.000.
  const eight: PricedUnit = { ...notebook, variantId: "nb-8gb" };
  const sixteen: PricedUnit = { ...notebook, variantId: "nb-16gb" };
  const variantPrice = list({ rules: [{ scope: "variant", variantId: "nb-16gb", fixedCents: 75_000_000 }] });

  it("says from the lowest of the member's prices when they differ among the variants", () => {
    expect(lowestShownGroupPrice(variantPrice, [eight, sixteen])).toEqual({
      unitCents: 75_000_000,
      minimum: null,
      fromMinimumCents: null,
      breaks: [],
      from: true,
    });
  });

  it("is the one price, not from, when the list prices every variant alike", () => {
    expect(lowestShownGroupPrice(list({ defaultPercent: 10 }), [eight, sixteen])).toEqual({
      unitCents: 90_000_000,
      minimum: null,
      fromMinimumCents: null,
      breaks: [],
      from: false,
    });
  });

  it("is the cheapest variant's public price when that is below every list price", () => {
    const onSale: PricedUnit = { ...eight, paidCents: 70_000_000 };
    expect(lowestShownGroupPrice(variantPrice, [onSale, sixteen])).toMatchObject({ unitCents: 70_000_000, from: true });
  });

  it("nothing to show when the member pays the public price for every variant", () => {
    expect(lowestShownGroupPrice(EMPTY_PRICE_LIST, [eight, sixteen])).toBeNull();
    expect(lowestShownGroupPrice(variantPrice, [])).toBeNull();
  });

  it("for a unit alone, says what shownGroupPrice says", () => {
    const l = list({ defaultPercent: 10, minimums: { nb: 3 } });
    expect(lowestShownGroupPrice(l, [notebook])).toEqual(shownGroupPrice(l, notebook));
  });
});
