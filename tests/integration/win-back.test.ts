import { spawn } from "node:child_process";
import { and, eq, sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { productVariants, products } from "~/db/schema/catalog";
import { outboxEmails } from "~/db/schema/content";
import { orderItems } from "~/db/schema/orders";
import { checkoutDrafts, emailOptOuts, stockAlerts } from "~/db/schema/win-back";
import { deliverPendingEmails } from "~/jobs/mail-delivery.server";
import { runWinBack } from "~/jobs/win-back.server";
import { releaseOrderStock, reserveOrderStock } from "~/models/stock-ledger.server";
import { replaceVariants } from "~/models/variants.server";
import {
  markDraftRecovered,
  priceDraftLines,
  winBackFigures,
  optOut,
  restoreCart,
  saveCheckoutDraft,
  sendReminderNow,
  subscribeStockAlert,
  unsubscribeUrl,
} from "~/models/win-back.server";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/content/unsubscribe";
import { loader as restoreLoader } from "~/routes/checkout/restore-cart";
import { signLink } from "~/utils/signed-link.server";
import { reconcileVariants } from "~/domain/variants";
import { DEFAULT_WIN_BACK, droppedLineMessage } from "~/domain/win-back";
import { saveSetting } from "~/models/settings.server";
import { setupTestDatabase } from "../setup/db";
import { insertOrder, insertProduct, variantsOf } from "../setup/factories";
import { args, getRequest, outcome } from "../setup/routes";
import { smtpDoubleForFile } from "../setup/smtp";

// [23/25] Win back the sale (ADR 0021): reminders after the delay, once, never after an order or
// to an opted-out address; the restore link; back-in-stock alerts by every stock write path; and
// what a real SMTP server receives (the RFC 8058 headers and the Ley 25.326 legend).

const smtp = smtpDoubleForFile();

const t = setupTestDatabase();

/** The draft's last change `hours` ago (the reminder's delay is 6 h by default). */
async function age(email: string, hours: number) {
  await t.db
    .update(checkoutDrafts)
    .set({ updatedAt: sql`now() - make_interval(hours => ${hours})` })
    .where(eq(checkoutDrafts.email, email));
}

async function outboxTo(email: string, kind: string) {
  return t.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.to, email), eq(outboxEmails.kind, kind)));
}

const line = (productId: string, quantity = 1) => ({ productId, quantity, selectedOptions: [] });

