import { type AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxEmails } from "~/db/schema/content";
import { setupTestDatabase } from "../../tests/setup/db";
import { queueEmail } from "~/models/outbox.server";
import { deliverPendingEmails } from "./mail-delivery.server";

// A real SMTP server on loopback receives what the outbox sends. It refuses mail while
// `refusing` is set, so the retry path is the one a real outage takes.
const received: { to: string; body: string }[] = [];
let refusing = true;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (refusing) return callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 451 }));
    callback();
  },
  onData(stream, session, callback) {
    let body = "";
    stream.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    stream.on("end", () => {
      received.push({ to: session.envelope.rcptTo[0]!.address, body });
      callback();
    });
  },
});

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(resolve));
});

const t = setupTestDatabase();

describe("the e-mail outbox", () => {
  it("keeps a message the mail server refuses, retries it later, and then sends it once", async () => {
    const id = await queueEmail({
      to: "cliente@example.com",
      subject: "Recibimos tu pedido #1234abcd",
      html: "<p>Gracias por tu compra</p>",
      kind: "order_customer",
    });

    // The server refuses: the message stays pending with the error, nothing is lost.
    expect(await deliverPendingEmails()).toEqual({ sent: 0, failed: 1 });
    let [row] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.lastError).toMatch(/Mailbox unavailable/);

    // It waits before the next attempt (back-off) ...
    refusing = false;
    expect(await deliverPendingEmails()).toEqual({ sent: 0, failed: 0 });
    expect(received).toHaveLength(0);

    // ... and once that time has passed, it goes out.
    await t.db
      .update(outboxEmails)
      .set({ createdAt: sql`now() - interval '2 minutes'` })
      .where(eq(outboxEmails.id, id));
    expect(await deliverPendingEmails()).toEqual({ sent: 1, failed: 0 });
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toBe("cliente@example.com");
    expect(received[0]!.body).toContain("Gracias por tu compra");
    [row] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
    expect(row).toMatchObject({ status: "sent", attempts: 2, lastError: null });

    // A sent message is never sent again.
    expect(await deliverPendingEmails()).toEqual({ sent: 0, failed: 0 });
    expect(received).toHaveLength(1);
  });

  it("gives up after 8 failed attempts and marks the message failed", async () => {
    refusing = true;
    const id = await queueEmail({ to: "otro@example.com", subject: "Prueba", html: "<p>x</p>", kind: "welcome" });
    for (let attempt = 1; attempt <= 8; attempt++) {
      await t.db
        .update(outboxEmails)
        .set({ createdAt: sql`now() - interval '1 day'` })
        .where(eq(outboxEmails.id, id));
      await deliverPendingEmails();
    }
    const [row] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
    expect(row).toMatchObject({ status: "failed", attempts: 8 });
  });

  it("sends every message in the store's layout: its name on top and its contact data below", async () => {
    refusing = false;
    received.length = 0;
    await queueEmail({
      to: "layout@example.com",
      subject: "Bienvenida",
      html: "<p>Hola &lt;Ana&gt;</p>",
      kind: "welcome",
    });
    await t.db.update(outboxEmails).set({ createdAt: sql`now() - interval '1 day'` });
    expect(await deliverPendingEmails()).toMatchObject({ sent: 1 });
    const body = received.find((m) => m.to === "layout@example.com")!.body.replace(/=\r?\n/g, "");
    expect(body).toContain("<!doctype html>");
    expect(body).toContain("Hola &lt;Ana&gt;");
    expect(body).toContain("Vitec");
    expect(body).toContain("contacto@vitec.com.ar"); // the store's e-mail, from the settings
  });

  it("sends a status e-mail only after its minute, with an HTML part in the store's layout and a plain-text part", async () => {
    refusing = false;
    received.length = 0;
    await queueEmail({
      to: "estado@example.com",
      subject: "Tu pedido #1a2b3c4d está en camino",
      html: '<h2>¡Tu pedido está en camino!</h2><p>Seguimiento: <strong>AND123</strong></p><p><a href="https://www.andreani.com/envio/AND123">Seguir mi envío</a></p>',
      kind: "order_shipped",
      delaySeconds: 60,
    });
    await t.db.update(outboxEmails).set({ createdAt: sql`now() - interval '1 day'` });
    // Within its minute it waits (a change undone meanwhile withdraws it).
    expect(await deliverPendingEmails()).toMatchObject({ sent: 0 });
    await t.db.update(outboxEmails).set({ sendAfter: sql`now() - interval '1 second'` });
    expect(await deliverPendingEmails()).toMatchObject({ sent: 1 });

    const mail = await simpleParser(received.find((m) => m.to === "estado@example.com")!.body);
    expect(mail.subject).toBe("Tu pedido #1a2b3c4d está en camino");
    // HTML: the message inside the layout, with the legal links and the Botón de arrepentimiento.
    expect(mail.html).toContain("¡Tu pedido está en camino!");
    expect(mail.html).toContain("/terminos-y-condiciones");
    expect(mail.html).toContain(">Botón de arrepentimiento</a>");
    // Plain text: the same message, readable, with the links' addresses.
    expect(mail.text).toContain("¡Tu pedido está en camino!");
    expect(mail.text).toContain("Seguimiento: AND123");
    expect(mail.text).toContain("Seguir mi envío [https://www.andreani.com/envio/AND123]");
    expect(mail.text).toMatch(/Botón de arrepentimiento\s+\[http[^\]]+\/arrepentimiento\]/);
    expect(mail.text).not.toContain("<");
  });

  it("two senders at once (two server processes) send each message once", async () => {
    refusing = false;
    received.length = 0;
    for (let i = 0; i < 12; i++) {
      await queueEmail({ to: `lote${i}@example.com`, subject: "Lote", html: "<p>x</p>", kind: "welcome" });
    }
    await t.db.update(outboxEmails).set({ createdAt: sql`now() - interval '1 day'` });
    const [a, b] = await Promise.all([deliverPendingEmails(5), deliverPendingEmails(5)]);
    const rest = await deliverPendingEmails(20);
    expect(a.sent + b.sent + rest.sent).toBe(12);
    const to = received.filter((m) => m.to.startsWith("lote")).map((m) => m.to);
    expect(to).toHaveLength(12);
    expect(new Set(to).size).toBe(12);
  });
});
