import { describe, expect, it } from "vitest";
import {
  BusinessContactSchema,
  CONTACT_LIMITS,
  ConsultancySchema,
  ENQUIRY_FORMS,
  HomeContactSchema,
  MainContactSchema,
} from "./contact";
import { fieldErrors } from "~/domain/field-errors";

const base = { name: "Lucía Fernández", email: "lucia@example.com", phone: "11 5555-5555", message: "Hola" };

function errorsOf(result: { success: boolean; error?: Parameters<typeof fieldErrors>[0] }) {
  return result.success || !result.error ? {} : fieldErrors(result.error);
}

describe("home contact form", () => {
  it("accepts a complete form, trimmed, with the email in lower case", () => {
    const result = HomeContactSchema.parse({ ...base, name: "  Lucía  ", email: " Lucia@Example.COM " });
    expect(result).toEqual({ ...base, name: "Lucía", email: "lucia@example.com" });
  });

  it("requires name, email, phone and message", () => {
    const errors = errorsOf(HomeContactSchema.safeParse({ name: " ", email: "", phone: "", message: "" }));
    expect(errors).toEqual({
      name: "Ingresá tu nombre.",
      email: "Ingresá tu email.",
      phone: "Ingresá tu teléfono.",
      message: "Escribí tu mensaje.",
    });
    expect(Object.keys(errorsOf(HomeContactSchema.safeParse({})))).toEqual(["name", "email", "phone", "message"]);
  });

  it("checks the email format", () => {
    for (const email of ["lucia", "lucia@", "@example.com", "lucia@example", "lu cia@example.com"]) {
      expect(errorsOf(HomeContactSchema.safeParse({ ...base, email })).email).toBe("Ingresá un email válido.");
    }
  });

  it("wants at least 6 digits in the phone", () => {
    expect(errorsOf(HomeContactSchema.safeParse({ ...base, phone: "12-345" })).phone).toMatch(/al menos 6 dígitos/);
    expect(errorsOf(HomeContactSchema.safeParse({ ...base, phone: "teléfono" })).phone).toMatch(/al menos 6 dígitos/);
    expect(HomeContactSchema.safeParse({ ...base, phone: "+54 9 (11) 123-456" }).success).toBe(true);
  });

  it("bounds every field's length", () => {
    const tooLong = {
      name: "a".repeat(CONTACT_LIMITS.name + 1),
      email: `${"a".repeat(250)}@example.com`,
      phone: "1".repeat(CONTACT_LIMITS.phone + 1),
      message: "a".repeat(CONTACT_LIMITS.message + 1),
    };
    expect(Object.keys(errorsOf(HomeContactSchema.safeParse(tooLong)))).toEqual(["name", "email", "phone", "message"]);
    const atTheLimit = {
      ...base,
      name: "a".repeat(CONTACT_LIMITS.name),
      phone: "1".repeat(CONTACT_LIMITS.phone),
      message: "a".repeat(CONTACT_LIMITS.message),
    };
    expect(HomeContactSchema.safeParse(atTheLimit).success).toBe(true);
  });
});

describe("/contacto form", () => {
  it("also requires a subject of at most 150 characters", () => {
    expect(errorsOf(MainContactSchema.safeParse(base))).toEqual({ subject: "Ingresá el asunto." });
    expect(errorsOf(MainContactSchema.safeParse({ ...base, subject: "a".repeat(151) })).subject).toMatch(/150/);
    expect(MainContactSchema.parse({ ...base, subject: " Presupuesto " }).subject).toBe("Presupuesto");
  });
});

describe("/empresas form", () => {
  it("requires company name, contact name, email, phone and message", () => {
    expect(Object.keys(errorsOf(BusinessContactSchema.safeParse({})))).toEqual([
      "companyName",
      "name",
      "email",
      "phone",
      "message",
    ]);
    expect(errorsOf(BusinessContactSchema.safeParse({ ...base, companyName: "" })).companyName).toBe(
      "Ingresá el nombre de tu empresa.",
    );
    expect(errorsOf(BusinessContactSchema.safeParse({ ...base, companyName: "a".repeat(151) })).companyName).toMatch(
      /150/,
    );
    expect(BusinessContactSchema.safeParse({ ...base, companyName: "Estudio Pérez" }).success).toBe(true);
  });
});

describe("consultancy form", () => {
  const consultancy = { name: "Diego", whatsapp: "11 4444-3333", email: "diego@pyme.com.ar", need: "Ordenar la red" };

  it("requires name, whatsapp, email and need, and checks the email", () => {
    expect(errorsOf(ConsultancySchema.safeParse({}))).toEqual({
      name: "Ingresá tu nombre.",
      whatsapp: "Ingresá tu WhatsApp.",
      email: "Ingresá tu email.",
      need: "Contanos qué necesitás.",
    });
    expect(errorsOf(ConsultancySchema.safeParse({ ...consultancy, email: "diego@" })).email).toBe(
      "Ingresá un email válido.",
    );
    expect(errorsOf(ConsultancySchema.safeParse({ ...consultancy, whatsapp: "123" })).whatsapp).toMatch(/al menos 6/);
  });

  it("takes the company as optional: missing or blank means none", () => {
    expect(ConsultancySchema.parse(consultancy).companyName).toBeUndefined();
    expect(ConsultancySchema.parse({ ...consultancy, companyName: "   " }).companyName).toBeUndefined();
    expect(ConsultancySchema.parse({ ...consultancy, companyName: " Pyme SA " }).companyName).toBe("Pyme SA");
    expect(errorsOf(ConsultancySchema.safeParse({ ...consultancy, companyName: "a".repeat(151) })).companyName).toMatch(
      /150/,
    );
  });

  it("is stored with whatsapp as phone and need as message", () => {
    const parsed = ENQUIRY_FORMS.soluciones_inteligentes.schema.safeParse(consultancy);
    expect(parsed).toEqual({
      success: true,
      data: {
        name: "Diego",
        email: "diego@pyme.com.ar",
        phone: "11 4444-3333",
        subject: null,
        message: "Ordenar la red",
        companyName: null,
      },
    });
  });
});

describe("the form list", () => {
  it("names each form's fields in the order they are shown", () => {
    expect(ENQUIRY_FORMS.homepage_contact.fields).toEqual(["name", "email", "phone", "message"]);
    expect(ENQUIRY_FORMS.main_contact.fields).toEqual(["name", "email", "phone", "subject", "message"]);
    expect(ENQUIRY_FORMS.b2b_contact.fields).toEqual(["companyName", "name", "email", "phone", "message"]);
    expect(ENQUIRY_FORMS.soluciones_inteligentes.fields).toEqual(["name", "companyName", "whatsapp", "email", "need"]);
  });
});