describe("abandoned checkout reminders", () => {
  it("queues one reminder after the delay, however many rounds run at once", async () => {
    const notebook = await insertProduct({ name: "Notebook Lenovo", price: "900000.00", stock: 3 });
    await saveCheckoutDraft("Ana@Example.com ", [line(notebook.id, 2)]);
    await age("ana@example.com", 5);
    await runWinBack(t.db);
    expect(await outboxTo("ana@example.com", "cart_reminder")).toHaveLength(0);

    await age("ana@example.com", 7);
    await Promise.all([runWinBack(t.db), runWinBack(t.db), runWinBack(t.db)]);
    await runWinBack(t.db);
    const [reminder, ...more] = await outboxTo("ana@example.com", "cart_reminder");
    expect(more).toHaveLength(0);
    expect(reminder!.subject).toMatch(/^Publicidad: /);
    expect(reminder!.html).toContain("Notebook Lenovo");
    expect(reminder!.html).toMatch(/\$\s1\.800\.000,00/);
    expect(reminder!.html).toContain("/carrito/recuperar?t=");
    expect(reminder!.html).toContain("Ley 25.326");
    expect(reminder!.listUnsubscribe).toContain("/baja?t=");
  });

  it("sends nothing when an order with that e-mail came after the checkout, neither the job nor staff", async () => {
    const mouse = await insertProduct({ name: "Mouse", stock: 3 });
    await saveCheckoutDraft("bruno@example.com", [line(mouse.id)]);
    await age("bruno@example.com", 7);
    await insertOrder({ customerEmail: "Bruno@example.com" });
    await runWinBack(t.db);
    expect(await outboxTo("bruno@example.com", "cart_reminder")).toHaveLength(0);
    // Nor can staff send it by hand.
    const [draft] = await t.db.select().from(checkoutDrafts).where(eq(checkoutDrafts.email, "bruno@example.com"));
    expect(await sendReminderNow(draft!.id)).toEqual({
      ok: false,
      message: "bruno@example.com ya compró después de dejar este carrito: no le enviamos el recordatorio.",
    });
    expect(await outboxTo("bruno@example.com", "cart_reminder")).toHaveLength(0);
  });

  it("never writes to an address that opted out, neither the job nor staff", async () => {
    const mouse = await insertProduct({ name: "Teclado", stock: 3 });
    await saveCheckoutDraft("carla@example.com", [line(mouse.id)]);
    await age("carla@example.com", 7);
    await optOut("CARLA@example.com", "link");
    await runWinBack(t.db);
    expect(await outboxTo("carla@example.com", "cart_reminder")).toHaveLength(0);
    const [draft] = await t.db.select().from(checkoutDrafts).where(eq(checkoutDrafts.email, "carla@example.com"));
    expect(await sendReminderNow(draft!.id)).toEqual({
      ok: false,
      message: "carla@example.com se dio de baja: no se le pueden enviar recordatorios.",
    });
  });

  it("waits while nothing in the cart is published and in stock", async () => {
    const gone = await insertProduct({ name: "Monitor", stock: 0 });
    await saveCheckoutDraft("dario@example.com", [line(gone.id)]);
    await age("dario@example.com", 7);
    await runWinBack(t.db);
    expect(await outboxTo("dario@example.com", "cart_reminder")).toHaveLength(0);
  });

  it("the restore link prices the lines today and leaves out a sold-out one; a tampered or expired link is refused", async () => {
    const kept = await insertProduct({ name: "Auriculares", price: "20000.00", stock: 4 });
    const soldOut = await insertProduct({ name: "Parlante", price: "30000.00", stock: 2 });
    await saveCheckoutDraft("eva@example.com", [line(kept.id, 1), line(soldOut.id, 1)]);
    await age("eva@example.com", 7);
    await runWinBack(t.db);
    const [reminder] = await outboxTo("eva@example.com", "cart_reminder");
    const link = /href="([^"]*\/carrito\/recuperar\?t=[^"]+)"/.exec(reminder!.html)![1]!.replaceAll("&amp;", "&");
    const token = new URL(link).searchParams.get("t")!;

    await t.db.update(products).set({ price: "18000.00" }).where(eq(products.id, kept.id));
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, soldOut.id));
    const restored = await restoreCart(token);
    expect(restored).toMatchObject({ ok: true, dropped: [{ name: "Parlante", reason: "sold-out" }] });
    expect(restored.ok && restored.lines.map((l) => [l.name, l.price])).toEqual([["Auriculares", "18000"]]);

    const page = await outcome(() => restoreLoader(args(getRequest(`/carrito/recuperar?t=${token}`)) as never));
    expect(page.status).toBe(200);
    expect(page.headers.get("Set-Cookie")).toMatch(/^vitec_cart_recovery=/);

    const tampered = await outcome(() =>
      restoreLoader(args(getRequest(`/carrito/recuperar?t=${token.slice(0, -2)}xx`)) as never),
    );
    expect(tampered.status).toBe(400);
    expect(tampered.body).toMatchObject({ error: expect.stringMatching(/no es válido/) });

    const draftId = restored.ok ? restored.draftId : "";
    // An order placed through the link counts as recovered, with its revenue, on the dashboard.
    const orderId = await insertOrder({ customerEmail: "eva@example.com", total: "18000.00" });
    await markDraftRecovered(draftId, orderId);
    const figures = await winBackFigures(new Date(Date.now() - 86_400_000), new Date(Date.now() + 60_000));
    expect(figures).toMatchObject({ recoveredOrders: 1, recoveredRevenue: "18000.00" });
    const old = signLink("restore-cart", draftId, new Date(Date.now() - 1000));
    const expired = await outcome(() => restoreLoader(args(getRequest(`/carrito/recuperar?t=${old}`)) as never));
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({ error: expect.stringMatching(/venció/) });
  });
});

