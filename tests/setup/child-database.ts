import { type DatabaseHandle, openDatabase, setDatabase } from "~/db/client.server";

/** In a child process of a drill: the PostgreSQL schema its test gave it (DATABASE_URL, DATABASE_SCHEMA), as the app's database. */
export async function openChildDatabase(): Promise<DatabaseHandle> {
  const handle = await openDatabase({
    kind: "pg",
    url: process.env.DATABASE_URL!,
    schema: process.env.DATABASE_SCHEMA!,
    maxConnections: 4,
  });
  setDatabase(handle);
  return handle;
}
