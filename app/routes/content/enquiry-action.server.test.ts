import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { contactMessages } from "~/db/schema/content";
import type { FormType } from "~/domain/form-type";
import type { EnquiryResult } from "~/schemas/contact";
import { setupTestDatabase } from "../../../tests/setup/db";
import { RATE_LIMITED_MESSAGE, handleEnquiry } from "./enquiry-action.server";

const test = setupTestDatabase();

/** The enquiries table goes away for a moment: the real insert fails as it would with the database down. */
async function withEnquiriesTableGone(run: () => Promise<void>) {
  await test.db.execute(sql`alter table contact_messages rename to contact_messages_gone`);
  try {
    await run();
  } finally {
    await test.db.execute(sql`alter table contact_messages_gone rename to contact_messages`);
  }
}

let nextIp = 1;
/** Each test sends from its own address so rate limits never leak between tests. */
function freshIp(): string {
  return `10.0.0.${nextIp++}`;
}

async function submit(formType: FormType, fields: Record<string, string>, ip = freshIp()) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const request = new Request("http://localhost/contacto", { method: "POST", body });
  const response = await handleEnquiry({ request, context: { remoteAddress: ip }, formType });
  return {
    status: response.init?.status ?? 200,
    result: response.data as EnquiryResult,
    headers: new Headers(response.init?.headers),
  };
}

async function rowsOf(formType: FormType) {
  return test.db
    .select({
      name: contactMessages.name,
      email: contactMessages.email,
      phone: contactMessages.phone,
      subject: contactMessages.subject,
      message: contactMessages.message,
      companyName: contactMessages.companyName,
    })
    .from(contactMessages)
    .where(eq(contactMessages.formType, formType));
}

async function countAll(): Promise<number> {
  return (await test.db.select({ id: contactMessages.id }).from(contactMessages)).length;
}

describe("handleEnquiry stores each form with its form_type and only its fields", () => {
  it("home form -> homepage_contact", async () => {
    const { status, result } = await submit("homepage_contact", {
      name: " Lucía Fernández ",
      email: "Lucia@Example.com",
      phone: "11 5555-5555",
      message: "¿Tienen stock de la notebook?",
      subject: "ignored: the home form has no subject",
      website: "",
    });
    expect(status).toBe(200);
    expect(result).toMatchObject({ ok: true, toast: { type: "success", title: "¡Mensaje enviado!" } });
    expect(result.toast.description).toBe("Gracias por contactarnos. Te responderemos a la brevedad.");
    expect(await rowsOf("homepage_contact")).toEqual([
      {
        name: "Lucía Fernández",
        email: "lucia@example.com",
        phone: "11 5555-5555",
        subject: null,
        message: "¿Tienen stock de la notebook?",
        companyName: null,
      },
    ]);
  });

  it("/contacto -> main_contact", async () => {
    const { result } = await submit("main_contact", {
      name: "Martín",
      email: "martin@example.com",
      phone: "+54 9 11 4444-3333",
      subject: "Factura A",
      message: "¿Emiten factura A?",
      companyName: "ignored",
    });
    expect(result).toMatchObject({ ok: true, toast: { title: "¡Mensaje enviado!" } });
    expect(await rowsOf("main_contact")).toEqual([
      {
        name: "Martín",
        email: "martin@example.com",
        phone: "+54 9 11 4444-3333",
        subject: "Factura A",
        message: "¿Emiten factura A?",
        companyName: null,
      },
    ]);
  });

  it("/empresas -> b2b_contact", async () => {
    const { result } = await submit("b2b_contact", {
      companyName: "Estudio Contable Pérez",
      name: "Carla Pérez",
      email: "carla@estudioperez.com.ar",
      phone: "011 4321-1234",
      message: "Necesitamos 10 notebooks.",
    });
    expect(result).toMatchObject({ ok: true, toast: { type: "success", title: "¡Consulta enviada!" } });
    expect(await rowsOf("b2b_contact")).toEqual([
      {
        name: "Carla Pérez",
        email: "carla@estudioperez.com.ar",
        phone: "011 4321-1234",
        subject: null,
        message: "Necesitamos 10 notebooks.",
        companyName: "Estudio Contable Pérez",
      },
    ]);
  });

  it("consultancy -> soluciones_inteligentes, whatsapp as phone and need as message, company optional", async () => {
    const first = await submit("soluciones_inteligentes", {
      name: "Diego",
      companyName: "Pyme SA",
      whatsapp: "11 2222-3333",
      email: "diego@pyme.com.ar",
      need: "Automatizar la facturación",
    });
    expect(first.result).toMatchObject({ ok: true, toast: { title: "¡Consultoría solicitada!" } });
    const second = await submit("soluciones_inteligentes", {
      name: "Ana",
      companyName: "",
      whatsapp: "11 7777-8888",
      email: "ana@example.com",
      need: "Backups en la nube",
    });
    expect(second.result.ok).toBe(true);
    expect(await rowsOf("soluciones_inteligentes")).toEqual(
      expect.arrayContaining([
        {
          name: "Diego",
          email: "diego@pyme.com.ar",
          phone: "11 2222-3333",
          subject: null,
          message: "Automatizar la facturación",
          companyName: "Pyme SA",
        },
        {
          name: "Ana",
          email: "ana@example.com",
          phone: "11 7777-8888",
          subject: null,
          message: "Backups en la nube",
          companyName: null,
        },
      ]),
    );
  });
});

