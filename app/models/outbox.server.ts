import { eq, sql } from "drizzle-orm";
import { type DbOrTx, getDb, queryRows } from "~/db/client.server";
import { outboxEmails } from "~/db/schema/content";
import { type Email, welcomeEmail } from "~/domain/emails";
import { getEnv } from "~/utils/env.server";
import { getSettings } from "./settings.server";

// The outbox: a message is written here inside the transaction of what caused it and sent from
// here by the delivery job (app/jobs/mail-delivery.server.ts), so a mail server failure never
// loses it or blocks the purchase.

/** After this many failed sends a message is marked failed. */
const MAX_ATTEMPTS = 8;
/** How long a sender holds the messages it claimed. */
const LEASE_MINUTES = 5;

/**
 * Writes an e-mail to the outbox (inside the caller's transaction when given one). It is sent
 * from there, so a mail server failure never loses it or blocks what caused it.
 */
export async function queueEmail(email: Email, db: DbOrTx = getDb()): Promise<string> {
  const [id] = await queueEmails([email], db);
  return id!;
}

/** queueEmail for several messages at once (one insert). */
export async function queueEmails(emails: Email[], db: DbOrTx = getDb()): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .insert(outboxEmails)
    .values(
      emails.map(({ delaySeconds, ...email }) => ({
        ...email,
        // The database's clock, like the sender's "is it due" check.
        sendAfter: delaySeconds ? sql`now() + make_interval(secs => ${delaySeconds})` : null,
      })),
    )
    .returning({ id: outboxEmails.id });
  if (!getEnv().SMTP_URL && getEnv().NODE_ENV !== "test") {
    for (const e of emails) {
      console.log(`[mail] ${e.kind} to ${e.to}: "${e.subject}" (kept in the outbox: SMTP_URL is not set)`);
    }
  }
  return rows.map((r) => r.id);
}

/**
 * Queues the welcome of a new account. Called by the one place every account is created through
 * (better-auth's user.create hook, app/utils/auth.server.ts): sign-up, checkout and Admin > Clientes.
 */
export async function queueWelcomeEmail(to: string, db: DbOrTx = getDb()): Promise<void> {
  const { email_template_welcome_user: template } = await getSettings(["email_template_welcome_user"], db);
  await queueEmail(welcomeEmail(to, template), db);
}

export type OutboxEmail = Pick<
  typeof outboxEmails.$inferSelect,
  "id" | "to" | "subject" | "html" | "attempts" | "listUnsubscribe"
>;

/**
 * Claims up to `limit` messages that are due, with a lease (FOR UPDATE SKIP LOCKED): with several
 * server processes each message is taken by one of them; a process that dies while sending lets
 * its lease run out.
 */
export async function claimDueEmails(limit: number, db: DbOrTx = getDb()): Promise<OutboxEmail[]> {
  return queryRows<OutboxEmail>(
    sql`with due as (
          select id from ${outboxEmails}
          where ${outboxEmails.status} = 'pending' and ${outboxEmails.attempts} < ${MAX_ATTEMPTS}
            and (${outboxEmails.claimedUntil} is null or ${outboxEmails.claimedUntil} < now())
            and (${outboxEmails.sendAfter} is null or ${outboxEmails.sendAfter} <= now())
            -- Back off: 2^attempts minutes since the message was created.
            and ${outboxEmails.createdAt} + make_interval(mins => power(2, ${outboxEmails.attempts})::int - 1) <= now()
          order by ${outboxEmails.createdAt}
          limit ${limit}
          for update skip locked
        )
        update ${outboxEmails} set claimed_until = now() + interval '${sql.raw(String(LEASE_MINUTES))} minutes'
        from due where ${outboxEmails.id} = due.id
        returning ${outboxEmails.id} as id, ${outboxEmails.to} as "to", ${outboxEmails.subject} as subject,
          ${outboxEmails.html} as html, ${outboxEmails.attempts} as attempts,
          ${outboxEmails.listUnsubscribe} as "listUnsubscribe"`,
    db,
  );
}

/** The message left the store. */
export async function markEmailSent(email: OutboxEmail, db: DbOrTx = getDb()): Promise<void> {
  await db
    .update(outboxEmails)
    .set({ status: "sent", sentAt: sql`now()`, attempts: email.attempts + 1, lastError: null, claimedUntil: null })
    .where(eq(outboxEmails.id, email.id));
}

/** A marketing message whose address opted out after it was queued: never sent. */
export async function markEmailWithdrawn(email: OutboxEmail, db: DbOrTx = getDb()): Promise<void> {
  await db
    .update(outboxEmails)
    .set({ status: "cancelled", lastError: "opted out", claimedUntil: null })
    .where(eq(outboxEmails.id, email.id));
}

/** A send failed: pending again (with a longer wait) until MAX_ATTEMPTS, then failed. */
export async function markEmailFailed(email: OutboxEmail, error: unknown, db: DbOrTx = getDb()): Promise<void> {
  const attempts = email.attempts + 1;
  await db
    .update(outboxEmails)
    .set({
      attempts,
      status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
      lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
      claimedUntil: null,
    })
    .where(eq(outboxEmails.id, email.id));
}
