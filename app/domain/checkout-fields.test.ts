import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "~/db/seed/default-settings";
import { activeCheckoutFields, customerFullName, toOrderCustomer, validateCheckoutFields } from "./checkout-fields";
import type { CheckoutField } from "./settings";

const FIELDS = DEFAULT_SETTINGS.checkout_fields;

const VALID = {
  first_name: "  Lucía ",
  last_name: "Fernández",
  email: "Lucia@Example.com",
  phone: "+54 9 11 5555-1234",
  cuit: "",
  company: "",
  address: "Av. Siempre Viva 742",
  city: "CABA",
  state: "Buenos Aires",
  zip: "C1043",
  notes: "Tocar timbre 2B.\r\nDe 9 a 18.",
};

const field = (overrides: Partial<CheckoutField> & { name: string }): CheckoutField => ({
  label: overrides.name,
  type: "text",
  required: false,
  position: 1,
  ...overrides,
});

describe("the configured fields", () => {
  it("are sorted by position, keeping the configured order for ties", () => {
    const fields = activeCheckoutFields([
      field({ name: "c", position: 3 }),
      field({ name: "a", position: 1 }),
      field({ name: "b2", position: 2 }),
      field({ name: "b1", position: 2 }),
    ]);
    expect(fields.map((f) => f.name)).toEqual(["a", "b2", "b1", "c"]);
  });

  it("leave out nameless, badly named and repeated fields; an unknown type counts as text", () => {
    const fields = activeCheckoutFields([
      field({ name: "" }),
      field({ name: "con espacio" }),
      field({ name: "__proto__" }),
      field({ name: "dni", type: "fecha" as CheckoutField["type"], label: "" }),
      field({ name: "dni", label: "Otro" }),
    ]);
    expect(fields).toEqual([{ name: "dni", label: "dni", type: "text", required: false, position: 1 }]);
  });
});

describe("validating the answers", () => {
  it("accepts the default configuration's fields, trimmed, with the e-mail in lower case", () => {
    const result = validateCheckoutFields(FIELDS, VALID);
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.values.first_name).toBe("Lucía");
    expect(result.values.email).toBe("lucia@example.com");
    expect(result.values.notes).toBe("Tocar timbre 2B.\nDe 9 a 18.");
    expect(result.values.cuit).toBe("");
  });

  it("asks for every required field by its label", () => {
    const result = validateCheckoutFields(FIELDS, {});
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.errors.first_name).toBe("Completá el campo Nombre.");
    expect(result.errors.zip).toBe("Completá el campo Código postal.");
    expect(result.errors.cuit).toBeUndefined();
    expect(result.errors.notes).toBeUndefined();
  });

  it("checks e-mails, phones (at least 6 digits), numbers and lengths", () => {
    const fields = [...FIELDS, field({ name: "floor", label: "Piso", type: "number", position: 20 })];
    const result = validateCheckoutFields(fields, {
      ...VALID,
      email: "lucia@",
      phone: "12-34",
      floor: "quinto",
      company: "x".repeat(201),
      city: "CABA\notra línea",
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.errors).toEqual({
      email: "Ingresá un email válido.",
      phone: "Ingresá un teléfono válido (al menos 6 dígitos).",
      floor: "Piso debe ser un número.",
      company: "Empresa admite hasta 200 caracteres.",
      city: "Ciudad debe ocupar una sola línea.",
    });
    expect(validateCheckoutFields(fields, { ...VALID, phone: "(011) 4555-1234", floor: "5,5" }).success).toBe(true);
    expect(validateCheckoutFields(fields, { ...VALID, phone: "011 4555 1234 ext" }).success).toBe(false);
  });

  it("treats the known email field as an e-mail even when configured as text", () => {
    const fields = [field({ name: "email", label: "Correo", type: "text", required: true })];
    const result = validateCheckoutFields(fields, { email: "no-es-un-email" });
    expect(result.success).toBe(false);
  });

  it("ignores what is not configured and non-text values", () => {
    const result = validateCheckoutFields([field({ name: "dni", required: true, label: "DNI" })], {
      dni: ["30111222"],
      price: "1",
    });
    expect(result).toEqual({ success: false, errors: { dni: "Completá el campo DNI." }, values: { dni: "" } });
  });

  it("checks a CUIT's check digit and writes it with its dashes", () => {
    const wrong = validateCheckoutFields(FIELDS, { ...VALID, cuit: "20-12345678-9" });
    expect(wrong.success).toBe(false);
    if (!wrong.success)
      expect(wrong.errors.cuit).toBe("Ingresá un CUIT válido: 11 números, por ejemplo 20-12345678-6.");
    const right = validateCheckoutFields(FIELDS, { ...VALID, cuit: "20 12345678 6" });
    expect(right.success && right.values.cuit).toBe("20-12345678-6");
  });

  it("follows the required flag of the configuration", () => {
    const optional = FIELDS.map((f) => ({ ...f, required: false }));
    expect(validateCheckoutFields(optional, {}).success).toBe(true);
  });
});

describe("mapping the answers to the order", () => {
  it("puts the known fields in their columns and the rest in customer_details", () => {
    const fields = [...FIELDS, field({ name: "dni", label: "DNI", position: 12 })];
    const result = validateCheckoutFields(fields, {
      ...VALID,
      cuit: "20123456786",
      company: "ACME",
      dni: "30111222",
    });
    if (!result.success) throw new Error("expected valid answers");
    expect(toOrderCustomer(fields, result.values)).toEqual({
      customerName: "Lucía",
      customerLastname: "Fernández",
      customerEmail: "lucia@example.com",
      customerPhone: "+54 9 11 5555-1234",
      billingCuit: "20-12345678-6",
      billingCompany: "ACME",
      address: { line1: "Av. Siempre Viva 742", city: "CABA", state: "Buenos Aires", zip: "C1043" },
      notes: "Tocar timbre 2B.\nDe 9 a 18.",
      customerDetails: { dni: "30111222" },
    });
  });

  it("leaves empty answers out", () => {
    const customer = toOrderCustomer(FIELDS, { first_name: "Ana", cuit: "", address: "" });
    expect(customer.billingCuit).toBeNull();
    expect(customer.address).toEqual({});
    expect(customerFullName(customer)).toBe("Ana");
  });
});
