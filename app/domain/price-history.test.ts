import { describe, expect, it } from "vitest";
import { type PriceChange, checkDiscount, mayShowRegular, priceSourceLabel, priceStates } from "./price-history";

const NOW = Date.parse("2026-05-12T12:00:00Z"); // Hot Sale
const daysAgo = (n: number) => new Date(NOW - n * 24 * 60 * 60 * 1000);
const row = (ago: number, price: number | null, salePrice: number | null = null): PriceChange => ({
  at: daysAgo(ago),
  price,
  salePrice,
});
const antes = (rows: PriceChange[], variantRows: PriceChange[] = [], days = 30) =>
  mayShowRegular(priceStates(rows, variantRows), days);

describe("the struck-through antes price", () => {
  it("shows when the regular price held for the whole period before the sale", () => {
    expect(antes([row(90, 100000), row(2, 100000, 80000)])).toBe(true);
    expect(antes([row(32, 100000), row(2, 100000, 80000)])).toBe(true);
  });

  it("does not show for a price changed yesterday, nor for a product created on sale", () => {
    expect(antes([row(90, 90000), row(1, 100000), row(0, 100000, 80000)])).toBe(false);
    expect(antes([row(5, 100000, 80000)])).toBe(false);
  });

  it("does not show a price raised just before the sale and then 'lowered'", () => {
    expect(antes([row(120, 80000), row(10, 100000), row(2, 100000, 80000)])).toBe(false);
  });

  it("counts the period only after the last interruption, and with the period set in Configuración", () => {
    const rows = [row(90, 100000), row(40, 100000, 85000), row(20, 100000), row(1, 100000, 80000)];
    expect(antes(rows)).toBe(false);
    expect(antes(rows, [], 15)).toBe(true);
  });

  it("keeps the antes price through a deeper discount, but not after the regular price moved during the sale", () => {
    expect(antes([row(90, 100000), row(10, 100000, 90000), row(2, 100000, 80000)])).toBe(true);
    expect(antes([row(90, 100000), row(10, 100000, 90000), row(2, 120000, 80000)])).toBe(false);
  });

  it("shows nothing when the product is not on sale", () => {
    expect(antes([row(90, 100000)])).toBe(false);
    expect(antes([])).toBe(false);
  });

  it("a variant with its own price follows its own history; one without follows the product's", () => {
    const product = [row(90, 100000), row(3, 100000, 80000)];
    expect(antes(product, [row(90, null)])).toBe(true);
    expect(antes(product, [row(90, 150000), row(3, 150000, 120000)])).toBe(true);
    expect(antes(product, [row(90, 140000), row(4, 150000), row(3, 150000, 120000)])).toBe(false);
  });
});

describe("the Hot Sale check of a discount against the price published N days before", () => {
  const check = (rows: PriceChange[], variantRows: PriceChange[] = [], days = 14) =>
    checkDiscount(priceStates(rows, variantRows), new Date(NOW), days);

  it("a real discount off a price that held: the reference, the claimed and the real discount, no warning", () => {
    expect(check([row(60, 100000), row(1, 100000, 80000)])).toEqual({
      reference: 100000,
      regular: 100000,
      today: 80000,
      claimed: 20,
      real: 20,
      warnings: [],
    });
  });

  it("a price raised within the period and then 'discounted' back: no real discount, both warnings", () => {
    const result = check([row(60, 80000), row(7, 100000), row(1, 100000, 80000)]);
    expect(result).toMatchObject({ reference: 80000, claimed: 20, real: 0 });
    expect(result!.warnings).toEqual(["raised", "not_in_force", "no_real_discount"]);
  });

  it("a raise that still leaves a smaller real discount than the claimed one is flagged", () => {
    const result = check([row(60, 90000), row(7, 100000), row(1, 100000, 80000)]);
    expect(result).toMatchObject({ reference: 90000, claimed: 20, real: 11.11 });
    expect(result!.warnings).toEqual(["raised", "not_in_force"]);
  });

  it("a sale interrupted and restarted inside the period: the regular price did not hold the whole period", () => {
    const result = check([row(60, 100000), row(20, 100000, 95000), row(10, 100000), row(1, 100000, 80000)], [], 14);
    expect(result!.reference).toBe(95000);
    expect(result!.warnings).toEqual(["not_in_force"]);
  });

  it("a product younger than the period has no reference", () => {
    expect(check([row(5, 100000), row(1, 100000, 80000)])).toMatchObject({
      reference: null,
      real: null,
      warnings: ["no_history", "not_in_force"],
    });
  });

  it("a variant with its own price is checked on its own history; products not on sale are left out", () => {
    const product = [row(60, 100000)];
    expect(check(product)).toBeNull();
    const result = check(product, [row(60, 150000), row(3, 170000), row(1, 170000, 150000)]);
    expect(result).toMatchObject({ reference: 150000, regular: 170000, today: 150000, real: 0 });
    expect(result!.warnings).toContain("raised");
  });
});

describe("where a price change came from", () => {
  it("names the origin in Spanish, the platform of an import included", () => {
    expect(priceSourceLabel("admin")).toBe("Edición en el panel");
    expect(priceSourceLabel("csv")).toBe("Importación CSV");
    expect(priceSourceLabel("import:tiendanube", { tiendanube: "Tiendanube" })).toBe("Importación Tiendanube");
    expect(priceSourceLabel("duplicate")).toBe("Producto duplicado");
  });
});
