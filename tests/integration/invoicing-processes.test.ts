import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { invoices } from "~/db/schema/invoices";
import { orderItems } from "~/db/schema/orders";
import { queueFactura } from "~/models/invoices.server";
import { type ArcaDouble, startArcaDouble } from "../doubles/arca";
import { setupTestDatabase } from "../setup/db";
import { insertOrder, insertProduct } from "../setup/factories";

// Two store processes invoice 50 paid orders at once on one PostgreSQL schema, against the ARCA
// double (tests/setup/invoicing-process.ts): ARCA gets numbers 1 to 50 with no gap and no
// duplicate, each invoice keeps its own CAE, and both processes share one WSAA ticket (one login:
// a second one would be refused by ARCA while the first is valid). PostgreSQL only: the
// embedded database is owned by one process.

const t = setupTestDatabase();
let arca: ArcaDouble;

beforeAll(async () => {
  arca = await startArcaDouble();
});
afterAll(async () => {
  await arca.close();
});

function startProcess(schema: string, files: { cert: string; key: string }) {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/setup/invoicing-process.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      DATABASE_SCHEMA: schema,
      ARCA_CUIT: arca.merchant.cuit,
      ARCA_CERT_PATH: files.cert,
      ARCA_KEY_PATH: files.key,
      ARCA_WSAA_URL: arca.wsaaUrl,
      ARCA_WSFE_URL: arca.wsfeUrl,
    },
    stdio: ["pipe", "pipe", "inherit"],
  });
  let output = "";
  const ready = new Promise<void>((resolve) =>
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("ready")) resolve();
    }),
  );
  const done = new Promise<{ authorised: number }>((resolve, reject) =>
    child.once("exit", (code) =>
      code === 0 ? resolve(JSON.parse(output.trim().split("\n").at(-1)!)) : reject(new Error(`exited ${code}`)),
    ),
  );
  return { child, ready, done };
}

describe.skipIf(!process.env.DATABASE_URL)("invoicing from two processes at once", () => {
  it("numbers 50 orders 1 to 50 with one shared WSAA ticket", async () => {
    const product = await insertProduct({ name: "Mouse", price: "12100.00", ivaRate: 21 });
    const settings = {
      sellerIvaCondition: "responsable_inscripto",
      puntoVenta: 1,
      identificationThresholdCents: 10_000_000_00,
    } as const;
    const queued: string[] = [];
    for (let i = 0; i < 50; i++) {
      const order = await insertOrder({ status: "processing", subtotal: "12100.00", total: "12100.00" });
      await t.db.insert(orderItems).values({
        orderId: order,
        productId: product.id,
        name: "Mouse",
        price: "12100.00",
        quantity: 1,
        subtotal: "12100.00",
      });
      queued.push((await queueFactura(order, settings)).id);
    }
    const dir = mkdtempSync(path.join(tmpdir(), "arca-"));
    const files = { cert: path.join(dir, "cert.pem"), key: path.join(dir, "key.pem") };
    writeFileSync(files.cert, arca.merchant.certPem);
    writeFileSync(files.key, arca.merchant.keyPem);
    const [{ schema }] = (await queryRows<{ schema: string }>(sql`select current_schema() as schema`, t.db)) as [
      { schema: string },
    ];
    const processes = [startProcess(schema, files), startProcess(schema, files)];
    await Promise.all(processes.map((p) => p.ready));
    for (const p of processes) p.child.stdin!.end("go\n");
    const results = await Promise.all(processes.map((p) => p.done));

    expect(results.reduce((sum, r) => sum + r.authorised, 0)).toBe(50);
    const rows = await Promise.all(
      queued.map(async (id) => (await t.db.select().from(invoices).where(eq(invoices.id, id)))[0]!),
    );
    const numbers = rows.map((r) => r.number!).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(arca.comprobantes.map((c) => c.number).sort((a, b) => a - b)).toEqual(numbers);
    for (const row of rows) expect(arca.comprobantes.find((c) => c.number === row.number)?.cae).toBe(row.cae);
    expect(arca.logins).toEqual({ granted: 1, refused: 0 });
  });
});
