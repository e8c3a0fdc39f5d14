// Categories nest (a subcategory names its parent). A category stands for its own products and
// those of its subcategories at any depth: the store's filter, the admin's filter and counts, and
// a coupon restricted to a category all read it this way, through this one function.

export type CategoryLink = { id: string; parentId: string | null };

/** The given categories and all their descendants, at any depth (each id once, the given ones first). */
export function withDescendants(ids: readonly string[], all: readonly CategoryLink[]): string[] {
  const children = new Map<string, string[]>();
  for (const c of all) {
    if (c.parentId === null) continue;
    const list = children.get(c.parentId) ?? [];
    list.push(c.id);
    children.set(c.parentId, list);
  }
  const result = new Set(ids);
  const queue = [...result];
  // A cycle (which the admin refuses to save) cannot loop: each id is taken once.
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    for (const child of children.get(id) ?? []) {
      if (!result.has(child)) {
        result.add(child);
        queue.push(child);
      }
    }
  }
  return [...result];
}

/** The category and its ancestors, nearest first, up to the root (a cycle stops where it closes). */
export function withAncestors(id: string | null, all: readonly CategoryLink[]): string[] {
  const parentOf = new Map(all.map((c) => [c.id, c.parentId]));
  const path: string[] = [];
  for (let current = id; current !== null && parentOf.has(current) && !path.includes(current);) {
    path.push(current);
    current = parentOf.get(current) ?? null;
  }
  return path;
}
