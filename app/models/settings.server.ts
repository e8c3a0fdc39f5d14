import { inArray, sql } from "drizzle-orm";
import { type DbOrTx, getDb } from "~/db/client.server";
import { DEFAULT_SETTINGS } from "~/db/seed/default-settings";
import { settings } from "~/db/schema/content";
import type { SettingKey, SettingValues } from "~/domain/settings";
import { cachedByContentVersion } from "~/utils/content-version.server";
import { type AuditActor, recordChange } from "./audit.server";

/**
 * Reads settings; a key with no row falls back to its default. Without `db` (not inside a
 * transaction), a storefront request reads them from a cache kept per content version, which
 * any change to the settings table renews at once (app/utils/content-version.server.ts).
 */
export async function getSettings<K extends SettingKey>(keys: readonly K[], db?: DbOrTx): Promise<Pick<SettingValues, K>> {
  if (db) return readSettings(keys, db);
  return cachedByContentVersion(`settings:${[...keys].sort().join(",")}`, () => readSettings(keys, getDb()));
}

async function readSettings<K extends SettingKey>(keys: readonly K[], db: DbOrTx): Promise<Pick<SettingValues, K>> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, keys as readonly string[] as string[]));
  const result = {} as Pick<SettingValues, K>;
  for (const key of keys) {
    const row = rows.find((r) => r.key === key);
    result[key] = (row ? row.value : DEFAULT_SETTINGS[key]) as SettingValues[K];
  }
  return result;
}

export async function getSetting<K extends SettingKey>(key: K, db?: DbOrTx): Promise<SettingValues[K]> {
  return (await getSettings([key], db))[key];
}

export async function saveSetting<K extends SettingKey>(key: K, value: SettingValues[K], db: DbOrTx = getDb()) {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

/** An admin saves a setting: the change and its audit entry (before and after) in one transaction. */
export async function updateSetting<K extends SettingKey>(actor: AuditActor, key: K, value: SettingValues[K]): Promise<void> {
  await getDb().transaction(async (tx) => {
    const before = await getSetting(key, tx);
    await saveSetting(key, value, tx);
    await recordChange(
      tx,
      actor,
      { action: "setting.update", entityType: "setting", entityId: key, entityLabel: key },
      { value: before },
      { value },
      ["value"],
    );
  });
}

/** Inserts the default of every setting that has no row yet; never overwrites. */
export async function ensureDefaultSettings(db: DbOrTx = getDb()): Promise<void> {
  await db
    .insert(settings)
    .values(Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing({ target: settings.key });
}
