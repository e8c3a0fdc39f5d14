import { describe, expect, it } from "vitest";
import { argentineTime, branchText, carrierPostalCode, deliveryDaysText, withIva } from "./carrier-quotes";

describe("carrier quotes", () => {
  it("adds 21 % IVA to a net price, rounded to the cent", () => {
    expect(withIva(811_000)).toBe(981_310);
    expect(withIva(1)).toBe(1); // 1.21 cents
    expect(withIva(3)).toBe(4); // 3.63 cents
    expect(withIva(0)).toBe(0);
  });

  it("asks carriers with the 4 numbers of a CPA or a numeric postal code, and nothing for a wrong one", () => {
    expect(carrierPostalCode("c1043aaz")).toBe("1043");
    expect(carrierPostalCode(" 1900 ")).toBe("1900");
    expect(carrierPostalCode("X5000")).toBe("5000");
    expect(carrierPostalCode("99999")).toBeNull();
    expect(carrierPostalCode("I1043AAA")).toBeNull();
  });

  it("says the delivery days as a shopper reads them", () => {
    expect(deliveryDaysText(2, 4)).toBe("2 a 4 días hábiles");
    expect(deliveryDaysText(3, 3)).toBe("3 días hábiles");
    expect(deliveryDaysText(1, null)).toBe("1 día hábil");
    expect(deliveryDaysText(null, null)).toBeNull();
  });

  it("reads the carriers' dates in Argentina's time unless they carry an offset", () => {
    expect(argentineTime("2026-11-26 20:30:00")).toEqual(new Date("2026-11-26T23:30:00Z"));
    expect(argentineTime("2026-11-28T11:05")).toEqual(new Date("2026-11-28T14:05:00Z"));
    expect(argentineTime("26/11/2026 09:15")).toEqual(new Date("2026-11-26T12:15:00Z"));
    expect(argentineTime("26-11-2026 09:15:30")).toEqual(new Date("2026-11-26T12:15:30Z"));
    expect(argentineTime("2026-11-26T20:30:00Z")).toEqual(new Date("2026-11-26T20:30:00Z"));
    expect(argentineTime("mañana")).toBeNull();
    expect(argentineTime("2026-13-45 10:00")).toBeNull();
  });
});

describe("branchText", () => {
  it("names the branch, its address and locality, and its hours when the carrier gives them", () => {
    const branch = { name: "OCA La Plata", address: "Calle 7 450", locality: "La Plata", hours: "Lun a Vie 8 a 17" };
    expect(branchText(branch)).toBe("OCA La Plata, Calle 7 450, La Plata (Lun a Vie 8 a 17)");
    expect(branchText({ ...branch, locality: "", hours: "" })).toBe("OCA La Plata, Calle 7 450");
  });
});
