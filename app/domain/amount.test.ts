import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decideColumnSeparator, formatTypedAmount, parseColumnAmount, parseTypedAmount } from "./amount";
import { formatARS, fromCents } from "./money";

const NBSP = "\u00a0";
const NARROW_NBSP = "\u202f";

describe("parseTypedAmount: what an Argentine clerk means", () => {
  it.each([
    ["1.234,50", 123450],
    ["1234,50", 123450],
    ["1 234,50", 123450],
    [`1${NBSP}234,50`, 123450],
    [`1${NARROW_NBSP}234,50`, 123450],
    ["$ 1.234", 123400],
    ["$1.234", 123400],
    [`$${NBSP}1.234,50`, 123450],
    ["1234", 123400],
    ["$1.234.567,8", 123456780],
    ["1.234", 123400],
    ["12.900", 1290000],
    ["0,99", 99],
    ["0", 0],
    ["12,5", 1250],
    ["  899.999,99  ", 89999999],
    ["ARS 1.500", 150000],
    ["AR$ 1.500,5", 150050],
    ["1.500 ARS", 150000],
    ["9.999.999.999,99", 999999999999],
  ])("%j is %i cents", (text, cents) => {
    expect(parseTypedAmount(text)).toEqual({ ok: true, cents });
  });

  it.each([
    ["12.5", "Usá coma para los decimales: 12,5."],
    ["1234.50", "Usá coma para los decimales: 1234,50."],
    ["0.99", "Usá coma para los decimales: 0,99."],
    ["1,234.50", "Usá punto para los miles y coma para los decimales: 1.234,50."],
    ["5,900.00", "Usá punto para los miles y coma para los decimales: 1.234,50."],
    ["1,2,3", "«1,2,3» tiene más de un separador decimal («,»)."],
    ["1,234", "«1,234» tiene 3 decimales; un importe lleva hasta 2 (centavos)."],
    ["1e3", "«1e3» no es un importe: escribí solo el número, por ejemplo 1.234,50."],
    ["ARS", "«ARS» no es un importe: escribí solo el número, por ejemplo 1.234,50."],
    ["--", "«--» no es un importe: escribí solo el número, por ejemplo 1.234,50."],
    ["12 USD", "«12 USD» no es un importe: escribí solo el número, por ejemplo 1.234,50."],
    ["-100", "El importe no puede ser negativo."],
    ["$ -100", "El importe no puede ser negativo."],
    ["", "Ingresá un importe."],
    ["12.34.5", "«12.34.5» no es un importe válido: escribilo como 1.234,50."],
    ["1.23", "Usá coma para los decimales: 1,23."],
    ["12 34", "«12 34» no es un importe válido: escribilo como 1.234,50."],
    ["99.999.999.999", "El importe es demasiado alto."],
    [",50", "«,50» no es un importe válido: escribilo como 1.234,50."],
  ])("%j is refused: %s", (text, error) => {
    expect(parseTypedAmount(text)).toEqual({ ok: false, error });
  });

  it("reads a negative amount only when the caller allows it", () => {
    expect(parseTypedAmount("-1.234,50", { allowNegative: true })).toEqual({ ok: true, cents: -123450 });
    expect(parseTypedAmount("$ -10", { allowNegative: true })).toEqual({ ok: true, cents: -1000 });
  });

  it("reads back any amount formatted the Argentine way (as the store shows it)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (cents) => {
        expect(parseTypedAmount(formatARS(fromCents(cents)))).toEqual({ ok: true, cents });
        expect(parseTypedAmount(formatTypedAmount(cents))).toEqual({ ok: true, cents });
      }),
    );
  });
});

describe("decideColumnSeparator: a file's price column decided from all its values", () => {
  it.each([
    [["69.99", "5,900.00", "11.05"], "."],
    [["69.99", "120", ""], "."],
    [["1.234,50", "899,99"], ","],
    [["1.500", "2.300"], ","],
    [["1,500", "2,300"], "."],
    [["100", "2500", ""], ","],
    [[], ","],
  ])("%j -> %s", (values, decimal) => {
    expect(decideColumnSeparator(values)).toEqual({ decimal });
  });

  it("calls a column ambiguous when some values read only one way and others only the other", () => {
    expect(decideColumnSeparator(["69.99", "100", "1.234,50"])).toEqual({
      ambiguous: true,
      examples: ["69.99", "1.234,50"],
    });
  });
});

describe("parseColumnAmount: a cell read with its column's separator", () => {
  it.each([
    ["69.99", ".", 6999],
    ["5,900.00", ".", 590000],
    ["11.05", ".", 1105],
    ["1234.50", ".", 123450],
    ["0.99", ".", 99],
    ["ARS 899999.99", ".", 89999999],
    ["$ 1,234,567.8", ".", 123456780],
    ["1.234,50", ",", 123450],
    ["899,99", ",", 89999],
    ["1500", ",", 150000],
  ] as const)("%j with %j is %i cents", (text, decimal, cents) => {
    expect(parseColumnAmount(text, decimal)).toEqual({ ok: true, cents });
  });

  it.each([
    ["1e3", "."],
    ["1e3", ","],
    ["12,5", "."],
    ["1.234,50", "."],
    ["69.99", ","],
    ["1.5.5", "."],
    ["12.345", "."],
  ] as const)("%j with %j is refused, naming why", (text, decimal) => {
    const result = parseColumnAmount(text, decimal);
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.error).toMatch(/«|Usá|importe/);
  });

  it("reads back any amount written the US way in a point column", () => {
    const us = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (cents) => {
        const text = us.format(fromCents(cents));
        expect(decideColumnSeparator([text, "69.99"])).toEqual({ decimal: "." });
        expect(parseColumnAmount(text, ".")).toEqual({ ok: true, cents });
      }),
    );
  });
});
