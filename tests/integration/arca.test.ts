import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { arcaTickets } from "~/db/schema/invoices";
import { invoiceAmounts } from "~/domain/invoice-amounts";
import { type ArcaConfig, arcaConfig, decryptPrivateKey, encryptPrivateKey } from "~/services/arca/config.server";
import { checkConnection } from "~/services/arca/connection.server";
import { ArcaError } from "~/services/arca/errors";
import { getTicket } from "~/services/arca/wsaa.server";
import {
  type CaeRequest,
  consultComprobante,
  feDummy,
  lastAuthorised,
  pointsOfSale,
  receiverIvaConditions,
  requestCae,
} from "~/services/arca/wsfe.server";
import { resetEnv } from "~/utils/env.server";
import { type ArcaDouble, doubleClientConfig, startArcaDouble } from "../doubles/arca";
import { setupTestDatabase } from "../setup/db";

// The store's ARCA client (app/services/arca/) against the ARCA double (tests/doubles/arca.ts),
// which checks the CMS signature of each login against its own CA and validates comprobantes
// with ARCA's codes.

const t = setupTestDatabase();
let arca: ArcaDouble;
let config: ArcaConfig;

beforeAll(async () => {
  arca = await startArcaDouble();
  config = doubleClientConfig(arca);
});
afterAll(async () => {
  await arca.close();
});
beforeEach(() => {
  Object.assign(arca.faults, { slowAfterAuthorise: 0, slowMs: 0, transaccionActiva: 0, down: false });
});

async function failure(promise: Promise<unknown>): Promise<ArcaError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ArcaError) return error;
    throw error;
  }
  throw new Error("expected ARCA to refuse");
}

const productAt21 = invoiceAmounts("B", {
  lines: [{ subtotalCents: 121_000_00, ivaRate: 21 }],
  shippingCents: 0,
  shippingIvaRate: 21,
  couponCents: 0,
  discountCents: 0,
  totalCents: 121_000_00,
});

function facturaB(number: number, overrides: Partial<CaeRequest> = {}): CaeRequest {
  return {
    puntoVenta: 1,
    cbteTipo: 6,
    number,
    date: new Date().toISOString().slice(0, 10).replace(/-/g, ""),
    docTipo: 99,
    docNro: "0",
    condicionIvaReceptorId: 5,
    amounts: productAt21,
    ...overrides,
  };
}

describe("logging in to ARCA (WSAA)", () => {
  it("answers FEDummy without a ticket", async () => {
    expect(await feDummy(config)).toEqual({ appServer: "OK", dbServer: "OK", authServer: "OK" });
  });

  it("logs in once however many calls need a ticket at once, and keeps the ticket in the database", async () => {
    const tickets = await Promise.all(Array.from({ length: 5 }, () => getTicket(config)));
    expect(new Set(tickets.map((ticket) => ticket.token)).size).toBe(1);
    expect(arca.logins).toEqual({ granted: 1, refused: 0 });
    const [stored] = await t.db.select().from(arcaTickets).where(eq(arcaTickets.cuit, arca.merchant.cuit));
    expect(stored?.token).toBe(tickets[0]!.token);
    expect(stored!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 11 * 3_600_000);
  });

  it("keeps invoicing with the stored ticket when ARCA refuses its renewal (coe.alreadyAuthenticated)", async () => {
    // The stored ticket is near its expiry: the store asks for a new one, and ARCA still has it valid.
    await t.db
      .update(arcaTickets)
      .set({ expiresAt: new Date(Date.now() + 5 * 60_000) })
      .where(eq(arcaTickets.cuit, arca.merchant.cuit));
    const ticket = await getTicket(config);
    expect(arca.logins).toEqual({ granted: 1, refused: 1 });
    expect(await lastAuthorised(config, 1, 6, { ticket })).toBe(0);
  });

  it("renews an expired ticket", async () => {
    arca.expireTickets();
    await t.db
      .update(arcaTickets)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(arcaTickets.cuit, arca.merchant.cuit));
    await getTicket(config);
    expect(arca.logins.granted).toBe(2);
    expect(await lastAuthorised(config, 1, 6)).toBe(0);
  });

  it("is refused with a certificate ARCA's CA did not issue", async () => {
    const error = await failure(
      getTicket({
        ...config,
        cuit: "20123456786",
        credentials: { certPem: arca.stranger.certPem, keyPem: arca.stranger.keyPem },
      }),
    );
    expect(error).toMatchObject({ kind: "fault", code: "cms.bad" });
  });
});

