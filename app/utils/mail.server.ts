import { and, asc, eq, lt, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { type DbOrTx, getDb } from "~/db/client.server";
import { outboxEmails } from "~/db/schema/content";
import { getEnv } from "./env.server";

export type EmailKind = "password_reset" | "order_customer" | "order_admin" | "welcome" | "withdrawal";
export type Email = { to: string; subject: string; html: string; kind: EmailKind };

const MAX_ATTEMPTS = 8;

/**
 * Writes an e-mail to the outbox (inside the caller's transaction when given one). It is sent
 * from there, so a mail server failure never loses it or blocks what caused it.
 */
export async function queueEmail(email: Email, db: DbOrTx = getDb()): Promise<string> {
  const [row] = await db.insert(outboxEmails).values(email).returning({ id: outboxEmails.id });
  if (!getEnv().SMTP_URL && getEnv().NODE_ENV !== "test") {
    console.log(`[mail] ${email.kind} to ${email.to}: "${email.subject}" (kept in the outbox: SMTP_URL is not set)`);
  }
  return row!.id;
}

let transport: nodemailer.Transporter | null = null;

function smtp(): nodemailer.Transporter | null {
  const url = getEnv().SMTP_URL;
  if (!url) return null;
  transport ??= nodemailer.createTransport(url);
  return transport;
}

/**
 * Sends what is pending in the outbox when SMTP_URL is set. A failure stays pending and is
 * retried later (up to 8 attempts, waiting longer after each), then marked failed.
 */
export async function deliverPendingEmails(limit = 20): Promise<{ sent: number; failed: number }> {
  const mailer = smtp();
  if (!mailer) return { sent: 0, failed: 0 };
  const db = getDb();
  const pending = await db
    .select()
    .from(outboxEmails)
    .where(
      and(
        eq(outboxEmails.status, "pending"),
        lt(outboxEmails.attempts, MAX_ATTEMPTS),
        // Back off: 2^attempts minutes since the message was created.
        sql`${outboxEmails.createdAt} + make_interval(mins => power(2, ${outboxEmails.attempts})::int - 1) <= now()`,
      ),
    )
    .orderBy(asc(outboxEmails.createdAt))
    .limit(limit);
  let sent = 0;
  let failed = 0;
  for (const email of pending) {
    try {
      await mailer.sendMail({ from: getEnv().MAIL_FROM, to: email.to, subject: email.subject, html: email.html });
      await db
        .update(outboxEmails)
        .set({ status: "sent", sentAt: sql`now()`, attempts: email.attempts + 1, lastError: null })
        .where(eq(outboxEmails.id, email.id));
      sent++;
    } catch (error) {
      const attempts = email.attempts + 1;
      await db
        .update(outboxEmails)
        .set({
          attempts,
          status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
          lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
        })
        .where(eq(outboxEmails.id, email.id));
      failed++;
    }
  }
  return { sent, failed };
}

/** Runs deliverPendingEmails every `intervalMs` (server/index.ts); returns a stop function. */
export function startMailWorker(intervalMs = 30_000): () => void {
  if (!getEnv().SMTP_URL) return () => undefined;
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await deliverPendingEmails();
    } catch (error) {
      console.error("[mail] delivery round failed:", error instanceof Error ? error.message : error);
    } finally {
      running = false;
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Escapes text for HTML e-mail bodies. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}