/** A store process of the win-back drill (tests/setup/win-back-process.ts) on this file's schema. */
function startWinBackProcess(schema: string) {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/setup/win-back-process.ts"], {
    env: { ...process.env, NODE_ENV: "test", DATABASE_SCHEMA: schema },
    stdio: ["pipe", "pipe", "inherit"],
  });
  let output = "";
  const ready = new Promise<void>((resolve) =>
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("ready")) resolve();
    }),
  );
  const done = new Promise<{ reminders: number; alerts: number }>((resolve, reject) =>
    child.once("exit", (code) =>
      code === 0 ? resolve(JSON.parse(output.trim().split("\n").at(-1)!)) : reject(new Error(`exited ${code}`)),
    ),
  );
  return { child, ready, done };
}

// Two servers (each its own process and connections) run the job at the same moment: every
// reminder and every alert is queued once. PostgreSQL only: the embedded database is owned by one process.
describe.skipIf(!process.env.DATABASE_URL)("two processes at once", () => {
  it("queue each due reminder and each back-in-stock alert once", async () => {
    const p = await insertProduct({ name: "Disco SSD", stock: 10 });
    const soon = await insertProduct({ name: "Placa de video", stock: 0 });
    const shoppers = Array.from({ length: 40 }, (_, i) => `proceso${i}@example.com`);
    for (const email of shoppers) {
      await saveCheckoutDraft(email, [line(p.id)]);
      await age(email, 7);
    }
    const waiting = Array.from({ length: 20 }, (_, i) => `espera${i}@example.com`);
    for (const email of waiting) await subscribeStockAlert({ email, productId: soon.id, variantId: null });
    await t.db.update(products).set({ stock: 3 }).where(eq(products.id, soon.id));

    const [{ schema }] = (await queryRows<{ schema: string }>(sql`select current_schema() as schema`, t.db)) as [
      { schema: string },
    ];
    const processes = [startWinBackProcess(schema), startWinBackProcess(schema)];
    await Promise.all(processes.map((x) => x.ready));
    for (const x of processes) x.child.stdin!.end("go\n");
    const results = await Promise.all(processes.map((x) => x.done));

    expect(results.reduce((sum, r) => sum + r.reminders, 0)).toBe(40);
    expect(results.reduce((sum, r) => sum + r.alerts, 0)).toBe(20);
    const queued = await t.db
      .select({ to: outboxEmails.to, kind: outboxEmails.kind })
      .from(outboxEmails)
      .where(sql`${outboxEmails.to} like 'proceso%' or ${outboxEmails.to} like 'espera%'`);
    expect(
      queued
        .filter((e) => e.kind === "cart_reminder")
        .map((e) => e.to)
        .sort(),
    ).toEqual([...shoppers].sort());
    expect(
      queued
        .filter((e) => e.kind === "stock_alert")
        .map((e) => e.to)
        .sort(),
    ).toEqual([...waiting].sort());
  });
});

