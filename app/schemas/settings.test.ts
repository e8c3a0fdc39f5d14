import { formatDecimalInput } from "./amount";
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "~/db/seed/default-settings";
import {
  CheckoutFieldsSchema,
  EmailTemplateSchema,
  PaymentMethodsSchema,
  ShippingZonesSchema,
  ShippingMethodsSchema,
  StoreSettingsSchema,
  newCheckoutField,
  parseSettingForm,
  readRows,
  settingFailedText,
  settingSavedText,
} from "./settings";

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("amounts typed in settings", () => {
  it("writes stored amounts back the way the inputs show and read them", () => {
    expect(formatDecimalInput(6500)).toBe("6500");
    expect(formatDecimalInput(1234.5)).toBe("1234,50");
    expect(ShippingMethodsSchema.parse([{ name: "Moto", cost: formatDecimalInput(1234.5) }])[0]!.cost).toBe(1234.5);
  });
});

describe("checkout fields", () => {
  const field = { name: "dni", label: "DNI", type: "number", required: "on", position: "12" };

  it("accepts a valid field, with the checkbox and position read from the form", () => {
    expect(CheckoutFieldsSchema.parse([field])).toEqual([
      { name: "dni", label: "DNI", type: "number", required: true, position: 12 },
    ]);
    expect(CheckoutFieldsSchema.parse([{ ...field, required: undefined }])[0]!.required).toBe(false);
  });

  it("accepts the default settings as they are", () => {
    expect(CheckoutFieldsSchema.parse(DEFAULT_SETTINGS.checkout_fields)).toEqual(DEFAULT_SETTINGS.checkout_fields);
  });

  it("requires a simple identifier as the name", () => {
    for (const name of ["Nombre", "mi campo", "dni-2", "año", "2do", ""]) {
      const result = CheckoutFieldsSchema.safeParse([{ ...field, name }]);
      expect(result.success, name).toBe(false);
    }
    expect(firstMessage(CheckoutFieldsSchema.safeParse([{ ...field, name: "" }]))).toBe("Ingresá el nombre del campo.");
    expect(firstMessage(CheckoutFieldsSchema.safeParse([{ ...field, name: "Mi Campo" }]))).toMatch(
      /solo admite minúsculas/,
    );
    expect(CheckoutFieldsSchema.safeParse([{ ...field, name: "tax_id_2" }]).success).toBe(true);
  });

  it("requires a label, one of the five types and an integer position", () => {
    expect(firstMessage(CheckoutFieldsSchema.safeParse([{ ...field, label: "  " }]))).toBe("Ingresá la etiqueta.");
    expect(CheckoutFieldsSchema.safeParse([{ ...field, type: "date" }]).success).toBe(false);
    for (const type of ["text", "email", "tel", "number", "textarea"]) {
      expect(CheckoutFieldsSchema.safeParse([{ ...field, type }]).success, type).toBe(true);
    }
    expect(firstMessage(CheckoutFieldsSchema.safeParse([{ ...field, position: "2.5" }]))).toBe(
      "La posición debe ser un número entero.",
    );
    expect(firstMessage(CheckoutFieldsSchema.safeParse([{ ...field, position: "" }]))).toBe("Ingresá la posición.");
  });

  it("refuses two fields with the same name and stores them sorted by position", () => {
    const twice = CheckoutFieldsSchema.safeParse([field, { ...field, label: "Otro" }]);
    expect(twice.success).toBe(false);
    expect(twice.error?.issues[0]).toMatchObject({ path: [1, "name"], message: "Ya hay otro campo con ese nombre." });
    const sorted = CheckoutFieldsSchema.parse([
      { ...field, name: "b", position: "2" },
      { ...field, name: "a", position: "1" },
    ]);
    expect(sorted.map((f) => f.name)).toEqual(["a", "b"]);
  });

  it("starts a new field with the spec's defaults", () => {
    expect(newCheckoutField(11)).toEqual({ name: "", label: "", type: "text", required: true, position: 12 });
  });
});

