import { type ChildProcess, spawn } from "node:child_process";
import type { AddressInfo } from "node:net";
import { and, eq, inArray, like, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { products } from "~/db/schema/catalog";
import { outboxEmails } from "~/db/schema/content";
import { orderItems, orders } from "~/db/schema/orders";
import { auditLog } from "~/db/schema/staff";
import { reserveOrderStock } from "~/models/stock-ledger.server";
import { queueEmail } from "~/models/outbox.server";
import { setupTestDatabase } from "../setup/db";
import { insertProduct } from "../setup/factories";

// Background work runs once however many servers run it: real Node processes on one PostgreSQL
// schema, each running the store's jobs as a server does (tests/setup/jobs-process.ts), first two
// separate processes, then one cluster of three workers. E-mails queued while they run are each
// sent once (a real SMTP server on loopback counts them), and unpaid online orders past their
// deadline are cancelled once each, their stock returned once. Each job claims its rows with
// FOR UPDATE SKIP LOCKED (app/models/outbox.server.ts, app/jobs/payment-expiry.server.ts).

const received: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    stream.resume();
    stream.on("end", () => {
      received.push(...session.envelope.rcptTo.map((r) => r.address));
      callback();
    });
  },
});
let smtpUrl = "";

const t = setupTestDatabase();
const running: ChildProcess[] = [];

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const child of running) child.kill("SIGTERM");
  await new Promise<void>((resolve) => smtp.close(resolve));
});

/** Starts `count` job processes (each a cluster of `workers`) on this file's schema; resolves once all run. */
async function startServers(count: number, workers: number): Promise<ChildProcess[]> {
  const [{ schema }] = (await queryRows<{ schema: string }>(sql`select current_schema() as schema`, t.db)) as [
    { schema: string },
  ];
  const started = Array.from({ length: count }, () => {
    const child = spawn(process.execPath, ["--import", "tsx", "tests/setup/jobs-process.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "test",
        DATABASE_SCHEMA: schema,
        SMTP_URL: smtpUrl,
        WORKERS: String(workers),
        JOB_INTERVAL_MS: "100",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    running.push(child);
    return new Promise<ChildProcess>((resolve, reject) => {
      child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve(child));
      child.once("exit", (code) => reject(new Error(`a job process exited (${code})`)));
    });
  });
  return Promise.all(started);
}

async function stop(children: ChildProcess[]) {
  await Promise.all(
    children.map((child) => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      return exited;
    }),
  );
}

/** `orders` unpaid online orders of `quantity` units each, their deadline passed (the stock they hold taken through the ledger, as the checkout does). */
async function overdueOrders(productId: string, count: number, quantity: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    // Order and item in one transaction, as the checkout writes them: the jobs are running.
    const id = await t.db.transaction(async (tx) => {
      const [order] = await tx
        .insert(orders)
        .values({
          subtotal: "2000.00",
          shippingCost: "0",
          total: "2000.00",
          customerName: "Comprador",
          customerLastname: `Online ${i}`,
          customerEmail: `online${i}@example.com`,
          address: { line1: "Calle 1", city: "CABA", state: "Buenos Aires", zip: "C1043" },
          paymentMethod: "Mercado Pago",
          paymentProvider: "mercadopago",
          paymentStatus: "awaiting_payment",
          paymentExpiresAt: sql`now() - interval '1 minute'`,
        })
        .returning({ id: orders.id });
      await tx.insert(orderItems).values({
        orderId: order!.id,
        productId,
        name: "Producto reservado",
        quantity,
        price: "1000.00",
        subtotal: (1000 * quantity).toFixed(2),
      });
      expect(await reserveOrderStock(tx, order!.id)).toEqual([]);
      return order!.id;
    });
    ids.push(id);
  }
  return ids;
}

/** Polls until `done` holds (the processes work on their own clock); fails after 45 s with what it saw. */
async function until(done: () => Promise<boolean>, what: () => Promise<unknown>) {
  const deadline = Date.now() + 45_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`not done: ${JSON.stringify(await what())}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function drill(label: string, servers: number, workers: number) {
  const children = await startServers(servers, workers);
  // Work arrives while every process is polling for it.
  const product = await insertProduct({ name: `Reservado ${label}`, stock: 23, status: "published" });
  const expiring = await overdueOrders(product.id, 10, 2);
  const emails = Array.from({ length: 60 }, (_, i) => `${label}${i}@example.com`);
  for (const to of emails) await queueEmail({ to, subject: "Bienvenida", html: "<p>Hola</p>", kind: "welcome" });

  const sent = () =>
    t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outboxEmails)
      .where(and(like(outboxEmails.to, `${label}%`), eq(outboxEmails.status, "sent")))
      .then((r) => r[0]!.n);
  const cancelled = () =>
    t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(inArray(orders.id, expiring), eq(orders.status, "cancelled")))
      .then((r) => r[0]!.n);
  await until(
    async () => (await sent()) === emails.length && (await cancelled()) === expiring.length,
    async () => ({
      sent: await sent(),
      cancelled: await cancelled(),
      unsent: await t.db
        .select({ to: outboxEmails.to, attempts: outboxEmails.attempts, error: outboxEmails.lastError })
        .from(outboxEmails)
        .where(and(like(outboxEmails.to, `${label}%`), sql`${outboxEmails.status} <> 'sent'`)),
    }),
  );
  await stop(children);

  const mine = received.filter((to) => to.startsWith(label));
  const [{ stock }] = (await t.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, product.id))) as [{ stock: number }];
  const audits = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(inArray(auditLog.entityId, expiring), eq(auditLog.action, "order.expire")));
  const cancelledNotices = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(outboxEmails)
    .where(and(inArray(outboxEmails.orderId, expiring), eq(outboxEmails.kind, "order_cancelled")));
  const attempts = await t.db
    .selectDistinct({ attempts: outboxEmails.attempts })
    .from(outboxEmails)
    .where(like(outboxEmails.to, `${label}%`));
  return {
    delivered: mine.length,
    distinctRecipients: new Set(mine).size,
    attempts: attempts.map((a) => a.attempts),
    stock,
    expiredAudits: audits[0]!.n,
    cancelledNotices: cancelledNotices[0]!.n,
  };
}

describe.skipIf(!process.env.DATABASE_URL)(
  "background jobs run once across processes (PostgreSQL only: the embedded database belongs to one process)",
  () => {
    const once = {
      delivered: 60,
      distinctRecipients: 60,
      attempts: [1],
      // 3 units left + 10 orders x 2 units returned once each.
      stock: 23,
      expiredAudits: 10,
      cancelledNotices: 10,
    };

    it("two server processes: each e-mail is sent once, each expired order returns its stock once", async () => {
      expect(await drill("dos", 2, 1)).toEqual(once);
    }, 60_000);

    it("a cluster of 3 workers: the same", async () => {
      expect(await drill("cluster", 1, 3)).toEqual(once);
    }, 60_000);
  },
);
