import { AsyncLocalStorage } from "node:async_hooks";
import { type Database, getDatabaseHandle, getDb, queryRows } from "~/db/client.server";
import { sql } from "drizzle-orm";

// The storefront's content version (ADR 0005): a counter in the database that goes up, in the
// same transaction, with every change to what storefront pages show (triggers of migration
// 0008). Whatever is cached per version (rendered pages, settings, categories) is exact: a
// request reads the version after it arrived, so it sees every change committed before it, in
// this process or any other on the same database.

type Reader = () => Promise<number>;
type Memo = { version: number; values: Map<string, Promise<unknown>> };
type RequestScope = { db: Database; version?: Promise<number> };
type State = {
  readers: WeakMap<Database, Reader>;
  memos: WeakMap<Database, Memo>;
  scope: AsyncLocalStorage<RequestScope>;
};

// On globalThis: the Node entry (server/) and the app bundle built by Vite each load their own
// copy of this module, and both must see the same request scope.
const STATE_KEY = Symbol.for("vitec.contentVersion");
const state: State = ((globalThis as Record<symbol, State | undefined>)[STATE_KEY] ??= {
  readers: new WeakMap(),
  memos: new WeakMap(),
  scope: new AsyncLocalStorage(),
});

/**
 * Calls `read` so that every caller gets a value read after it called, while sharing reads:
 * a caller that arrives while a read is in flight waits for the next one, which starts when the
 * current one ends and serves everyone who arrived meanwhile. Under load that is one query per
 * round trip instead of one per request, and never a value older than the call.
 */
export function coalescedReader(read: () => Promise<number>): Reader {
  let inFlight: Promise<number> | null = null;
  let queued: Promise<number> | null = null;
  const start = () => {
    const current: Promise<number> = read().finally(() => {
      if (inFlight === current) inFlight = null;
    });
    inFlight = current;
    return current;
  };
  return () => {
    if (!inFlight) return start();
    queued ??= inFlight
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        queued = null;
        return start();
      });
    return queued;
  };
}

/**
 * The current content version of this database (one shared query under load). On PGlite, which
 * only this process can write, it is read again only after a statement that may have written.
 */
export function readContentVersion(db: Database = getDb()): Promise<number> {
  let reader = state.readers.get(db);
  if (!reader) {
    const read = coalescedReader(async () => {
      const [row] = await queryRows<{ version: string | number }>(
        sql`select version from content_version where id = 1`,
        db,
      );
      return Number(row?.version ?? 0);
    });
    const handle = getDatabaseHandle();
    const writes = handle.db === db ? handle.writes : undefined;
    if (writes) {
      let known: { writes: number; version: number } | null = null;
      reader = async () => {
        const before = writes();
        if (known?.writes === before) return known.version;
        const version = await read();
        // A write that ended during the read moved the count: the next call reads again.
        known = { writes: before, version };
        return version;
      };
    } else {
      reader = read;
    }
    state.readers.set(db, reader);
  }
  return reader();
}

/**
 * Runs `fn` as one storefront request (the server does it for every GET): the version is read at
 * most once, on first use, and the request-scoped caches below are used.
 */
export function runWithContentScope<T>(fn: () => T, db: Database = getDb()): T {
  return state.scope.run({ db }, fn);
}

/** The content version seen by the current request, or null outside of one. */
export function requestContentVersion(): Promise<number> | null {
  const scope = state.scope.getStore();
  if (!scope) return null;
  scope.version ??= readContentVersion(scope.db);
  return scope.version;
}

/**
 * `load()` cached for as long as the content version does not change, inside a request scope
 * (outside of one, e.g. in actions' transactions, scripts and tests, it simply calls `load`).
 * Callers get their own copy, so a caller that changes the value changes nobody else's.
 */
export async function cachedByContentVersion<T>(key: string, load: () => Promise<T>): Promise<T> {
  const scope = state.scope.getStore();
  if (!scope) return load();
  const version = await requestContentVersion()!;
  let memo = state.memos.get(scope.db);
  if (!memo || memo.version < version) {
    memo = { version, values: new Map() };
    state.memos.set(scope.db, memo);
  } else if (memo.version > version) {
    // This request started before a newer version was seen: it reads without caching.
    return load();
  }
  let value = memo.values.get(key) as Promise<T> | undefined;
  if (!value) {
    const values = memo.values;
    value = load();
    values.set(key, value);
    value.catch(() => values.delete(key));
  }
  return structuredClone(await value);
}