describe("authorising comprobantes (WSFEv1)", () => {
  it("gives the next number a 14-digit CAE, and refuses a number that is not the next (10016)", async () => {
    const next = (await lastAuthorised(config, 1, 6)) + 1;
    const authorised = await requestCae(config, facturaB(next));
    expect(authorised.cae).toMatch(/^\d{14}$/);
    expect(authorised.caeExpiresAt).toMatch(/^\d{8}$/);
    expect(authorised.number).toBe(next);
    expect(await lastAuthorised(config, 1, 6)).toBe(next);

    expect(await failure(requestCae(config, facturaB(next + 2)))).toMatchObject({ kind: "rejected", code: "10016" });
    expect(await failure(requestCae(config, facturaB(next + 1, { date: "20200101" })))).toMatchObject({
      code: "10016",
    });
  });

  it("refuses totals that do not add up (10048) and an Iva array that does not sum to ImpIVA", async () => {
    const next = (await lastAuthorised(config, 1, 6)) + 1;
    const wrongTotal = { ...productAt21, impTotalCents: productAt21.impTotalCents + 1 };
    expect(await failure(requestCae(config, facturaB(next, { amounts: wrongTotal })))).toMatchObject({
      code: "10048",
    });
    const wrongIva = { ...productAt21, iva: productAt21.iva.map((i) => ({ ...i, amountCents: i.amountCents - 1 })) };
    expect(await failure(requestCae(config, facturaB(next, { amounts: wrongIva })))).toMatchObject({ code: "10023" });
  });

  it("requires the receiver's IVA condition, known and valid for the class (RG 5616)", async () => {
    const next = (await lastAuthorised(config, 1, 6)) + 1;
    const missing = facturaB(next, { condicionIvaReceptorId: undefined as unknown as number });
    expect(await failure(requestCae(config, missing))).toMatchObject({ code: "10246" });
    expect(await failure(requestCae(config, facturaB(next, { condicionIvaReceptorId: 99 })))).toMatchObject({
      code: "10242",
    });
    // A Responsable inscripto cannot receive a Factura B.
    expect(await failure(requestCae(config, facturaB(next, { condicionIvaReceptorId: 1 })))).toMatchObject({
      code: "10243",
    });
  });

  it("issues a Factura A only to a CUIT", async () => {
    const next = (await lastAuthorised(config, 1, 1)) + 1;
    const amounts = { ...productAt21 };
    const toConsumer = facturaB(next, { cbteTipo: 1, condicionIvaReceptorId: 1, amounts });
    expect(await failure(requestCae(config, toConsumer))).toMatchObject({ code: "10013" });
    const toMonotributista = { ...toConsumer, docTipo: 80, docNro: "20123456786", condicionIvaReceptorId: 6 };
    expect((await requestCae(config, toMonotributista)).number).toBe(next);
  });

  it("issues a credit note associated with its invoice", async () => {
    const invoiceNumber = (await lastAuthorised(config, 1, 6)) + 1;
    const invoice = facturaB(invoiceNumber);
    await requestCae(config, invoice);
    const noteNumber = (await lastAuthorised(config, 1, 8)) + 1;
    const note = await requestCae(config, {
      ...invoice,
      cbteTipo: 8,
      number: noteNumber,
      associated: { cbteTipo: 6, puntoVenta: 1, number: invoiceNumber, cuit: config.cuit, date: invoice.date },
    });
    expect(note.cae).toMatch(/^\d{14}$/);
    expect(arca.comprobantes.at(-1)).toMatchObject({ cbteTipo: 8, associated: { tipo: 6, nro: invoiceNumber } });
  });

  it("refuses a point of sale not enabled for web services (11002, 10005)", async () => {
    expect(await failure(lastAuthorised(config, 9, 6))).toMatchObject({ code: "11002" });
    expect(await failure(requestCae(config, facturaB(1, { puntoVenta: 9 })))).toMatchObject({ code: "10005" });
  });

  it("finds, after a timeout, the comprobante ARCA authorised anyway (FECompConsultar)", async () => {
    const next = (await lastAuthorised(config, 2, 6)) + 1;
    Object.assign(arca.faults, { slowAfterAuthorise: 1, slowMs: 2_000 });
    const error = await failure(requestCae({ ...config, timeoutMs: 200 }, facturaB(next, { puntoVenta: 2 })));
    expect(error).toMatchObject({ kind: "timeout", transient: true });
    const found = await consultComprobante(config, 6, next, 2);
    expect(found).toMatchObject({ cae: arca.comprobantes.at(-1)!.cae, totalCents: productAt21.impTotalCents });
    expect(await lastAuthorised(config, 2, 6)).toBe(next);
    expect(await consultComprobante(config, 6, next + 1, 2)).toBeNull();
  });

  it("says 'transacción activa' (502) as a transient error, authorising nothing", async () => {
    const next = (await lastAuthorised(config, 1, 6)) + 1;
    arca.faults.transaccionActiva = 1;
    expect(await failure(requestCae(config, facturaB(next)))).toMatchObject({ code: "502", transient: true });
    expect(await lastAuthorised(config, 1, 6)).toBe(next - 1);
  });

  it("tells ARCA down apart from a refusal", async () => {
    arca.faults.down = true;
    expect(await failure(lastAuthorised(config, 1, 6))).toMatchObject({ kind: "network", transient: true });
  });

  it("lists the points of sale and the receiver IVA conditions of each class", async () => {
    expect((await pointsOfSale(config)).map((p) => p.number)).toEqual([1, 2, 3]);
    expect((await receiverIvaConditions(config, "A")).map((c) => c.id)).toEqual([1, 6, 13, 16]);
    expect((await receiverIvaConditions(config, "B")).map((c) => c.id)).toContain(5);
  });
});