describe("drafts keep the variant", () => {
  const color = (...names: string[]) => ({
    option_groups: [{ title: "Color", options: names.map((name) => ({ name })) }],
  });
  const chose = (productId: string, option: string, quantity = 1) => ({
    productId,
    quantity,
    selectedOptions: [{ group: "Color", option }],
  });

  it("the link brings back the same variant at its price; a sold-out or removed one is left out and said so", async () => {
    const bag = await insertProduct({
      name: "Mochila Targus",
      price: "50000.00",
      meta: color("Negro", "Gris", "Azul"),
      variantStock: [3, 2, 1],
      variantPrices: [{ price: "55000.00", salePrice: null }],
    });
    const [black, grey, blue] = await variantsOf(bag.id);
    await saveCheckoutDraft("lola@example.com", [
      chose(bag.id, "Negro", 2),
      chose(bag.id, "Gris"),
      chose(bag.id, "Azul"),
    ]);
    const [draft] = await t.db.select().from(checkoutDrafts).where(eq(checkoutDrafts.email, "lola@example.com"));
    expect(draft!.lines.map((l) => l.variantId)).toEqual([black!.id, grey!.id, blue!.id]);

    // The reminder names the variant and its own price.
    await age("lola@example.com", 7);
    await runWinBack(t.db);
    const [reminder] = await outboxTo("lola@example.com", "cart_reminder");
    expect(reminder!.html).toContain("Mochila Targus (Color: Negro)");
    expect(reminder!.html).toMatch(/\$\s110\.000,00/);
    const link = /href="([^"]*\/carrito\/recuperar\?t=[^"]+)"/.exec(reminder!.html)![1]!.replaceAll("&amp;", "&");
    const token = new URL(link).searchParams.get("t")!;

    // Grey sells out; staff take blue off the product (Admin > Productos > Opciones saves this way).
    await t.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, grey!.id));
    const groups = color("Negro", "Gris").option_groups;
    const rows = (await variantsOf(bag.id)).map((v) => ({
      options: v.options,
      sku: v.sku,
      price: v.price === null ? null : Number(v.price),
      sale_price: null,
      stock: v.stock,
      image_url: null,
    }));
    await t.db.transaction(async (tx) => {
      await tx
        .update(products)
        .set({ meta: { option_groups: groups } })
        .where(eq(products.id, bag.id));
      await replaceVariants(tx, bag.id, reconcileVariants(groups, rows, bag.sku!).variants);
    });
    expect((await variantsOf(bag.id)).map((v) => v.id)).toEqual([black!.id, grey!.id]);

    const restored = await restoreCart(token);
    if (!restored.ok) throw new Error("the link should restore the cart");
    expect(restored.lines.map((l) => [l.variantId, l.selectedOptions, l.quantity, l.price])).toEqual([
      [black!.id, [{ group: "Color", option: "Negro" }], 2, "55000"],
    ]);
    const messages = [
      "Mochila Targus (Color: Gris) se quedó sin stock: lo dejamos afuera.",
      "La opción que habías elegido de Mochila Targus (Color: Azul) ya no existe: la dejamos afuera. Podés elegir otra en la página del producto.",
    ];
    expect(restored.dropped.map(droppedLineMessage)).toEqual(messages);

    // The page the shopper opens says the same, and fills the cart with the black bag only.
    const page = await outcome(() => restoreLoader(args(getRequest(`/carrito/recuperar?t=${token}`)) as never));
    expect(page.body).toMatchObject({
      error: null,
      dropped: messages,
      items: [
        { id: bag.id, name: "Mochila Targus", selectedOptions: [{ group: "Color", option: "Negro" }], quantity: 2 },
      ],
    });
  });

  it("a variant whose options are the same again after an edit is the one that comes back", async () => {
    const mouse = await insertProduct({ name: "Mouse Redragon", meta: color("Rojo", "Blanco"), variantStock: [4, 4] });
    await saveCheckoutDraft("mia@example.com", [chose(mouse.id, "Blanco")]);
    // Staff remove white and add it again: a new variant row with the same options.
    const white = (await variantsOf(mouse.id))[1]!;
    await t.db.delete(productVariants).where(eq(productVariants.id, white.id));
    await t.db.insert(productVariants).values({
      productId: mouse.id,
      options: white.options,
      optionKey: white.optionKey,
      sku: `${white.sku}-2`,
      stock: 2,
      position: 1,
    });
    const [draft] = await t.db.select().from(checkoutDrafts).where(eq(checkoutDrafts.email, "mia@example.com"));
    const { lines, dropped } = await priceDraftLines(draft!.lines);
    const [again] = (await variantsOf(mouse.id)).slice(1);
    expect(dropped).toEqual([]);
    expect(lines.map((l) => [l.variantId, l.selectedOptions])).toEqual([
      [again!.id, [{ group: "Color", option: "Blanco" }]],
    ]);
  });
});

