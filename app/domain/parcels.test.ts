import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Box,
  FALLBACK_PARCEL,
  formatBoxField,
  parseBoxField,
  type ParcelLimits,
  type ParcelLine,
  boxesSignature,
  buildParcels,
  parcelTotals,
  unitBox,
} from "./parcels";

const MICORREO: ParcelLimits = { maxWeightGrams: 25_000, maxSideCm: 150, maxParcels: 10 };
const storeDefault: Box = { weightGrams: 500, lengthCm: 20, widthCm: 15, heightCm: 5 };

const notebook: ParcelLine = {
  label: "Notebook",
  quantity: 1,
  product: { weightGrams: 2200, lengthCm: 40, widthCm: 30, heightCm: 6 },
};
const mouse: ParcelLine = {
  label: "Mouse",
  quantity: 2,
  product: { weightGrams: 150, lengthCm: 12, widthCm: 8, heightCm: 5 },
};

describe("a cart becomes parcels", () => {
  it("puts a notebook and two mice in one box: weights added, volumes added, the mice stacked on the notebook", () => {
    const result = buildParcels([notebook, mouse], storeDefault, MICORREO);
    expect(result).toEqual({
      ok: true,
      parcels: [{ weightGrams: 2500, volumeCm3: 7200 + 2 * 480, lengthCm: 40, widthCm: 30, heightCm: 16, units: 3 }],
    });
  });

  it("takes each field from the variant, else the product, else the store's default", () => {
    const line: ParcelLine = {
      quantity: 1,
      product: { weightGrams: 800, lengthCm: null, widthCm: 25, heightCm: null },
      variant: { weightGrams: 950, lengthCm: null, widthCm: null, heightCm: 12 },
    };
    expect(unitBox(line, storeDefault)).toEqual({ weightGrams: 950, lengthCm: 20, widthCm: 25, heightCm: 12 });
    expect(unitBox({ product: {} }, storeDefault)).toEqual(storeDefault);
  });

  it("lays a box on its shortest side, whichever side the product names first", () => {
    const upright: ParcelLine = { quantity: 1, product: { weightGrams: 100, lengthCm: 5, widthCm: 10, heightCm: 60 } };
    const result = buildParcels([upright], storeDefault, MICORREO);
    expect(result.ok && result.parcels[0]).toMatchObject({ lengthCm: 60, widthCm: 10, heightCm: 5 });
  });

  it("opens a second parcel when the first would weigh more than the carrier takes", () => {
    const heavy: ParcelLine = {
      label: "Monitor",
      quantity: 3,
      product: { weightGrams: 10_000, lengthCm: 60, widthCm: 40, heightCm: 15 },
    };
    const result = buildParcels([heavy], storeDefault, MICORREO);
    expect(result.ok && result.parcels.map((p) => [p.weightGrams, p.units, p.heightCm])).toEqual([
      [20_000, 2, 30],
      [10_000, 1, 15],
    ]);
  });

  it("opens a second parcel when the stack would be taller than the longest side allowed", () => {
    const tall: ParcelLine = { quantity: 2, product: { weightGrams: 1000, lengthCm: 100, widthCm: 90, heightCm: 80 } };
    const result = buildParcels([tall], storeDefault, MICORREO);
    expect(result.ok && result.parcels.length).toBe(2);
  });

  it("says a unit too heavy for the carrier exceeds it, naming the product", () => {
    const anvil: ParcelLine = { label: "Rack 42U", quantity: 1, product: { weightGrams: 60_000 } };
    expect(buildParcels([anvil], storeDefault, MICORREO)).toEqual({
      ok: false,
      reason: "unit_too_heavy",
      label: "Rack 42U",
      message: "Rack 42U pesa 60 kg: excede el máximo de 25 kg por paquete de este envío.",
    });
  });

  it("says a unit too long for the carrier exceeds it", () => {
    const pole: ParcelLine = { label: "Mástil", quantity: 1, product: { lengthCm: 210 } };
    const result = buildParcels([pole], storeDefault, MICORREO);
    expect(result).toMatchObject({ ok: false, reason: "unit_too_large" });
    expect(!result.ok && result.message).toBe("Mástil mide 210 cm: excede el máximo de 150 cm por lado de este envío.");
  });

  it("refuses a cart that needs more parcels than one shipment may have", () => {
    const many: ParcelLine = { quantity: 4, product: { weightGrams: 20_000 } };
    const result = buildParcels([many], storeDefault, { ...MICORREO, maxParcels: 3 });
    expect(result).toMatchObject({ ok: false, reason: "too_many_parcels" });
  });

  it("adds up the shipment for a quote by total weight and volume", () => {
    const result = buildParcels([notebook, mouse], FALLBACK_PARCEL, MICORREO);
    expect(result.ok && parcelTotals(result.parcels)).toEqual({ weightGrams: 2500, volumeCm3: 8160, count: 1 });
  });

  it("gives the same signature to the same cart in any order, another to a different cart", () => {
    const a = boxesSignature([notebook, mouse], storeDefault);
    expect(boxesSignature([mouse, notebook], storeDefault)).toBe(a);
    expect(boxesSignature([notebook, { ...mouse, quantity: 3 }], storeDefault)).not.toBe(a);
    expect(boxesSignature([notebook, mouse], { ...storeDefault, weightGrams: 501 })).toBe(a);
    expect(boxesSignature([{ quantity: 1, product: {} }], { ...storeDefault, weightGrams: 501 })).not.toBe(
      boxesSignature([{ quantity: 1, product: {} }], storeDefault),
    );
  });
});

