import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { SQL } from "drizzle-orm";
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as accounts from "./schema/accounts";
import * as auth from "./schema/auth";
import * as business from "./schema/business";
import * as catalog from "./schema/catalog";
import * as content from "./schema/content";
import * as imports from "./schema/imports";
import * as invoices from "./schema/invoices";
import * as orders from "./schema/orders";
import * as quotes from "./schema/quotes";
import * as shipping from "./schema/shipping";
import * as staff from "./schema/staff";
import * as winBack from "./schema/win-back";

export const schema = {
  ...accounts,
  ...auth,
  ...business,
  ...catalog,
  ...content,
  ...imports,
  ...invoices,
  ...orders,
  ...quotes,
  ...shipping,
  ...staff,
  ...winBack,
};

/** One type for both drivers: PGlite (embedded) and node-postgres (server). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** What a function that may run inside a transaction receives. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type DbOrTx = Database | Tx;

export type DatabaseConfig =
  | { kind: "pglite"; dataDir?: string } // no dataDir: in memory
  | { kind: "pg"; url: string; schema?: string; maxConnections?: number };

export type DatabaseHandle = {
  kind: DatabaseConfig["kind"];
  db: Database;
  /** Applies the pending migrations of `folder` (default: drizzle/; tests pass a partial copy). */
  migrate(folder?: string): Promise<void>;
  /** Cheap round trip used by /healthz. */
  ping(): Promise<void>;
  /**
   * PGlite only (one process owns the database): how many statements that may have changed data
   * have finished so far. The content version is read again only when this moved
   * (app/utils/content-version.server.ts).
   */
  writes?: () => number;
  /** PostgreSQL only: the connections of this process's pool, for /metrics (server/metrics.ts). */
  pool?: () => { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
};

const MIGRATIONS_FOLDER = path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");

export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if (config.kind === "pglite") {
    if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
    const client = await PGlite.create(config.dataDir ?? "memory://", { extensions: { pg_trgm, unaccent } });
    const writes = countWrites(client);
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    return {
      kind: "pglite",
      db,
      writes,
      migrate: async (folder = MIGRATIONS_FOLDER) => {
        await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
      },
      ping: async () => {
        await client.query("select 1");
      },
      close: () => client.close(),
    };
  }

  const searchPath = config.schema ? `${config.schema},public` : undefined;
  const pool = new pg.Pool({
    connectionString: config.url,
    max: config.maxConnections ?? 10,
    options: searchPath ? `-c search_path=${searchPath}` : undefined,
  });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on("error", (error) => console.error("[db] idle client error:", error.message));
  // A client in use when its connection is lost emits "error" as well, and pg-pool listens only
  // on idle ones: unheard, it would crash the process (the fault drill, docs/reliability.md).
  // Its query fails instead, and the broken client is dropped when it goes back to the pool.
  pool.on("connect", (client) => client.on("error", (error) => console.error("[db] connection lost:", error.message)));
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    kind: "pg",
    db,
    migrate: async (folder = MIGRATIONS_FOLDER) => {
      // Replicas starting at once (docs/deploy.md) take turns: the first applies what is pending,
      // the others then find nothing to do. A session lock per schema, held on a connection of its
      // own (outside the pool, whatever its size) and released with it if this process dies.
      const lock = new pg.Client({ connectionString: config.url });
      await lock.connect();
      try {
        await lock.query("select pg_advisory_lock(hashtext($1))", [`vitec:migrate:${config.schema ?? "public"}`]);
        if (config.schema) await pool.query(`create schema if not exists "${config.schema}"`);
        await migratePg(drizzlePg(pool), {
          migrationsFolder: folder,
          migrationsSchema: config.schema ?? "drizzle",
        });
      } finally {
        await lock.end();
      }
    },
    ping: async () => {
      await pool.query("select 1");
    },
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max }),
    close: () => pool.end(),
  };
}

/**
 * Counts the statements run on a PGlite client that may have changed data (anything but a plain
 * SELECT; every transaction), once they have finished, that is, once their change is visible.
 */
function countWrites(client: PGlite): () => number {
  let count = 0;
  const done = () => void count++;
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((text: string, ...rest: unknown[]) =>
    /^\s*select\b/i.test(text)
      ? query(text, ...(rest as []))
      : query(text, ...(rest as [])).finally(done)) as typeof client.query;
  client.exec = ((...args: Parameters<typeof exec>) => exec(...args).finally(done)) as typeof client.exec;
  client.transaction = ((...args: Parameters<typeof transaction>) =>
    transaction(...args).finally(done)) as typeof client.transaction;
  return () => count;
}

export function configFromEnv(env: {
  DATABASE_URL?: string;
  DATABASE_SCHEMA?: string;
  DATA_DIR: string;
}): DatabaseConfig {
  if (env.DATABASE_URL) return { kind: "pg", url: env.DATABASE_URL, schema: env.DATABASE_SCHEMA };
  return { kind: "pglite", dataDir: path.resolve(env.DATA_DIR, "pglite") };
}

// The handle lives on globalThis so the Node entry (server/) and the app bundle built by
// Vite share one connection, even though each loads its own copy of this module.
const HANDLE_KEY = Symbol.for("vitec.database");
type GlobalWithDb = typeof globalThis & { [HANDLE_KEY]?: DatabaseHandle };

export function setDatabase(handle: DatabaseHandle | undefined): void {
  (globalThis as GlobalWithDb)[HANDLE_KEY] = handle;
}

export function getDatabaseHandle(): DatabaseHandle {
  const handle = (globalThis as GlobalWithDb)[HANDLE_KEY];
  if (!handle) throw new Error("The database is not open yet (server/index.ts opens it at start).");
  return handle;
}

export function getDb(): Database {
  return getDatabaseHandle().db;
}

/**
 * Queries that do not depend on each other: at once on the pool (each takes a connection of its
 * own), one after the other inside a transaction, whose one connection runs one query at a time
 * (node-postgres deprecates queueing a query on a client that is busy, and pg 9 refuses it).
 */
export async function independently<T extends readonly unknown[]>(
  db: DbOrTx,
  ...queries: { [K in keyof T]: () => PromiseLike<T[K]> }
): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(queries.map((query) => query()))) as unknown as T;
  const results: unknown[] = [];
  for (const query of queries) results.push(await query());
  return results as unknown as T;
}

/** Runs raw SQL and returns its rows (both drivers answer with `{ rows }`). */
export async function queryRows<T>(query: SQL, db: DbOrTx = getDb()): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
