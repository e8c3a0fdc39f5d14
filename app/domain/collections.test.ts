import { describe, expect, it } from "vitest";
import {
  COLLECTIONS,
  DEFAULT_COLLECTION_ICON,
  NOTEBOOKS_COLLECTION_ID,
  collectionIconKey,
  homeCollections,
} from "./collections";

describe("home collections", () => {
  it("puts the spec's collections first, in their order, then other categories by name", () => {
    const tiles = homeCollections([
      { id: "cat_zapatillas", name: "Zapatillas" },
      { id: "pcol_TECLADOS", name: "Teclados" },
      { id: "cat_audio", name: "Audio" },
      { id: "pcol_PC", name: "PC de escritorio" },
      { id: NOTEBOOKS_COLLECTION_ID, name: "Notebooks" },
    ]);
    expect(tiles.map((t) => t.id)).toEqual([
      NOTEBOOKS_COLLECTION_ID,
      "pcol_PC",
      "pcol_TECLADOS",
      "cat_audio",
      "cat_zapatillas",
    ]);
  });

  it("shows each category's current name with its icon, and the default icon for unknown ids", () => {
    const [renamed, added] = homeCollections([
      { id: "pcol_PC", name: "PC armadas" },
      { id: "cat_nueva", name: "Impresoras" },
    ]);
    expect(renamed).toEqual({ id: "pcol_PC", name: "PC armadas", icon: "pc" });
    expect(added).toEqual({ id: "cat_nueva", name: "Impresoras", icon: DEFAULT_COLLECTION_ICON });
  });

  it("knows an icon for every collection of the spec", () => {
    for (const c of COLLECTIONS) expect(collectionIconKey(c.id)).toBe(c.icon);
    expect(collectionIconKey("desconocida")).toBe(DEFAULT_COLLECTION_ICON);
  });
});
