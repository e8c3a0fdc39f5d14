// drizzle-kit writes foreign keys as REFERENCES "public"."table". Tests run each file in
// its own PostgreSQL schema, so migrations must name tables without a schema and let
// search_path decide. Run after every `drizzle-kit generate` (npm run db:generate does).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";

for (const file of readdirSync("drizzle").filter((f) => f.endsWith(".sql"))) {
  const path = `drizzle/${file}`;
  const sql = readFileSync(path, "utf8");
  const stripped = sql.replaceAll('"public".', "");
  if (stripped !== sql) writeFileSync(path, stripped);
}
