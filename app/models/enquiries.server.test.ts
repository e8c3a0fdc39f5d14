import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contactMessages } from "~/db/schema/content";
import { setupTestDatabase } from "../../tests/setup/db";
import { getEnquiry, listEnquiries, setEnquiryHandled } from "./enquiries.server";

const t = setupTestDatabase();

const ids: Record<string, string> = {};

beforeAll(async () => {
  const base = Date.now() - 60 * 60 * 1000;
  const rows = [
    {
      key: "home",
      name: "Ana",
      email: "ana@example.com",
      phone: "11 5555-0000",
      message: "Hola, ¿tienen stock?",
      formType: "homepage_contact" as const,
    },
    {
      key: "b2b",
      name: "Bruno",
      email: "bruno@empresa.com",
      phone: "11 4444-0000",
      companyName: "Empresa SA",
      message: "Cotización para 20 notebooks.",
      formType: "b2b_contact" as const,
    },
    {
      key: "main",
      name: "Carla",
      email: "carla@example.com",
      subject: "Garantía",
      message: "Mi mouse no funciona.",
      formType: "main_contact" as const,
    },
    {
      key: "b2b2",
      name: "Diego",
      email: "diego@empresa.com",
      message: "Otra cotización.",
      formType: "b2b_contact" as const,
    },
  ];
  for (const [index, { key, ...values }] of rows.entries()) {
    const [row] = await t.db
      .insert(contactMessages)
      .values({ ...values, createdAt: new Date(base + index * 60_000) })
      .returning({ id: contactMessages.id });
    ids[key] = row!.id;
  }
});

describe("enquiries", () => {
  it("lists newest first, with a count of those not handled yet", async () => {
    const list = await listEnquiries();
    expect(list.enquiries.map((e) => e.id)).toEqual([ids.b2b2, ids.main, ids.b2b, ids.home]);
    expect(list).toMatchObject({ total: 4, pending: 4, page: 1, pageCount: 1 });
    expect(list.enquiries[1]).toMatchObject({
      name: "Carla",
      subject: "Garantía",
      preview: "Mi mouse no funciona.",
      handled: false,
    });
  });

  it("filters by form type, ignoring an unknown one", async () => {
    expect((await listEnquiries({ formType: "b2b_contact" })).enquiries.map((e) => e.id)).toEqual([ids.b2b2, ids.b2b]);
    expect((await listEnquiries({ formType: "otro" as never })).total).toBe(4);
  });

  it("paginates", async () => {
    const second = await listEnquiries({ page: 2, pageSize: 3 });
    expect(second).toMatchObject({ page: 2, pageCount: 2 });
    expect(second.enquiries.map((e) => e.id)).toEqual([ids.home]);
  });

  it("opens one with all its fields", async () => {
    const enquiry = await getEnquiry(ids.b2b!);
    expect(enquiry).toMatchObject({
      name: "Bruno",
      email: "bruno@empresa.com",
      phone: "11 4444-0000",
      companyName: "Empresa SA",
      message: "Cotización para 20 notebooks.",
      formType: "b2b_contact",
      handled: false,
      handledAtLabel: null,
    });
    expect(await getEnquiry("00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await getEnquiry("no-es-un-id")).toBeNull();
  });

  it("marks one handled and back, keeping the first handled time, and filters by state", async () => {
    expect(await setEnquiryHandled(ids.main!, true)).toBe(true);
    const [first] = await t.db
      .select({ at: contactMessages.handledAt })
      .from(contactMessages)
      .where(eq(contactMessages.id, ids.main!));
    expect(first!.at).toBeInstanceOf(Date);
    await setEnquiryHandled(ids.main!, true);
    const [again] = await t.db
      .select({ at: contactMessages.handledAt })
      .from(contactMessages)
      .where(eq(contactMessages.id, ids.main!));
    expect(again!.at!.getTime()).toBe(first!.at!.getTime());

    expect((await getEnquiry(ids.main!))?.handled).toBe(true);
    expect((await listEnquiries({ state: "handled" })).enquiries.map((e) => e.id)).toEqual([ids.main]);
    expect((await listEnquiries({ state: "pending" })).total).toBe(3);
    expect((await listEnquiries()).pending).toBe(3);

    expect(await setEnquiryHandled(ids.main!, false)).toBe(true);
    expect((await getEnquiry(ids.main!))?.handled).toBe(false);
    expect(await setEnquiryHandled("00000000-0000-4000-8000-000000000000", true)).toBe(false);
  });
});