describe("shipping and payment methods", () => {
  it("reads the cost as a decimal, es-AR input included", () => {
    const parsed = ShippingMethodsSchema.parse([
      { name: "Moto", cost: "1.234,50" },
      { name: "Retiro", cost: "0" },
    ]);
    expect(parsed).toEqual([
      { name: "Moto", cost: 1234.5 },
      { name: "Retiro", cost: 0 },
    ]);
  });

  it("refuses a negative, non-numeric or over-precise cost, a missing name and an empty list", () => {
    expect(firstMessage(ShippingMethodsSchema.safeParse([{ name: "Moto", cost: "-5" }]))).toBe(
      "El costo no puede ser negativo.",
    );
    expect(firstMessage(ShippingMethodsSchema.safeParse([{ name: "Moto", cost: "gratis" }]))).toMatch(
      "El costo: «gratis» no es un importe: escribí solo el número, por ejemplo 1.234,50.",
    );
    expect(firstMessage(ShippingMethodsSchema.safeParse([{ name: "Moto", cost: "" }]))).toBe("Ingresá el costo.");
    expect(firstMessage(ShippingMethodsSchema.safeParse([{ name: "Moto", cost: "10,555" }]))).toBe(
      "El costo: «10,555» tiene 3 decimales; un importe lleva hasta 2 (centavos).",
    );
    expect(firstMessage(ShippingMethodsSchema.safeParse([{ name: " ", cost: "10" }]))).toBe(
      "Ingresá el nombre del método de envío.",
    );
    expect(firstMessage(ShippingMethodsSchema.safeParse([]))).toBe("Agregá al menos un método de envío.");
    expect(
      ShippingMethodsSchema.safeParse([
        { name: "Moto", cost: "1" },
        { name: "moto", cost: "2" },
      ]).success,
    ).toBe(false);
  });

  it("requires a payment method's name; instructions are optional", () => {
    expect(PaymentMethodsSchema.parse([{ name: " transferencia ", instructions: undefined }])).toEqual([
      { name: "transferencia", instructions: "", discountPercent: 0, kind: "manual" },
    ]);
    expect(firstMessage(PaymentMethodsSchema.safeParse([{ name: "", instructions: "x" }]))).toBe(
      "Ingresá el nombre del método de pago.",
    );
  });

  it("reads a payment method's kind; an online one keeps its expiry in minutes (60 by default)", () => {
    expect(PaymentMethodsSchema.parse([{ name: "MP", instructions: "", kind: "mercadopago" }])).toEqual([
      { name: "MP", instructions: "", discountPercent: 0, kind: "mercadopago", expiryMinutes: 60 },
    ]);
    expect(
      PaymentMethodsSchema.parse([{ name: "MP", instructions: "", kind: "mercadopago", expiryMinutes: "120" }])[0],
    ).toMatchObject({ expiryMinutes: 120 });
    // A manual method has no expiry, whatever the form sent.
    expect(
      PaymentMethodsSchema.parse([{ name: "Efectivo", instructions: "", expiryMinutes: "5" }])[0],
    ).not.toHaveProperty("expiryMinutes");
    expect(
      firstMessage(PaymentMethodsSchema.safeParse([{ name: "MP", kind: "mercadopago", expiryMinutes: "5" }])),
    ).toBe("El vencimiento va de 10 a 10080 minutos (7 días), sin decimales.");
    expect(firstMessage(PaymentMethodsSchema.safeParse([{ name: "MP", kind: "cripto" }]))).toBe(
      "Elegí el tipo de método de pago.",
    );
  });

  it("reads a payment method's discount in percent, from 0 to 90", () => {
    const parse = (discountPercent: string) =>
      PaymentMethodsSchema.safeParse([{ name: "transferencia", discountPercent }]);
    expect(parse("10").data?.[0]?.discountPercent).toBe(10);
    expect(parse("7,5 %").data?.[0]?.discountPercent).toBe(7.5);
    expect(parse("").data?.[0]?.discountPercent).toBe(0);
    expect(firstMessage(parse("95"))).toBe("El descuento va de 0 a 90 %.");
    expect(firstMessage(parse("diez"))).toBe(
      "El descuento: «diez» no es un importe: escribí solo el número, por ejemplo 1.234,50.",
    );
    expect(firstMessage(parse("7.5"))).toBe("El descuento: usá coma para los decimales: 7,5.");
  });
});

