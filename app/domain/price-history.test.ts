import { describe, expect, it } from "vitest";
import { type PriceChange, mayShowRegular, priceStates } from "./price-history";

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
