import { describe, expect, it } from "vitest";
import { INVALID_POSTAL_CODE, NO_SHIPPING_FOR_ZONE, quoteShipping } from "./shipping";
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
    const none: ShippingZone[] = [{ name: "Sur", provinces: ["V"], costs: { "Retiro en local": null, Moto: null, Correo: null } }];
    expect(quoteShipping("V9410", methods, none)).toEqual({ ok: false, error: NO_SHIPPING_FOR_ZONE });
  });
});