describe("shipping zones", () => {
  it("accepts the defaults", () => {
    expect(ShippingZonesSchema.parse(DEFAULT_SETTINGS.shipping_zones)).toEqual(DEFAULT_SETTINGS.shipping_zones);
  });

  it("reads costs typed in es-AR, keeps 'does not reach' as null, and refuses a province in two zones", () => {
    const zones = ShippingZonesSchema.parse([
      { name: "Sur", provinces: ["Q", "R"], costs: { Moto: null, Correo: "1.234,50" } },
    ]);
    expect(zones[0]!.costs).toEqual({ Moto: null, Correo: 1234.5 });
    expect(
      firstMessage(
        ShippingZonesSchema.safeParse([
          { name: "A", provinces: ["C"], costs: {} },
          { name: "B", provinces: ["B", "C"], costs: {} },
        ]),
      ),
    ).toBe("Ciudad Autónoma de Buenos Aires ya está en la zona A.");
    expect(firstMessage(ShippingZonesSchema.safeParse([{ name: "X", provinces: [], costs: {} }]))).toBe(
      "Elegí al menos una provincia.",
    );
    expect(firstMessage(ShippingZonesSchema.safeParse([{ name: "X", provinces: ["C"], costs: { Moto: "-5" } }]))).toBe(
      "El costo no puede ser negativo.",
    );
  });
});

