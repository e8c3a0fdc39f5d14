// npm run db:seed                         seeds the demo catalogue if the products table is empty
// npm run db:seed -- --products 100000    adds that many generated products (benchmarks)
// Uses the configured database exactly as the server does (DATABASE_URL, else the
// embedded one under DATA_DIR), applying pending migrations first.
import { parseArgs } from "node:util";
import { count } from "drizzle-orm";
import { configFromEnv, openDatabase, setDatabase } from "../app/db/client.server";
import { products } from "../app/db/schema/catalog";
import { markDemoSeeded, seedBigCatalog, seedDemoCatalog } from "../app/db/seed/seed.server";
import { ensureDefaultSettings } from "../app/models/settings.server";
import { getEnv } from "../app/utils/env.server";

const { values } = parseArgs({ options: { products: { type: "string" } } });

const productCount = values.products === undefined ? null : Number(values.products);
if (productCount !== null && (!Number.isInteger(productCount) || productCount < 1)) {
  console.error("Usage: npm run db:seed [-- --products N]   (N a positive whole number)");
  process.exit(2);
}

const env = getEnv();
const handle = await openDatabase(configFromEnv(env));
try {
  await handle.migrate();
  setDatabase(handle);
  await ensureDefaultSettings(handle.db);

  if (productCount !== null) {
    const started = performance.now();
    const elapsed = () => ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Generating ${productCount} products...`);
    const inserted = await seedBigCatalog(handle.db, productCount, (done) => {
      if (done % 10000 === 0 || done === productCount) console.log(`  ${done}/${productCount} (${elapsed()} s)`);
    });
    const skipped = productCount - inserted;
    console.log(
      `Inserted ${inserted} products${skipped > 0 ? ` (${skipped} already existed)` : ""} in ${elapsed()} s.`,
    );
  } else {
    const [row] = await handle.db.select({ n: count() }).from(products);
    if (row && row.n > 0) {
      console.log(`The products table is not empty (${row.n} products): nothing to do.`);
    } else {
      const result = await handle.db.transaction(async (tx) => {
        const seeded = await seedDemoCatalog(tx);
        await markDemoSeeded(tx);
        return seeded;
      });
      console.log(`Demo catalogue seeded: ${result.categories} categories, ${result.products} products.`);
    }
  }
} catch (error) {
  console.error("Seeding failed:", error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
