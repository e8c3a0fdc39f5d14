import { describe, expect, it } from "vitest";
import { type HotSaleLine, hotSaleCsv, reportDays } from "./hot-sale-report";

describe("the Hot Sale report's period", () => {
  it("takes whole days from 1 to 365, anything else is the store's setting", () => {
    expect(reportDays("14", 30)).toBe(14);
    expect(reportDays(null, 30)).toBe(30);
    expect(reportDays("0", 30)).toBe(30);
    expect(reportDays("400", 30)).toBe(30);
    expect(reportDays("7.5", 30)).toBe(30);
    expect(reportDays("-3", 30)).toBe(30);
  });
});

describe("the Hot Sale report as a CSV", () => {
  const line: HotSaleLine = {
    productId: "p1",
    name: "=Parlante",
    sku: "PAR-1",
    variant: "Color: Negro",
    status: "published",
    reference: 80000,
    regular: 100000,
    today: 80000,
    claimed: 20,
    real: 0,
    warnings: ["raised", "no_real_discount"],
  };

  it("writes es-AR numbers, the period in the header, the warnings in words, and neutralises formulas", () => {
    const [header, row, second] = hotSaleCsv([line, { ...line, real: 11.11, reference: null }], 14)
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(header).toContain("Precio hace 14 días");
    expect(row).toBe(
      "'=Parlante;Color: Negro;PAR-1;Publicado;80000,00;100000,00;80000,00;20;0;" +
        "El precio regular subió dentro del período: el tachado es más alto que el de referencia. " +
        "Sin descuento real frente al precio de referencia.",
    );
    expect(second).toContain(";Publicado;;100000,00;80000,00;20;11,11;");
  });
});
