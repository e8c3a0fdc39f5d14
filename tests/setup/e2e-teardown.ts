import { rmSync } from "node:fs";
import pg from "pg";

// Removes what the browser-test server used: its PGlite folder, or its PostgreSQL schema.
export default async function teardown() {
  const dataDir = process.env.E2E_DATA_DIR;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  const url = process.env.DATABASE_URL;
  const schema = process.env.E2E_DATABASE_SCHEMA;
  if (url && schema && /^e2e_[a-f0-9]+$/.test(schema)) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  }
}
