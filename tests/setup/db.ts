import { randomBytes } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { type Database, type DatabaseHandle, openDatabase, setDatabase } from "~/db/client.server";

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new
 * schema on the PostgreSQL server named by DATABASE_URL (dropped afterwards; the user's
 * own tables are never touched). With `migrationsFolder`, only the migrations there (a
 * migration's test starts from the schema before it).
 */
export async function createTestDatabase(migrationsFolder?: string): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const handle = await openDatabase({ kind: "pglite" });
    await handle.migrate(migrationsFolder);
    return handle;
  }
  const schemaName = `test_${randomBytes(6).toString("hex")}`;
  const handle = await openDatabase({ kind: "pg", url, schema: schemaName, maxConnections: 30 });
  await handle.migrate(migrationsFolder);
  return {
    ...handle,
    close: async () => {
      await handle.db.execute(`drop schema if exists "${schemaName}" cascade`);
      await handle.close();
    },
  };
}

/** Registers the file's database as the app's database for the whole file. */
export function setupTestDatabase(): { readonly db: Database; readonly handle: DatabaseHandle } {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await createTestDatabase();
    setDatabase(handle);
  });
  afterAll(async () => {
    setDatabase(undefined);
    await handle?.close();
  });
  return {
    get db() {
      if (!handle) throw new Error("setupTestDatabase: database not ready");
      return handle.db;
    },
    get handle() {
      if (!handle) throw new Error("setupTestDatabase: database not ready");
      return handle;
    },
  };
}
