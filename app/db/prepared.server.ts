import { type DbOrTx, getDb } from "./client.server";

// The storefront's hot reads as prepared statements: Drizzle builds their SQL once per database
// handle instead of on every call. On PostgreSQL a named one is also parsed and planned once per
// pooled connection (node-postgres names it); PGlite runs the same SQL text. Values go in through
// `sql.placeholder(name)`. Inside a transaction the query is built as before (a transaction has
// its own connection), with the same placeholders filled in.

type Executable<R> = { execute(values?: Record<string, unknown>): Promise<R> };
type Buildable<R> = Executable<R> & { prepare(name: string): Executable<R> };

/**
 * A query with placeholders, prepared once per database handle. `name` must be unique in the app
 * (PostgreSQL refuses one name for two texts on a connection). With `planEachCall`, PostgreSQL
 * gets it unnamed and plans it for each call's values: for queries whose best plan depends on them
 * (a rare word and a common one in the search), where one plan reused for every value would not do.
 */
export function preparedQuery<R>(
  name: string,
  build: (db: DbOrTx) => Buildable<R>,
  options: { planEachCall?: boolean } = {},
): (values: Record<string, unknown>, db?: DbOrTx) => Promise<R> {
  const prepared = new WeakMap<object, Executable<R>>();
  return (values, db) => {
    // A transaction, or a handle of its own (a job's process that opened its own database, with
    // the server's never opened): built for it, as before.
    if (db && db !== openServerDb()) return build(db).execute(values);
    const base = getDb();
    let query = prepared.get(base);
    if (!query) {
      query = build(base).prepare(options.planEachCall ? "" : name);
      prepared.set(base, query);
    }
    return query.execute(values);
  };
}

/** The server's database when it is open, else null (getDb throws). */
function openServerDb(): DbOrTx | null {
  try {
    return getDb();
  } catch {
    return null;
  }
}
