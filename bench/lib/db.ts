// The benchmark's own connection to the database under test: the app's schema and queries, plus
// a logger that records each statement, so that the benchmark can EXPLAIN exactly what ran.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { type Database, type DatabaseHandle, schema } from "../../app/db/client.server";

export type BenchDbConfig = { kind: "pglite"; dataDir: string } | { kind: "pg"; url: string; schema: string };

export type Statement = { sql: string; params: unknown[] };

export type BenchDatabase = {
  handle: DatabaseHandle;
  /** Statements run since the last call (only while recording). */
  record<T>(fn: () => Promise<T>): Promise<{ result: T; statements: Statement[] }>;
  /** EXPLAIN (ANALYZE, FORMAT JSON) of one statement: the plan's root node. */
  explain(statement: Statement): Promise<PlanNode>;
  /** Plain SQL (maintenance: VACUUM ANALYZE). */
  run(sql: string): Promise<void>;
};

export type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Total Time"?: number;
  Plans?: PlanNode[];
  [key: string]: unknown;
};

export async function openBenchDatabase(config: BenchDbConfig): Promise<BenchDatabase> {
  let recording: Statement[] | null = null;
  const logger = {
    logQuery(query: string, params: unknown[]) {
      recording?.push({ sql: query, params });
    },
  };

  let db: Database;
  let query: (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  let close: () => Promise<void>;
  if (config.kind === "pglite") {
    const client = await PGlite.create(config.dataDir, { extensions: { pg_trgm, unaccent } });
    db = drizzlePglite(client, { schema, logger }) as unknown as Database;
    query = (sql, params) => client.query(sql, params) as Promise<{ rows: Record<string, unknown>[] }>;
    close = () => client.close();
  } else {
    const pool = new pg.Pool({
      connectionString: config.url,
      max: 10,
      options: `-c search_path=${config.schema},public`,
    });
    db = drizzlePg(pool, { schema, logger }) as unknown as Database;
    query = (sql, params) => pool.query(sql, params) as Promise<{ rows: Record<string, unknown>[] }>;
    close = () => pool.end();
  }

  const handle: DatabaseHandle = {
    kind: config.kind,
    db,
    migrate: () => Promise.reject(new Error("migrate with the app's openDatabase")),
    ping: async () => {
      await query("select 1");
    },
    close,
  };

  return {
    handle,
    async record(fn) {
      recording = [];
      try {
        const result = await fn();
        return { result, statements: recording };
      } finally {
        recording = null;
      }
    },
    async explain(statement) {
      const { rows } = await query(`explain (analyze, format json) ${statement.sql}`, statement.params);
      const raw = rows[0]?.["QUERY PLAN"];
      const doc = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
      return doc[0]!.Plan;
    },
    async run(sql) {
      await query(sql);
    },
  };
}

/** Every node of a plan, depth first. */
export function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}
