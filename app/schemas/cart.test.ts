import { describe, expect, it } from "vitest";
import { CheckoutFormSchema } from "./checkout";

// A tampered or damaged cart gets a Spanish answer, never the validator's English.
const base = {
  shippingMethod: "Retiro en local",
  paymentMethod: "transferencia",
  terms: "on",
  idempotencyKey: "6f1c2a54-8f0e-4c1d-9a4b-2f3e4d5c6b7a",
};
const withLine = (line: Record<string, unknown>) => ({
  ...base,
  lines: JSON.stringify([{ cartId: "l1", productId: "p1", selectedOptions: [], ...line }]),
});
const firstMessage = (input: unknown) => {
  const result = CheckoutFormSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]!.message;
};

describe("cart lines sent to the server", () => {
  it("refuses zero, negative, fractional and huge quantities in Spanish", () => {
    expect(firstMessage(withLine({ quantity: 0 }))).toBe("La cantidad de cada producto debe ser al menos 1.");
    expect(firstMessage(withLine({ quantity: -3 }))).toBe("La cantidad de cada producto debe ser al menos 1.");
    expect(firstMessage(withLine({ quantity: 1.5 }))).toBe("La cantidad de cada producto debe ser un número entero.");
    expect(firstMessage(withLine({ quantity: 1e6 }))).toBe("Podés comprar hasta 999 unidades de cada producto.");
    expect(firstMessage(withLine({ quantity: "2" }))).toBe("La cantidad de cada producto debe ser un número entero.");
  });

  it("says the cart could not be read when its shape is wrong", () => {
    const unreadable = "No pudimos leer tu carrito. Recargá la página e intentá de nuevo.";
    expect(firstMessage(withLine({ quantity: 1, selectedOptions: "x" }))).toBe(unreadable);
    expect(firstMessage(withLine({ quantity: 1, productId: 42 }))).toBe(unreadable);
    expect(firstMessage({ ...base, lines: "{no es json" })).toBe(unreadable);
  });

  it("accepts a well-formed line", () => {
    expect(firstMessage(withLine({ quantity: 2 }))).toBeNull();
  });
});
