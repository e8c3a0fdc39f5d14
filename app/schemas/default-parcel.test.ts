import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "~/db/seed/default-settings";
import { DefaultParcelSchema, parseSettingForm } from "./settings";

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
};

describe("the store's default parcel", () => {
  it("starts as a 1 kg box of 30 × 20 × 10 cm, which its own schema accepts", () => {
    expect(DefaultParcelSchema.parse(DEFAULT_SETTINGS.default_parcel)).toEqual({
      weightGrams: 1000,
      lengthCm: 30,
      widthCm: 20,
      heightCm: 10,
    });
  });

  it("takes sides with a decimal comma, as staff type them", () => {
    const result = parseSettingForm(
      "default_parcel",
      form({ weightGrams: "750", lengthCm: "25,5", widthCm: "18", heightCm: "7.25" }),
    );
    expect(result).toEqual({ ok: true, data: { weightGrams: 750, lengthCm: 25.5, widthCm: 18, heightCm: 7.3 } });
  });

  it("says beside each field what is wrong, in Spanish", () => {
    const result = parseSettingForm(
      "default_parcel",
      form({ weightGrams: "1,5", lengthCm: "", widthCm: "0", heightCm: "2000" }),
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        weightGrams: "El peso va en gramos enteros.",
        lengthCm: "Ingresá el largo en centímetros.",
        widthCm: "El ancho debe ser mayor que 0.",
        heightCm: "El alto admite hasta 1000 cm.",
      },
    });
  });
});