describe("store contact and bank data", () => {
  const valid = { ...DEFAULT_SETTINGS.store };

  it("accepts the defaults and keeps only the digits of the WhatsApp number", () => {
    expect(StoreSettingsSchema.parse(valid)).toEqual(valid);
    expect(StoreSettingsSchema.parse({ ...valid, whatsapp: "+54 9 11 2233-4455" }).whatsapp).toBe("5491122334455");
  });

  it("checks e-mails, WhatsApp digits, social links and the CBU", () => {
    expect(firstMessage(StoreSettingsSchema.safeParse({ ...valid, email: "contacto" }))).toBe(
      "Ingresá un email válido.",
    );
    expect(firstMessage(StoreSettingsSchema.safeParse({ ...valid, whatsapp: "11-abc" }))).toMatch(/solo números/);
    expect(
      firstMessage(
        StoreSettingsSchema.safeParse({ ...valid, social: { ...valid.social, instagram: "javascript:alert(1)" } }),
      ),
    ).toMatch(/https:\/\//);
    expect(firstMessage(StoreSettingsSchema.safeParse({ ...valid, bank: { ...valid.bank, cbu: "123" } }))).toBe(
      "El CBU/CVU debe tener 22 dígitos.",
    );
  });

  it("takes the Data Fiscal link and image AFIP/ARCA give, and nothing else", () => {
    const dataFiscal = { url: "http://qr.afip.gob.ar/?qr=AbC123", imageUrl: "" };
    expect(StoreSettingsSchema.parse({ ...valid, dataFiscal }).dataFiscal).toEqual(dataFiscal);
    expect(
      StoreSettingsSchema.safeParse({
        ...valid,
        dataFiscal: {
          url: "https://qr.arca.gob.ar/?qr=x",
          imageUrl: "https://www.afip.gob.ar/images/f960/DATAWEB.jpg",
        },
      }).success,
    ).toBe(true);
    expect(
      firstMessage(
        StoreSettingsSchema.safeParse({
          ...valid,
          dataFiscal: { url: "https://afip.gob.ar.evil.example/", imageUrl: "" },
        }),
      ),
    ).toMatch(/debe ser la dirección que da AFIP\/ARCA/);
    expect(
      firstMessage(
        StoreSettingsSchema.safeParse({ ...valid, dataFiscal: { url: "javascript:alert(1)", imageUrl: "" } }),
      ),
    ).toMatch(/AFIP\/ARCA/);
    expect(
      firstMessage(
        StoreSettingsSchema.safeParse({
          ...valid,
          dataFiscal: { url: "", imageUrl: "https://www.afip.gob.ar/images/f960/DATAWEB.jpg" },
        }),
      ),
    ).toBe("Cargá también el enlace del Data Fiscal.");
  });
});

describe("e-mail templates", () => {
  it("accepts HTML up to 50 KB and refuses larger or empty templates", () => {
    expect(EmailTemplateSchema.safeParse("<p>Hola {{customer_name}}</p>").success).toBe(true);
    const big = `<p>${"a".repeat(50 * 1024)}</p>`;
    expect(firstMessage(EmailTemplateSchema.safeParse(big))).toBe("La plantilla no puede superar los 50 KB.");
    expect(firstMessage(EmailTemplateSchema.safeParse("<p></p>"))).toBe("La plantilla no puede estar vacía.");
  });
});

describe("reading a card's form", () => {
  it("reads indexed rows in index order, closing gaps", () => {
    const data = form({
      "rows.2.name": "c",
      "rows.0.name": "a",
      "rows.0.cost": "1",
      "rows.10.name": "d",
      intent: "save",
    });
    expect(readRows(data)).toEqual([{ name: "a", cost: "1" }, { name: "c" }, { name: "d" }]);
  });

  it("answers errors keyed by input name, so each shows beside its input", () => {
    const result = parseSettingForm(
      "shipping_methods",
      form({ "rows.0.name": "Moto", "rows.0.cost": "-1", "rows.1.name": "", "rows.1.cost": "5" }),
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        "rows.0.cost": "El costo no puede ser negativo.",
        "rows.1.name": "Ingresá el nombre del método de envío.",
      },
    });
    const store = parseSettingForm("store", form({ ...flatStore(), "bank.cbu": "1" }));
    expect(store).toEqual({ ok: false, errors: { "bank.cbu": "El CBU/CVU debe tener 22 dígitos." } });
    expect(parseSettingForm("email_template_admin", form({ value: "<p></p>" }))).toEqual({
      ok: false,
      errors: { value: "La plantilla no puede estar vacía." },
    });
  });

  it("gives the value to save when the form is valid", () => {
    expect(parseSettingForm("shipping_methods", form({ "rows.0.name": "Moto", "rows.0.cost": "7.500" }))).toEqual({
      ok: true,
      data: [{ name: "Moto", cost: 7500 }],
    });
    expect(parseSettingForm("store", form(flatStore()))).toEqual({ ok: true, data: DEFAULT_SETTINGS.store });
  });

  it("saves the demo checkout fields as the card posts them: an unticked Obligatorio sends nothing", () => {
    const posted = new FormData();
    DEFAULT_SETTINGS.checkout_fields.forEach((field, index) => {
      posted.append(`rows.${index}.name`, field.name);
      posted.append(`rows.${index}.label`, field.label);
      posted.append(`rows.${index}.type`, field.type);
      if (field.required) posted.append(`rows.${index}.required`, "on");
      posted.append(`rows.${index}.position`, String(field.position));
    });
    expect(DEFAULT_SETTINGS.checkout_fields.some((field) => !field.required)).toBe(true);
    expect(parseSettingForm("checkout_fields", posted)).toEqual({
      ok: true,
      data: DEFAULT_SETTINGS.checkout_fields,
    });
  });

  it("has the spec's texts", () => {
    expect(settingSavedText("shipping_methods")).toBe("Configuración 'shipping_methods' actualizada con éxito.");
    expect(settingFailedText("shipping_methods")).toBe("No se pudo guardar la configuración: shipping_methods.");
  });
});

function flatStore(): Record<string, string> {
  const { social, bank, dataFiscal: _dataFiscal, ...rest } = DEFAULT_SETTINGS.store;
  return {
    ...rest,
    ...Object.fromEntries(Object.entries(social).map(([k, v]) => [`social.${k}`, v])),
    ...Object.fromEntries(Object.entries(bank).map(([k, v]) => [`bank.${k}`, v])),
  };
}