describe("the second reminder and retention (Configuración > Recuperar ventas)", () => {
  const email = (address: string) => eq(checkoutDrafts.email, address);

  it("sends a second reminder 24 h after the first when the store asks for it, and never a third", async () => {
    await saveSetting("win_back", { ...DEFAULT_WIN_BACK, secondReminder: true });
    try {
      const p = await insertProduct({ name: "Impresora", stock: 2 });
      await saveCheckoutDraft("nora@example.com", [line(p.id)]);
      await age("nora@example.com", 7);
      await runWinBack(t.db);
      await runWinBack(t.db);
      expect(await outboxTo("nora@example.com", "cart_reminder")).toHaveLength(1);
      await t.db
        .update(checkoutDrafts)
        .set({ lastRemindedAt: sql`now() - interval '25 hours'` })
        .where(email("nora@example.com"));
      await Promise.all([runWinBack(t.db), runWinBack(t.db)]);
      expect(await outboxTo("nora@example.com", "cart_reminder")).toHaveLength(2);
      await t.db
        .update(checkoutDrafts)
        .set({ lastRemindedAt: sql`now() - interval '49 hours'` })
        .where(email("nora@example.com"));
      await runWinBack(t.db);
      expect(await outboxTo("nora@example.com", "cart_reminder")).toHaveLength(2);
    } finally {
      await saveSetting("win_back", DEFAULT_WIN_BACK);
    }
  });

  it("deletes drafts and alerts older than the days the store keeps them", async () => {
    await saveSetting("win_back", { ...DEFAULT_WIN_BACK, retentionDays: 10 });
    try {
      const p = await insertProduct({ name: "Escáner", stock: 0 });
      for (const address of ["vieja@example.com", "nueva@example.com"]) {
        await saveCheckoutDraft(address, [line(p.id)]);
        await subscribeStockAlert({ email: address, productId: p.id, variantId: null });
      }
      await age("vieja@example.com", 11 * 24);
      await age("nueva@example.com", 9 * 24);
      await t.db
        .update(stockAlerts)
        .set({ createdAt: sql`now() - interval '11 days'` })
        .where(eq(stockAlerts.email, "vieja@example.com"));
      await runWinBack(t.db);
      const drafts = await t.db.select({ email: checkoutDrafts.email }).from(checkoutDrafts);
      const alerts = await t.db.select({ email: stockAlerts.email }).from(stockAlerts);
      expect(drafts.map((d) => d.email)).toContain("nueva@example.com");
      expect(drafts.map((d) => d.email)).not.toContain("vieja@example.com");
      expect(alerts.map((a) => a.email)).toContain("nueva@example.com");
      expect(alerts.map((a) => a.email)).not.toContain("vieja@example.com");
    } finally {
      await saveSetting("win_back", DEFAULT_WIN_BACK);
    }
  });
});

