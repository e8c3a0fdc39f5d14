// The PostgreSQL error behind a failed query, for the models that turn constraint names into
// field messages.

type PgErrorInfo = { code?: string; constraint?: string; message?: string };

/** The PostgreSQL error behind a driver or Drizzle error (both drivers), if any. */
export function pgErrorOf(error: unknown): PgErrorInfo | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const info = current as PgErrorInfo & { cause?: unknown };
    if (typeof info.code === "string" && /^[0-9A-Z]{5}$/.test(info.code)) return info;
    current = info.cause;
  }
  return null;
}
