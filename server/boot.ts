import { type DatabaseHandle, configFromEnv, openDatabase, setDatabase } from "../app/db/client.server";
import { isDemoSeeded, markDemoSeeded, seedDemoCatalog } from "../app/db/seed/seed.server";
import { ensureDefaultSettings } from "../app/models/settings.server";
import { ensureAdmin } from "../app/models/user.server";
import { type Env, shouldSeedDemo } from "../app/utils/env.server";

// Boot-time work of the Node entry (not of the database layer): the database layer opens and
// migrates; the models write the default settings and the demo admin.

export type InitResult = {
  handle: DatabaseHandle;
  seeded: boolean;
  demoAdmin: { email: string; password: string } | null;
};

/**
 * Opens the database, applies pending migrations, inserts missing default settings and,
 * on the first start of the embedded demo, the demo catalogue and the demo admin.
 * A later start finds the marker and leaves the data as it is.
 */
export async function initDatabase(env: Env, options: { prepare?: boolean } = {}): Promise<InitResult> {
  const handle = await openDatabase(configFromEnv(env));
  setDatabase(handle);
  // A cluster worker finds the database ready: its primary migrated and seeded it (server/cluster.ts).
  if (options.prepare === false) return { handle, seeded: false, demoAdmin: null };
  await handle.migrate();
  await ensureDefaultSettings(handle.db);

  if (!shouldSeedDemo(env)) return { handle, seeded: false, demoAdmin: null };

  const demoAdmin = { email: env.DEMO_ADMIN_EMAIL, password: env.DEMO_ADMIN_PASSWORD };
  if (await isDemoSeeded(handle.db)) return { handle, seeded: false, demoAdmin };

  await handle.db.transaction(async (tx) => {
    await seedDemoCatalog(tx);
    await markDemoSeeded(tx);
  });
  await ensureAdmin({ ...demoAdmin, fullName: "Admin Demo" });
  return { handle, seeded: true, demoAdmin };
}
