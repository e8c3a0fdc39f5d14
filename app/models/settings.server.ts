import { sql } from "drizzle-orm";
import { type DbOrTx, getDb } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import { DEFAULT_SETTINGS } from "~/db/seed/default-settings";
import { settings } from "~/db/schema/content";
import type { SettingKey, SettingValues } from "~/domain/settings";
import { carryZoneCosts, withExistingMethods } from "~/domain/shipping";
import { cachedByContentVersion } from "~/utils/content-version.server";
import { type AuditActor, recordChange } from "./audit.server";

/**
 * Reads settings; a key with no row falls back to its default. Without `db` (not inside a
 * transaction), a storefront request reads them from a cache kept per content version, which
 * any change to the settings table renews at once (app/utils/content-version.server.ts).
 */
export async function getSettings<K extends SettingKey>(
  keys: readonly K[],
  db?: DbOrTx,
): Promise<Pick<SettingValues, K>> {
  if (db) return readSettings(keys, db);
  return cachedByContentVersion(`settings:${[...keys].sort().join(",")}`, () => readSettings(keys, getDb()));
}

const settingRows = preparedQuery("settings_by_keys", (db) =>
  db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(sql`${settings.key} = any(${sql.placeholder("keys")}::text[])`),
);

async function readSettings<K extends SettingKey>(keys: readonly K[], db: DbOrTx): Promise<Pick<SettingValues, K>> {
  const rows = await settingRows({ keys: [...keys] }, db);
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
export async function updateSetting<K extends SettingKey>(
  actor: AuditActor,
  key: K,
  value: SettingValues[K],
): Promise<void> {
  await getDb().transaction((tx) => writeSetting(tx, actor, key, value));
}

/**
 * An admin saves the shipping methods. Zone costs are kept by method name, so in the same
 * transaction the zones follow: a renamed method keeps its costs, a removed one's go
 * (~/domain/shipping carryZoneCosts). `previousNames[i]` is the name `methods[i]` had in the form.
 */
export async function updateShippingMethods(
  actor: AuditActor,
  methods: SettingValues["shipping_methods"],
  previousNames: readonly (string | undefined)[],
): Promise<void> {
  await getDb().transaction(async (tx) => {
    const before = await getSettings(["shipping_methods", "shipping_zones"], tx);
    await writeSetting(tx, actor, "shipping_methods", methods);
    const zones = carryZoneCosts(before.shipping_zones, before.shipping_methods, methods, previousNames);
    if (JSON.stringify(zones) !== JSON.stringify(before.shipping_zones))
      await writeSetting(tx, actor, "shipping_zones", zones);
  });
}

/** An admin saves the zones: costs of a method that no longer exists (a stale form) are left out. */
export async function updateShippingZones(actor: AuditActor, zones: SettingValues["shipping_zones"]): Promise<void> {
  await getDb().transaction(async (tx) => {
    const methods = await getSetting("shipping_methods", tx);
    await writeSetting(tx, actor, "shipping_zones", withExistingMethods(zones, methods));
  });
}

async function writeSetting<K extends SettingKey>(tx: DbOrTx, actor: AuditActor, key: K, value: SettingValues[K]) {
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
}

/** Inserts the default of every setting that has no row yet; never overwrites. */
export async function ensureDefaultSettings(db: DbOrTx = getDb()): Promise<void> {
  await db
    .insert(settings)
    .values(Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing({ target: settings.key });
}
