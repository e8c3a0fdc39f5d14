import { and, desc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { priceHistory, products } from "~/db/schema/catalog";
import { DEFAULT_EXCHANGE_RATE } from "~/domain/dollar-pricing";
import { getSetting, saveSetting } from "~/models/settings.server";
import { action as settingsAction } from "~/routes/admin/settings";
import { BCRA_SOURCE, fetchDollarRate } from "~/services/bcra.server";
import { resetEnv } from "~/utils/env.server";
import { type BcraDouble, startBcraDouble } from "../doubles/bcra";
import { setupTestDatabase } from "../setup/db";
import { insertProduct } from "../setup/factories";
import { args, formRequest, outcome, signedInAdmin, signedInCustomer } from "../setup/routes";

// [22/25] "Traer cotización" (ADR 0020): the BCRA's Estadísticas Cambiarias client against its
// local double, and Configuración's action that shows the rate and saves what the server read.

const database = setupTestDatabase();

let bcra: BcraDouble;
let savedUrl: string | undefined;
beforeAll(async () => {
  bcra = await startBcraDouble();
  savedUrl = process.env.BCRA_API_URL;
  process.env.BCRA_API_URL = bcra.url;
  resetEnv();
});
afterAll(async () => {
  if (savedUrl === undefined) delete process.env.BCRA_API_URL;
  else process.env.BCRA_API_URL = savedUrl;
  resetEnv();
  await bcra.close();
});
afterEach(() => {
  bcra.failure = "none";
  bcra.usd = 1452.5;
  bcra.fecha = "2026-11-26";
});

describe("the BCRA client", () => {
  it("reads the dollar's rate and its day from the latest published rates, to the cent", async () => {
    bcra.usd = 1452.5678;
    expect(await fetchDollarRate()).toEqual({ rate: 1452.57, date: "2026-11-26", source: BCRA_SOURCE });
  });

  it("says in Spanish what went wrong: not configured, no answer in time, an error, nonsense, no dollar that day", async () => {
    await expect(fetchDollarRate({ baseUrl: null })).rejects.toThrow(
      "La consulta automática de la cotización no está configurada (variable BCRA_API_URL del servidor). Cargala a mano.",
    );
    bcra.failure = "slow";
    await expect(fetchDollarRate({ timeoutMs: 300 })).rejects.toMatchObject({
      kind: "timeout",
      message: "El BCRA no respondió a tiempo. Probá de nuevo en unos minutos o cargá la cotización a mano.",
    });
    bcra.failure = "error500";
    await expect(fetchDollarRate()).rejects.toMatchObject({
      kind: "network",
      message:
        "No pudimos comunicarnos con el BCRA (respondió 500: Error interno del servidor.). Probá de nuevo en unos minutos o cargá la cotización a mano.",
    });
    bcra.failure = "malformed";
    await expect(fetchDollarRate()).rejects.toMatchObject({ kind: "malformed" });
    bcra.failure = "no_usd";
    await expect(fetchDollarRate()).rejects.toMatchObject({
      kind: "no_rate",
      message: expect.stringContaining("no informó la cotización del dólar del 2026-11-26"),
    });
    const closed = await startBcraDouble();
    await closed.close();
    await expect(fetchDollarRate({ baseUrl: closed.url })).rejects.toMatchObject({ kind: "network" });
  });
});

describe("Configuración > Cotización del dólar: Traer cotización", () => {
  const post = (cookie: string, fields: Record<string, string>) =>
    outcome(() => settingsAction(args(formRequest("/admin/configuracion", fields, { cookie })) as never));

  it("shows the BCRA's rate without saving anything", async () => {
    await saveSetting("exchange_rate", {
      ...DEFAULT_EXCHANGE_RATE,
      rate: 1000,
      source: "BNA vendedor",
      date: "2026-11-20",
    });
    const { cookie } = await signedInAdmin();
    const answer = await post(cookie, { intent: "rate-quote" });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true, quote: { rate: 1452.5, date: "2026-11-26", source: BCRA_SOURCE } });
    expect((await getSetting("exchange_rate", database.db)).rate).toBe(1000);
  });

  it("saves what the BCRA says when staff confirm, keeps rounding and 'USD x', and re-prices with the clerk named in the history", async () => {
    await saveSetting("exchange_rate", {
      rate: 1000,
      source: "BNA vendedor",
      date: "2026-11-20",
      roundTo: 10,
      showUsd: true,
    });
    const product = await insertProduct({ name: "Notebook pegada", usdPrice: 100, price: "100000.00" });
    const { cookie, email } = await signedInAdmin();

    const answer = await post(cookie, { intent: "rate-apply", expected: "1452.5" });

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true, toast: { title: "Cotización guardada" } });
    expect(await getSetting("exchange_rate", database.db)).toEqual({
      rate: 1452.5,
      source: BCRA_SOURCE,
      date: "2026-11-26",
      roundTo: 10,
      showUsd: true,
    });
    // USD 100 x 1.452,50 = 145.250, to the nearest $ 10.
    const [row] = await database.db.select({ price: products.price }).from(products).where(eq(products.id, product.id));
    expect(row!.price).toBe("145250.00");
    const [last] = await database.db
      .select({ price: priceHistory.price, actor: priceHistory.actor, source: priceHistory.source })
      .from(priceHistory)
      .where(and(eq(priceHistory.productId, product.id)))
      .orderBy(desc(priceHistory.changedAt))
      .limit(1);
    expect(last).toEqual({ price: "145250.00", actor: email, source: "repricing" });
  });

  it("saves nothing when the BCRA's rate is no longer the one shown, and shows the new one", async () => {
    await saveSetting("exchange_rate", {
      ...DEFAULT_EXCHANGE_RATE,
      rate: 1000,
      source: "BNA vendedor",
      date: "2026-11-20",
    });
    const { cookie } = await signedInAdmin();
    bcra.usd = 1460;
    const answer = await post(cookie, { intent: "rate-apply", expected: "1452.5" });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      ok: false,
      quote: { rate: 1460 },
      message: expect.stringContaining("La cotización cambió mientras tanto"),
    });
    expect((await getSetting("exchange_rate", database.db)).rate).toBe(1000);
  });

  it("tells staff when the BCRA fails or the server is not set up for it, and saves nothing", async () => {
    await saveSetting("exchange_rate", {
      ...DEFAULT_EXCHANGE_RATE,
      rate: 1000,
      source: "BNA vendedor",
      date: "2026-11-20",
    });
    const { cookie } = await signedInAdmin();
    bcra.failure = "error500";
    const failed = await post(cookie, { intent: "rate-apply", expected: "1452.5" });
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({
      ok: false,
      message: expect.stringContaining("No pudimos comunicarnos con el BCRA"),
    });

    delete process.env.BCRA_API_URL;
    resetEnv();
    try {
      const unset = await post(cookie, { intent: "rate-quote" });
      expect(unset.status).toBe(502);
      expect(unset.body).toMatchObject({
        ok: false,
        toast: { title: "No se pudo traer la cotización" },
        message: expect.stringContaining("no está configurada"),
      });
    } finally {
      process.env.BCRA_API_URL = bcra.url;
      resetEnv();
    }
    expect((await getSetting("exchange_rate", database.db)).rate).toBe(1000);
  });

  it("is for staff only", async () => {
    const { cookie } = await signedInCustomer();
    const calls = bcra.calls;
    const answer = await post(cookie, { intent: "rate-quote" });
    expect(answer.status).toBeGreaterThanOrEqual(300);
    expect(bcra.calls).toBe(calls);
  });
});
