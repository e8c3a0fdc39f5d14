import { type DbOrTx, getDb } from "~/db/client.server";
import { categories } from "~/db/schema/catalog";

// Category paths ("Acero > Acero Blanco > Cadenas") as the product CSV writes and reads them.

/** Splits a category path "Clothing > Tshirts" into its names. */
export function categoryPathNames(path: string): string[] {
  return path
    .split(">")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Every category's full path ("Acero > Acero Blanco > Cadenas") by id. */
export async function categoryPaths(db: DbOrTx = getDb()): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
    .from(categories);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const paths = new Map<string, string>();
  const pathOf = (id: string, seen = new Set<string>()): string => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const c = byId.get(id)!;
    const parent = c.parentId && byId.has(c.parentId) && !seen.has(c.parentId) ? c.parentId : null;
    const path = parent ? `${pathOf(parent, seen.add(id))} > ${c.name}` : c.name;
    paths.set(id, path);
    return path;
  };
  for (const r of rows) pathOf(r.id);
  return paths;
}