describe("handleEnquiry refuses what it must not store", () => {
  it("a validation error stores nothing and gives back the field errors and the values", async () => {
    const before = await countAll();
    const fields = { name: "Lucía", email: "lucia@", phone: "", subject: "Consulta", message: "Hola" };
    const { status, result } = await submit("main_contact", fields);
    expect(status).toBe(400);
    expect(result).toMatchObject({
      ok: false,
      errors: { email: "Ingresá un email válido.", phone: "Ingresá tu teléfono." },
      values: fields,
      toast: { type: "error", title: "Error al enviar el mensaje" },
    });
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(["email", "phone"]);
    expect(await countAll()).toBe(before);
  });

  it("each form answers a failure with its own toast title", async () => {
    expect((await submit("b2b_contact", {})).result.toast.title).toBe("Error al enviar la consulta");
    expect((await submit("soluciones_inteligentes", {})).result.toast.title).toBe("Error al enviar la solicitud");
    expect((await submit("homepage_contact", {})).result.toast.title).toBe("Error al enviar el mensaje");
  });

  it("a filled honeypot answers success and stores nothing", async () => {
    const before = await countAll();
    const { status, result } = await submit("homepage_contact", {
      name: "Bot",
      email: "bot@example.com",
      phone: "1234567890",
      message: "Buy now",
      website: "https://spam.example",
    });
    expect(status).toBe(200);
    expect(result).toMatchObject({ ok: true, toast: { title: "¡Mensaje enviado!" } });
    expect(await countAll()).toBe(before);
  });

  it("the 6th submission from one address within 10 minutes is refused with 429 and not stored", async () => {
    const ip = freshIp();
    const valid = (i: number) => ({
      name: `Cliente ${i}`,
      email: `cliente${i}@example.com`,
      phone: "11 5555-5555",
      message: `Consulta número ${i}`,
    });
    for (let i = 1; i <= 5; i++) {
      expect((await submit("homepage_contact", valid(i), ip)).status).toBe(200);
    }
    const before = await countAll();
    const sixth = await submit("homepage_contact", valid(6), ip);
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(sixth.result).toMatchObject({
      ok: false,
      errors: { form: RATE_LIMITED_MESSAGE },
      values: valid(6),
      toast: { type: "error", description: RATE_LIMITED_MESSAGE },
    });
    expect(await countAll()).toBe(before);
    // Another address is not affected.
    expect((await submit("homepage_contact", valid(7))).status).toBe(200);
  });

  it("a database failure answers 500 with the form's failure toast and keeps the values", async () => {
    const errorLog = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      await withEnquiriesTableGone(async () => {
        const fields = {
          name: "Diego",
          companyName: "",
          whatsapp: "11 2222-3333",
          email: "diego@pyme.com.ar",
          need: "Soporte",
        };
        const { status, result } = await submit("soluciones_inteligentes", fields);
        expect(status).toBe(500);
        expect(result).toMatchObject({
          ok: false,
          values: fields,
          toast: {
            type: "error",
            title: "Error al enviar la solicitud",
            description:
              "Hubo un problema al procesar tu pedido. Por favor, intentá de nuevo o contactanos por WhatsApp.",
          },
        });
      });
      expect(errorLog).toHaveBeenCalled();
    } finally {
      errorLog.mockRestore();
    }
  });
});
