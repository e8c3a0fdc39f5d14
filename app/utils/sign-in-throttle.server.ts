import { createHash } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { getDb, queryRows } from "~/db/client.server";
import { rateLimits } from "~/db/schema/content";
import { SIGN_IN_FAILURE_MEMORY_SECONDS, signInDelaySeconds, waitText } from "~/domain/sign-in-throttle";
import { getEnv } from "./env.server";
import { rateLimit } from "./rate-limit.server";

// Throttles kept in the database (rate_limits), so every server process sees the same counts.

/**
 * Per client address, for the forms that create or open sessions: failed sign-ins (one password
 * tried against many accounts; people who get their password right are never counted) and
 * accounts created.
 */
export const AUTH_RATE_LIMITS = {
  signInFailures: { limit: 30, windowSeconds: 15 * 60 },
  signUp: { limit: 10, windowSeconds: 60 * 60 },
} as const;

export const TOO_MANY_ATTEMPTS = "Demasiados intentos. Esperá unos minutos y volvé a intentar.";

const signInKey = (address: string) => `sign-in-failures:${address}`;

/** True while this address has used up its failed sign-ins of the window. */
export async function signInsBlockedFrom(address: string): Promise<boolean> {
  const [row] = await getDb()
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, signInKey(address)), gt(rateLimits.resetAt, sql`now()`)));
  return (row?.count ?? 0) >= AUTH_RATE_LIMITS.signInFailures.limit;
}

export async function signInFailedFrom(address: string): Promise<void> {
  await rateLimit(
    signInKey(address),
    AUTH_RATE_LIMITS.signInFailures.limit,
    AUTH_RATE_LIMITS.signInFailures.windowSeconds,
  );
}

export async function limitSignUpsFrom(address: string) {
  const limit = getEnv().SIGN_UPS_PER_HOUR ?? AUTH_RATE_LIMITS.signUp.limit;
  return rateLimit(`sign-up:${address}`, limit, AUTH_RATE_LIMITS.signUp.windowSeconds);
}

/** The counter of one e-mail address. Hashed: the table never holds the address itself. */
function accountKey(email: string): string {
  return `sign-in-account:${createHash("sha256").update(email.trim().toLowerCase()).digest("hex")}`;
}

export type AttemptResult = { allowed: true } | { allowed: false; retryAfterSeconds: number; message: string };

/**
 * Counts one sign-in attempt for this e-mail, whether or not an account has it (so the answers
 * never tell which e-mails have accounts). Every attempt counts as failed until
 * signInSucceeded() clears the run; the count is taken under a row lock, so attempts sent all
 * at once are counted one after another. Refused while the delay after the last failures runs.
 */
export async function beginSignInAttempt(email: string): Promise<AttemptResult> {
  const key = accountKey(email);
  const memory = SIGN_IN_FAILURE_MEMORY_SECONDS;
  return getDb().transaction(async (tx) => {
    await tx
      .insert(rateLimits)
      .values({ key, count: 0, resetAt: sql`now() - interval '1 second'` })
      .onConflictDoNothing();
    // clock_timestamp(), not now(): the transaction may have started before the last attempt's commit.
    const [row] = await queryRows<{ count: number; expired: boolean; since: number }>(
      sql`select count, reset_at <= clock_timestamp() as expired,
            extract(epoch from clock_timestamp() - reset_at)::float8 + ${memory} as since
          from ${rateLimits} where key = ${key} for update`,
      tx,
    );
    const failures = !row || row.expired ? 0 : row.count;
    const delay = signInDelaySeconds(failures);
    const wait = delay > 0 ? Math.ceil(delay - Math.max(0, row?.since ?? 0)) : 0;
    if (wait > 0) {
      return {
        allowed: false,
        retryAfterSeconds: wait,
        message: `Demasiados intentos fallidos. ${waitText(wait)} y volvé a intentar.`,
      };
    }
    await tx
      .update(rateLimits)
      .set({ count: failures + 1, resetAt: sql`clock_timestamp() + make_interval(secs => ${memory})` })
      .where(eq(rateLimits.key, key));
    return { allowed: true } as const;
  });
}

/** A correct password ends the run of failures. */
export async function signInSucceeded(email: string): Promise<void> {
  await getDb()
    .delete(rateLimits)
    .where(eq(rateLimits.key, accountKey(email)));
}
