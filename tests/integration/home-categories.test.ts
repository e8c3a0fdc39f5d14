import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { categories } from "~/db/schema/catalog";
import { DEFAULT_COLLECTION_ICON } from "~/domain/collections";
import { loader as home } from "~/routes/store/home";
import { setupTestDatabase } from "../setup/db";
import { insertCategory } from "../setup/factories";

const t = setupTestDatabase();

describe("home category grid", () => {
  it("follows the top-level categories in the database, renamed and added ones included", async () => {
    await insertCategory({ id: "pcol_MOUSE", name: "Mouse" });
    await insertCategory({ id: "pcol_GAMING", name: "Gaming" });
    await insertCategory({ id: "cat_impresoras", name: "Impresoras" });
    await insertCategory({ id: "cat_gaming_sillas", name: "Sillas gamer", parentId: "pcol_GAMING" });
    await t.db.update(categories).set({ name: "Gaming y consolas" }).where(eq(categories.id, "pcol_GAMING"));

    const { collections } = await home();
    expect(collections).toEqual([
      { id: "pcol_GAMING", name: "Gaming y consolas", icon: "gamepad" },
      { id: "pcol_MOUSE", name: "Mouse", icon: "mouse" },
      { id: "cat_impresoras", name: "Impresoras", icon: DEFAULT_COLLECTION_ICON },
    ]);
  });
});
