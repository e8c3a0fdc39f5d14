import { lt, sql } from "drizzle-orm";
import { getDb, queryRows } from "~/db/client.server";
import { rateLimits } from "~/db/schema/content";

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };

/**
 * Counts one hit for `key` in a fixed window and says whether it is within `limit`.
 * Kept in the database (one atomic upsert), so several server processes share the count.
 */
export async function rateLimit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const rows = await queryRows<{ count: number; retry: number }>(sql`
    insert into ${rateLimits} (key, count, reset_at) values (${key}, 1, now() + ${window})
    on conflict (key) do update set
      count = case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end,
      reset_at = case when ${rateLimits.resetAt} <= now() then now() + ${window} else ${rateLimits.resetAt} end
    returning count, greatest(0, ceil(extract(epoch from reset_at - now())))::int as retry`);
  const row = rows[0] ?? { count: 1, retry: windowSeconds };
  return { allowed: row.count <= limit, remaining: Math.max(0, limit - row.count), retryAfterSeconds: row.retry };
}

/** Deletes expired counters (called now and then; they are harmless meanwhile). */
export async function pruneRateLimits(): Promise<void> {
  await getDb()
    .delete(rateLimits)
    .where(lt(rateLimits.resetAt, sql`now()`));
}

/**
 * The client's address, as the Node server saw it (server/index.ts puts it in the load
 * context; behind a proxy, TRUST_PROXY says which X-Forwarded-For entry: server/client-address.ts).
 */
export function clientAddress(context: { remoteAddress?: string } | undefined): string {
  return context?.remoteAddress || "unknown";
}