describe("back-in-stock alerts", () => {
  it("goes out once when stock crosses zero by each write path", async () => {
    // An admin (or a CSV import) writes the product's stock.
    const plain = await insertProduct({ name: "Router", stock: 0 });
    expect(await subscribeStockAlert({ email: "f@example.com", productId: plain.id, variantId: null })).toEqual({
      ok: true,
    });
    await runWinBack(t.db);
    expect(await outboxTo("f@example.com", "stock_alert")).toHaveLength(0);
    await t.db.update(products).set({ stock: 5 }).where(eq(products.id, plain.id));
    await Promise.all([runWinBack(t.db), runWinBack(t.db)]);
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, plain.id));
    await t.db.update(products).set({ stock: 2 }).where(eq(products.id, plain.id));
    await runWinBack(t.db);
    const alerts = await outboxTo("f@example.com", "stock_alert");
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.html).toContain(`/product/${plain.id}`);

    // A variant restocked.
    const shirt = await insertProduct({
      name: "Mochila",
      stock: 0,
      meta: { option_groups: [{ title: "Color", options: [{ name: "Negro" }, { name: "Gris" }] }] },
    });
    const [black] = await variantsOf(shirt.id);
    await subscribeStockAlert({ email: "g@example.com", productId: shirt.id, variantId: black!.id });
    await t.db.update(productVariants).set({ stock: 3 }).where(eq(productVariants.id, black!.id));
    await runWinBack(t.db);
    const [variantAlert, ...again] = await outboxTo("g@example.com", "stock_alert");
    expect(again).toHaveLength(0);
    expect(variantAlert!.html).toContain(`variante=${black!.id}`);

    // An order cancelled: its units come back through the stock ledger.
    const last = await insertProduct({ name: "Webcam", stock: 1 });
    const orderId = await insertOrder({ status: "pending" });
    await t.db
      .insert(orderItems)
      .values({ orderId, productId: last.id, name: "Webcam", quantity: 1, price: "1000", subtotal: "1000" });
    await t.db.transaction((tx) => reserveOrderStock(tx, orderId));
    await subscribeStockAlert({ email: "h@example.com", productId: last.id, variantId: null });
    await t.db.transaction((tx) => releaseOrderStock(tx, orderId));
    await runWinBack(t.db);
    expect(await outboxTo("h@example.com", "stock_alert")).toHaveLength(1);
  });

  it("refuses an address that opted out, and a product that has stock", async () => {
    const p = await insertProduct({ name: "Cable", stock: 0 });
    await optOut("i@example.com", "staff");
    expect(await subscribeStockAlert({ email: "i@example.com", productId: p.id, variantId: null })).toMatchObject({
      ok: false,
    });
    const inStock = await insertProduct({ name: "Cargador", stock: 2 });
    expect(await subscribeStockAlert({ email: "j@example.com", productId: inStock.id, variantId: null })).toEqual({
      ok: false,
      message: "¡Ya hay stock! Podés comprarlo ahora.",
    });
  });
});

describe("consent through the real SMTP path", () => {
  it("sends the RFC 8058 headers and the legend; one click opts out for good, even after the customer is gone", async () => {
    const p = await insertProduct({ name: "Tablet", stock: 2 });
    await saveCheckoutDraft("kim@example.com", [line(p.id)]);
    await age("kim@example.com", 7);
    await runWinBack(t.db);
    await deliverPendingEmails(100);
    const mail = smtp.received.find((m) => m.to.includes("kim@example.com"));
    const parsed = await simpleParser(mail!.raw);
    expect(mail!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const header = /^List-Unsubscribe:\s*<([^>]+)>/m.exec(mail!.raw);
    expect(header![1]).toBe(unsubscribeUrl("kim@example.com"));
    expect(parsed.text).toContain("Ley 25.326");
    expect(parsed.html).toContain("retiro o bloqueo");
    // The footer says why it came: not a purchase, the address the shopper left.
    expect(parsed.text).toContain("Recibiste este email porque dejaste tu dirección en Vitec");

    // The confirm page (GET) changes nothing; the mail client's one-click POST opts out.
    const path = new URL(header![1]!).pathname + new URL(header![1]!).search;
    const confirm = await outcome(() => unsubscribeLoader(args(getRequest(path)) as never));
    expect(confirm.body).toMatchObject({ email: "kim@example.com", done: false });
    expect(await t.db.select().from(emailOptOuts).where(eq(emailOptOuts.email, "kim@example.com"))).toHaveLength(0);
    const click = new Request(`http://localhost${path}`, {
      method: "POST",
      body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
    });
    const done = await outcome(() => unsubscribeAction(args(click) as never));
    expect(done.body).toMatchObject({ email: "kim@example.com", done: true });
    const [row] = await t.db.select().from(emailOptOuts).where(eq(emailOptOuts.email, "kim@example.com"));
    expect(row!.source).toBe("one_click");

    const forged = await outcome(() =>
      unsubscribeLoader(args(getRequest(path.replace(/.$/, (c) => (c === "A" ? "B" : "A")))) as never),
    );
    expect(forged.status).toBe(400);

    // Deleting every draft and alert (as deleting the customer does) leaves the opt-out.
    await t.db.delete(checkoutDrafts);
    await t.db.delete(stockAlerts);
    expect(await t.db.select().from(emailOptOuts).where(eq(emailOptOuts.email, "kim@example.com"))).toHaveLength(1);
  });
});
