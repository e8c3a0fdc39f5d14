import { describe, expect, it } from "vitest";
import { allocateCents, preferenceLines } from "./payment-preference";

const sum = (lines: { quantity: number; unitPriceCents: number }[]) =>
  lines.reduce((s, l) => s + l.quantity * l.unitPriceCents, 0);

describe("allocateCents", () => {
  it("splits an amount in proportion, to the cent, adding up exactly", () => {
    expect(allocateCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateCents(0, [5, 5])).toEqual([0, 0]);
    expect(allocateCents(10, [0, 0])).toEqual([0, 0]);
    const parts = allocateCents(8_499_990, [84_999_900, 3_000_000, 1]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(8_499_990);
  });
});

describe("preferenceLines", () => {
  it("sends the lines as they are, and shipping as a line of its own", () => {
    const lines = preferenceLines({
      lines: [
        { id: "a", title: "Notebook", quantity: 1, unitPriceCents: 84_999_900 },
        { id: "b", title: "Mouse", quantity: 2, unitPriceCents: 1_500_000 },
      ],
      shippingMethod: "Envío a domicilio",
      shippingCents: 650_000,
      discountCents: 0,
      discountLabel: null,
    });
    expect(lines).toEqual([
      { id: "a", title: "Notebook", quantity: 1, unitPriceCents: 84_999_900 },
      { id: "b", title: "Mouse", quantity: 2, unitPriceCents: 1_500_000 },
      { id: "envio", title: "Envío: Envío a domicilio", quantity: 1, unitPriceCents: 650_000 },
    ]);
    expect(sum(lines)).toBe(84_999_900 + 3_000_000 + 650_000);
  });

  it("spreads a discount over the products, never below zero, adding up to the order's total to the cent", () => {
    const order = {
      lines: [
        { id: "a", title: "Notebook", quantity: 1, unitPriceCents: 84_999_900 },
        { id: "b", title: "Pendrive", quantity: 3, unitPriceCents: 999_999 },
      ],
      shippingMethod: null,
      shippingCents: 0,
      discountCents: 8_799_990, // 10 % of 87.999.897 cents, rounded
      discountLabel: "transferencia, 10 %",
    };
    const lines = preferenceLines(order);
    expect(sum(lines)).toBe(84_999_900 + 2_999_997 - 8_799_990);
    for (const line of lines) {
      expect(line.unitPriceCents).toBeGreaterThan(0);
      expect(Number.isInteger(line.unitPriceCents)).toBe(true);
      expect(line.title).toContain("(con descuento transferencia, 10 %)");
    }
  });

  it("splits a line whose discounted subtotal does not divide by its quantity", () => {
    const lines = preferenceLines({
      lines: [
        { id: "a", title: "Cable", quantity: 1, unitPriceCents: 1000 },
        { id: "b", title: "Pila", quantity: 3, unitPriceCents: 1000 },
      ],
      shippingMethod: "Moto",
      shippingCents: 500,
      discountCents: 101,
      discountLabel: "efectivo, 2,5 %",
    });
    expect(lines.map((l) => [l.id, l.quantity, l.unitPriceCents])).toEqual([
      ["a", 1, 975],
      ["b", 2, 974],
      ["b", 1, 976],
      ["envio", 1, 500],
    ]);
    expect(sum(lines)).toBe(4000 - 101 + 500);
  });
});
