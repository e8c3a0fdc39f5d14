import { describe, expect, it } from "vitest";
import {
  carryZoneCosts,
  freeShippingFrom,
  INVALID_POSTAL_CODE,
  missingForFreeShipping,
  NO_SHIPPING_FOR_ZONE,
  quoteShipping,
  shippingCostFor,
  withExistingMethods,
} from "./shipping";
import type { ShippingMethod, ShippingZone } from "./settings";

const methods: ShippingMethod[] = [
  { name: "Retiro en local", cost: 0 },
  { name: "Moto", cost: 5000 },
  { name: "Correo", cost: 12000 },
];
const zones: ShippingZone[] = [
  { name: "CABA", provinces: ["C"], costs: { Correo: null } },
  { name: "Patagonia", provinces: ["Q", "R"], costs: { Moto: null, Correo: 18000 } },
];

describe("shipping quote by postal code", () => {
  it("gives each method's cost in the zone of the CPA's province", () => {
    expect(quoteShipping("c1043aaz", methods, zones)).toEqual({
      ok: true,
      postalCode: "C1043AAZ",
      province: "C",
      provinceName: "Ciudad Autónoma de Buenos Aires",
      zone: "CABA",
      options: [
        { name: "Retiro en local", cost: 0 },
        { name: "Moto", cost: 5000 },
      ],
    });
    const neuquen = quoteShipping("Q8300", methods, zones);
    expect(neuquen.ok && neuquen.options).toEqual([
      { name: "Retiro en local", cost: 0 },
      { name: "Correo", cost: 18000 },
    ]);
  });

  it("places a numeric postal code by its range", () => {
    const rosario = quoteShipping("2000", methods, zones);
    expect(rosario).toMatchObject({ ok: true, province: "S", provinceName: "Santa Fe", zone: null });
    // A province in no zone pays the methods' own costs.
    expect(rosario.ok && rosario.options).toEqual(methods);
  });

  it("says so when the code is not a postal code or nothing reaches the zone", () => {
    expect(quoteShipping("hola", methods, zones)).toEqual({ ok: false, error: INVALID_POSTAL_CODE });
    const none: ShippingZone[] = [
      { name: "Sur", provinces: ["V"], costs: { "Retiro en local": null, Moto: null, Correo: null } },
    ];
    expect(quoteShipping("V9410", methods, none)).toEqual({ ok: false, error: NO_SHIPPING_FOR_ZONE });
  });
});

describe("zone costs when the shipping methods change", () => {
  it("a renamed method keeps its zone costs and is still left out where it does not reach", () => {
    const renamed: ShippingMethod[] = [
      { name: "Retiro en local", cost: 0 },
      { name: "Moto (CABA y GBA)", cost: 5000 },
      { name: "Correo Argentino", cost: 12000 },
    ];
    const after = carryZoneCosts(zones, methods, renamed, ["Retiro en local", "Moto", "Correo"]);
    expect(after).toEqual([
      { name: "CABA", provinces: ["C"], costs: { "Correo Argentino": null } },
      { name: "Patagonia", provinces: ["Q", "R"], costs: { "Moto (CABA y GBA)": null, "Correo Argentino": 18000 } },
    ]);
    // Without the carry-over the renamed courier would reach CABA at its base cost.
    const caba = quoteShipping("C1043AAZ", renamed, after);
    expect(caba.ok && caba.options.map((o) => o.name)).toEqual(["Retiro en local", "Moto (CABA y GBA)"]);
    const neuquen = quoteShipping("Q8300", renamed, after);
    expect(neuquen.ok && neuquen.options).toEqual([
      { name: "Retiro en local", cost: 0 },
      { name: "Correo Argentino", cost: 18000 },
    ]);
  });

  it("two methods that swap names swap their costs; a removed method's costs go, a new one has none", () => {
    const swapped: ShippingMethod[] = [
      { name: "Correo", cost: 5000 },
      { name: "Moto", cost: 12000 },
    ];
    expect(carryZoneCosts(zones, methods, swapped, ["Moto", "Correo"])[1]!.costs).toEqual({
      Correo: null,
      Moto: 18000,
    });

    const replaced: ShippingMethod[] = [
      { name: "Retiro en local", cost: 0 },
      { name: "Andreani", cost: 9000 },
    ];
    expect(carryZoneCosts(zones, methods, replaced, ["Retiro en local", ""]).map((z) => z.costs)).toEqual([{}, {}]);
  });

  it("without the previous names (a form of before), each method keeps the costs of its own name", () => {
    expect(carryZoneCosts(zones, methods, methods, [])).toEqual(zones);
  });

  it("a zone table saved with a method that no longer exists keeps only the current methods' costs", () => {
    const current: ShippingMethod[] = [{ name: "Correo Argentino", cost: 12000 }];
    expect(withExistingMethods(zones, current).map((z) => z.costs)).toEqual([{}, {}]);
    expect(withExistingMethods(zones, methods)).toEqual(zones);
  });
});

describe("free shipping over an amount", () => {
  it("a method is free from its amount on (the products' subtotal), and costs its price below it", () => {
    const option = { name: "Envío a todo el país", cost: 12900, freeOver: 300000 };
    expect(shippingCostFor(option, 299_999_99)).toBe(12900);
    expect(shippingCostFor(option, 300_000_00)).toBe(0);
    expect(shippingCostFor({ ...option, freeOver: null }, 900_000_00)).toBe(12900);
  });

  it("the cart says how much is missing for the lowest free-shipping amount", () => {
    const methods = [
      { name: "A", cost: 100, freeOver: 500000 },
      { name: "B", cost: 100, freeOver: 300000 },
      { name: "C", cost: 100 },
    ];
    expect(freeShippingFrom(methods)).toBe(300000);
    expect(freeShippingFrom([{ name: "C", cost: 100 }])).toBeNull();
    expect(missingForFreeShipping(300000, 250_000_50)).toBe(49_999_50);
    expect(missingForFreeShipping(300000, 300_000_00)).toBeNull();
    expect(missingForFreeShipping(null, 1)).toBeNull();
  });
});
