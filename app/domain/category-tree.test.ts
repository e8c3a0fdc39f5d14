import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CategoryLink, withAncestors, withDescendants } from "./category-tree";

const tree: CategoryLink[] = [
  { id: "gaming", parentId: null },
  { id: "consolas", parentId: "gaming" },
  { id: "retro", parentId: "consolas" },
  { id: "sillas", parentId: "gaming" },
  { id: "notebooks", parentId: null },
];

describe("a category with its descendants", () => {
  it("takes the subcategories at any depth, and nothing beside them", () => {
    expect(withDescendants(["gaming"], tree).sort()).toEqual(["consolas", "gaming", "retro", "sillas"]);
    expect(withDescendants(["consolas"], tree).sort()).toEqual(["consolas", "retro"]);
    expect(withDescendants(["notebooks"], tree)).toEqual(["notebooks"]);
    expect(withDescendants([], tree)).toEqual([]);
  });

  it("names each category once, even given a parent and its child or a cycle", () => {
    expect(withDescendants(["gaming", "consolas"], tree).sort()).toEqual(["consolas", "gaming", "retro", "sillas"]);
    const cycle = [
      { id: "a", parentId: "b" },
      { id: "b", parentId: "a" },
    ];
    expect(withDescendants(["a"], cycle).sort()).toEqual(["a", "b"]);
  });

  it("holds for any forest: every descendant's parent chain reaches a given category", () => {
    const forest = fc
      .array(fc.nat({ max: 20 }), { maxLength: 20 })
      .map((parents) => parents.map((p, i): CategoryLink => ({ id: `c${i}`, parentId: p < i ? `c${p}` : null })));
    fc.assert(
      fc.property(forest, fc.nat({ max: 19 }), (all, pick) => {
        if (all.length === 0) return;
        const root = all[pick % all.length]!.id;
        const found = new Set(withDescendants([root], all));
        const parentOf = new Map(all.map((c) => [c.id, c.parentId]));
        for (const c of all) {
          let at: string | null = c.id;
          while (at !== null && at !== root) at = parentOf.get(at) ?? null;
          expect(found.has(c.id)).toBe(at === root);
        }
      }),
    );
  });
});

describe("a category with its ancestors", () => {
  it("goes from the category up to the root, nearest first", () => {
    expect(withAncestors("retro", tree)).toEqual(["retro", "consolas", "gaming"]);
    expect(withAncestors("notebooks", tree)).toEqual(["notebooks"]);
  });

  it("is empty for no category or an unknown one, and stops at a cycle", () => {
    expect(withAncestors(null, tree)).toEqual([]);
    expect(withAncestors("borrada", tree)).toEqual([]);
    const cycle: CategoryLink[] = [
      { id: "a", parentId: "b" },
      { id: "b", parentId: "a" },
    ];
    expect(withAncestors("a", cycle)).toEqual(["a", "b"]);
  });
});
