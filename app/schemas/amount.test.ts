import { describe, expect, it } from "vitest";
import { formatDecimalInput, requiredAmount, typedAmount } from "./amount";
import { CouponFormSchema } from "./coupon";

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("an amount field", () => {
  const price = typedAmount({ label: "el precio" });

  it("reads what an Argentine clerk types, and a JSON number, to the cent", () => {
    expect(price.parse("1.234,50")).toBe(1234.5);
    expect(price.parse("$ 1.234")).toBe(1234);
    expect(price.parse("1 234,5")).toBe(1234.5);
    expect(price.parse(1234.5)).toBe(1234.5);
    expect(price.parse("")).toBeNull();
    expect(price.parse(undefined)).toBeNull();
  });

  it("refuses, naming the field, what could be read two ways or is not an amount", () => {
    expect(message(price.safeParse("12.5"))).toBe("El precio: usá coma para los decimales: 12,5.");
    expect(message(price.safeParse("1e3"))).toBe(
      "El precio: «1e3» no es un importe: escribí solo el número, por ejemplo 1.234,50.",
    );
    expect(message(price.safeParse("-5"))).toBe("El precio no puede ser negativo.");
    expect(message(price.safeParse(1.005))).toBe("El precio admite hasta 2 decimales.");
    expect(message(requiredAmount({ label: "el costo" }).safeParse(""))).toBe("Ingresá el costo.");
    expect(message(typedAmount({ label: "la compra mínima", feminine: true }).safeParse("-1"))).toBe(
      "La compra mínima no puede ser negativa.",
    );
  });

  it("reads a percentage with its sign", () => {
    expect(typedAmount({ label: "el descuento", percent: true }).parse("7,5 %")).toBe(7.5);
  });

  it("shows a stored amount as text the field reads back", () => {
    for (const value of [0, 6500, 1234.5, 899999.99]) expect(price.parse(formatDecimalInput(value))).toBe(value);
    expect(formatDecimalInput("1234.50")).toBe("1234,50");
    expect(formatDecimalInput(null)).toBe("");
  });
});

describe("the coupon form's amounts", () => {
  const form = (values: Record<string, string>) => {
    return CouponFormSchema.safeParse({ code: "HOLA", kind: "fixed", value: "10", ...values });
  };

  it("reads a fixed amount and a minimum typed the Argentine way", () => {
    const parsed = form({ value: "1.500,50", minPurchase: "$ 20.000" });
    expect(parsed.data).toMatchObject({ value: 1500.5, minPurchase: 20000 });
  });

  it("refuses an amount written with a decimal point, and a minimum of 0", () => {
    expect(message(form({ value: "150.5" }))).toBe("El descuento: usá coma para los decimales: 150,5.");
    expect(message(form({ minPurchase: "0" }))).toBe("Compra mínima: ingresá un monto mayor a 0.");
  });
});
