// The spec's collection ids (home grid, navigation). Notebooks has a long id on purpose:
// the original store used one, and links such as /store?category=... must keep working.
export const NOTEBOOKS_COLLECTION_ID = "pcol_01HZX7K9N3Q5R8T2V4W6Y8NOTEBOOKS";

export type Collection = { id: string; name: string; icon: string };

export const COLLECTIONS: Collection[] = [
  { id: NOTEBOOKS_COLLECTION_ID, name: "Notebooks", icon: "laptop" },
  { id: "pcol_PC", name: "PC", icon: "pc" },
  { id: "pcol_GAMING", name: "Gaming", icon: "gamepad" },
  { id: "pcol_MONITORES", name: "Monitores", icon: "monitor" },
  { id: "pcol_GABINETES", name: "Gabinetes", icon: "case" },
  { id: "pcol_CAFETERAS", name: "Cafeteras", icon: "coffee" },
  { id: "pcol_SILLAS", name: "Sillas", icon: "chair" },
  { id: "pcol_MOCHILAS", name: "Mochilas", icon: "backpack" },
  { id: "pcol_MOUSE", name: "Mouse", icon: "mouse" },
  { id: "pcol_TECLADOS", name: "Teclados", icon: "keyboard" },
];

export const DEFAULT_COLLECTION_ICON = "package";

const ICON_BY_ID = new Map(COLLECTIONS.map((c) => [c.id, c.icon]));
const SPEC_ORDER = new Map(COLLECTIONS.map((c, i) => [c.id, i]));

/** The icon key of a collection id; ids the spec does not name get the default icon. */
export function collectionIconKey(id: string): string {
  return ICON_BY_ID.get(id) ?? DEFAULT_COLLECTION_ICON;
}

/**
 * The home grid's tiles from the top-level categories in the database, with their current
 * names: the spec's collections first, in the spec's order, then any other category by name.
 */
export function homeCollections(categories: readonly { id: string; name: string }[]): Collection[] {
  const rank = (id: string) => SPEC_ORDER.get(id) ?? COLLECTIONS.length;
  return [...categories]
    .sort((a, b) => rank(a.id) - rank(b.id) || a.name.localeCompare(b.name, "es"))
    .map(({ id, name }) => ({ id, name, icon: collectionIconKey(id) }));
}