describe("parcels, for any cart", () => {
  const side = fc.oneof(
    fc.constant(null),
    fc.integer({ min: 1, max: 1600 }).map((n) => n / 10),
  );
  const line = fc.record({
    quantity: fc.integer({ min: 1, max: 6 }),
    product: fc.record({
      weightGrams: fc.oneof(fc.constant(null), fc.integer({ min: 1, max: 30_000 })),
      lengthCm: side,
      widthCm: side,
      heightCm: side,
    }),
  });
  const limits = fc.record({
    maxWeightGrams: fc.integer({ min: 1000, max: 50_000 }),
    maxSideCm: fc.integer({ min: 30, max: 200 }),
    maxParcels: fc.integer({ min: 1, max: 40 }),
  });

  it("keeps every unit and every gram, and no parcel goes over the carrier's limits", () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), limits, (lines, limit) => {
        const result = buildParcels(lines, storeDefault, limit);
        const units = lines.reduce((n, l) => n + l.quantity, 0);
        const grams = lines.reduce((n, l) => n + l.quantity * unitBox(l, storeDefault).weightGrams, 0);
        if (!result.ok) {
          // Refused only for a real reason: a unit alone over the limits, or too many parcels.
          const over = lines.some((l) => {
            const box = unitBox(l, storeDefault);
            const longest = Math.max(box.lengthCm, box.widthCm, box.heightCm);
            return box.weightGrams > limit.maxWeightGrams || longest > limit.maxSideCm;
          });
          expect(over || result.reason === "too_many_parcels").toBe(true);
          return;
        }
        expect(result.parcels.reduce((n, p) => n + p.units, 0)).toBe(units);
        expect(parcelTotals(result.parcels).weightGrams).toBe(grams);
        expect(result.parcels.length).toBeLessThanOrEqual(limit.maxParcels);
        for (const parcel of result.parcels) {
          expect(parcel.weightGrams).toBeLessThanOrEqual(limit.maxWeightGrams);
          expect(Math.max(parcel.lengthCm, parcel.widthCm, parcel.heightCm)).toBeLessThanOrEqual(limit.maxSideCm);
          // The box holds what is in it.
          expect(parcel.lengthCm * parcel.widthCm * parcel.heightCm).toBeGreaterThanOrEqual(parcel.volumeCm3 - 1);
        }
      }),
    );
  });
});

describe("weights and sides typed by staff", () => {
  it("reads grams and centimetres the Argentine way, empty as not known", () => {
    expect(parseBoxField("weightGrams", "1500")).toEqual({ ok: true, value: 1500 });
    expect(parseBoxField("lengthCm", "25,55")).toEqual({ ok: true, value: 25.6 });
    expect(parseBoxField("heightCm", "7.2")).toEqual({ ok: true, value: 7.2 });
    expect(parseBoxField("widthCm", "  ")).toEqual({ ok: true, value: null });
    expect(formatBoxField(25.5)).toBe("25,5");
    expect(formatBoxField(null)).toBe("");
  });
  it("refuses what the database would, saying which field and why", () => {
    expect(parseBoxField("weightGrams", "1,5")).toEqual({ ok: false, message: "el peso (g) va en gramos enteros" });
    expect(parseBoxField("weightGrams", "0")).toEqual({ ok: false, message: "el peso (g) va de 1 a 1.000.000 g" });
    expect(parseBoxField("lengthCm", "0,04")).toEqual({ ok: false, message: "el largo (cm) debe ser mayor que 0" });
    expect(parseBoxField("widthCm", "1001")).toEqual({ ok: false, message: "el ancho (cm) admite hasta 1000 cm" });
    expect(parseBoxField("heightCm", "-3")).toEqual({ ok: false, message: "el alto (cm) «-3» no es un número" });
  });
});