describe("Probar conexión", () => {
  it("shows the points of sale ARCA has for the store", async () => {
    expect(await checkConnection(config)).toMatchObject({
      ok: true,
      pointsOfSale: [{ number: 1 }, { number: 2 }, { number: 3 }],
    });
  });

  it("says which step failed, with ARCA's code", async () => {
    const stranger = {
      ...config,
      cuit: "20123456786",
      credentials: { certPem: arca.stranger.certPem, keyPem: arca.stranger.keyPem },
    };
    expect(await checkConnection(stranger)).toMatchObject({ ok: false, step: "login", code: "cms.bad" });
    arca.faults.down = true;
    expect(await checkConnection(config)).toMatchObject({ ok: false, step: "servers", code: "http_503" });
  });
});

describe("configuration", () => {
  it("points at the double through ARCA_WSAA_URL / ARCA_WSFE_URL and at homologación by default", () => {
    const saved = { ...process.env };
    try {
      Object.assign(process.env, { ARCA_CUIT: "30-71234567-1", ARCA_WSFE_URL: arca.wsfeUrl });
      delete process.env.ARCA_ENV;
      delete process.env.ARCA_WSAA_URL;
      resetEnv();
      const fromEnv = arcaConfig({ credentials: config.credentials });
      expect(fromEnv).toMatchObject({
        environment: "homologacion",
        cuit: "30712345671",
        wsaaUrl: "https://wsaahomo.afip.gov.ar/ws/services/LoginCms",
        wsfeUrl: arca.wsfeUrl,
      });
      expect(() => arcaConfig({ credentials: null })).toThrow(ArcaError);
    } finally {
      process.env = saved;
      resetEnv();
    }
  });

  it("keeps the key encrypted: it opens only with the same ARCA_KEY_ENCRYPTION_KEY", () => {
    const secret = "a".repeat(32);
    const stored = encryptPrivateKey(arca.merchant.keyPem, secret);
    expect(stored).not.toContain("PRIVATE KEY");
    expect(decryptPrivateKey(stored, secret)).toBe(arca.merchant.keyPem);
    expect(() => decryptPrivateKey(stored, "b".repeat(32))).toThrow(ArcaError);
  });
});
