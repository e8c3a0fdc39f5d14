import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { categories, products } from "~/db/schema/catalog";
import { CategoryFormSchema } from "~/schemas/category";
import { setupTestDatabase } from "../../tests/setup/db";
import { insertCategory, insertProduct } from "../../tests/setup/factories";
import { HAS_CHILDREN, deleteCategories, listAdminCategories, saveCategory } from "./admin-categories.server";

const database = setupTestDatabase();

beforeEach(async () => {
  await database.db.delete(products);
  await database.db.delete(categories);
});

const input = (values: { id?: string; name: string; slug: string; parent_id?: string }) =>
  CategoryFormSchema.parse({ id: "", parent_id: "", ...values });

describe("the admin category list", () => {
  it("gives each category its parent's name, product count (subcategories' included) and subcategory count", async () => {
    await insertCategory({ id: "pcol_PC", name: "PC" });
    await insertCategory({ id: "pcat_PC_GAMER", name: "PC Gamer", parentId: "pcol_PC" });
    await insertProduct({ name: "PC 1", categoryId: "pcat_PC_GAMER" });
    await insertProduct({ name: "PC 2", categoryId: "pcat_PC_GAMER" });
    const list = await listAdminCategories();
    expect(list.map((c) => [c.id, c.parentName, c.productCount, c.childCount])).toEqual([
      ["pcol_PC", null, 2, 1],
      ["pcat_PC_GAMER", "PC", 2, 0],
    ]);
    expect(list[0]!.createdAt).toBeInstanceOf(Date);
  });
});

describe("saving a category", () => {
  it("creates and updates, with a unique slug", async () => {
    const created = await saveCategory(input({ name: "Audio", slug: "audio" }));
    expect(created.ok).toBe(true);
    const id = (created as { id: string }).id;
    expect(await saveCategory(input({ name: "Otra", slug: "audio" }))).toEqual({
      ok: false,
      status: 409,
      errors: { slug: "Ya existe otra categoría con ese slug." },
    });
    // Keeping its own slug is fine.
    expect((await saveCategory(input({ id, name: "Audio y sonido", slug: "audio" }))).ok).toBe(true);
    const [row] = await database.db.select().from(categories).where(eq(categories.id, id));
    expect(row!.name).toBe("Audio y sonido");
  });

  it("takes as parent only a top-level category other than itself", async () => {
    await insertCategory({ id: "top", name: "Top" });
    await insertCategory({ id: "child", name: "Child", parentId: "top" });
    expect(await saveCategory(input({ name: "Nieta", slug: "nieta", parent_id: "child" }))).toMatchObject({
      ok: false,
      errors: { parent_id: "La categoría padre debe ser una categoría principal que exista." },
    });
    expect(await saveCategory(input({ id: "top", name: "Top", slug: "top-x", parent_id: "top" }))).toMatchObject({
      ok: false,
      errors: { parent_id: "Una categoría no puede ser su propia categoría padre." },
    });
    expect((await saveCategory(input({ name: "Hija 2", slug: "hija-2", parent_id: "top" }))).ok).toBe(true);
  });

  it("refuses a parent for a category that has subcategories (no third level), and saves nothing", async () => {
    await insertCategory({ id: "pc", name: "PC" });
    await insertCategory({ id: "gamer", name: "Gamer", parentId: "pc" });
    await insertCategory({ id: "audio", name: "Audio" });
    expect(await saveCategory(input({ id: "pc", name: "PC", slug: "pc", parent_id: "audio" }))).toEqual({
      ok: false,
      status: 409,
      errors: { parent_id: HAS_CHILDREN },
    });
    const [pc] = await database.db.select().from(categories).where(eq(categories.id, "pc"));
    expect(pc!.parentId).toBeNull();
    // It can still be renamed at the top level; once its child is gone it may take a parent.
    expect((await saveCategory(input({ id: "pc", name: "Computadoras", slug: "pc" }))).ok).toBe(true);
    await deleteCategories(["gamer"]);
    expect((await saveCategory(input({ id: "pc", name: "Computadoras", slug: "pc", parent_id: "audio" }))).ok).toBe(
      true,
    );
  });

  it("validates name and slug in Spanish", () => {
    const parsed = CategoryFormSchema.safeParse({ id: "", name: "", slug: "Con Espacios", parent_id: "" });
    expect(parsed.error!.issues.map((i) => i.message)).toEqual([
      "Ingresá el nombre.",
      "El slug solo puede tener letras minúsculas, números y guiones.",
    ]);
  });
});

describe("deleting categories", () => {
  it("leaves their products without a category and moves their children to the top level", async () => {
    await insertCategory({ id: "a", name: "A" });
    await insertCategory({ id: "a1", name: "A1", parentId: "a" });
    await insertCategory({ id: "b", name: "B" });
    await insertCategory({ id: "b1", name: "B1", parentId: "b" });
    const inA = await insertProduct({ name: "En A", categoryId: "a" });
    const inB1 = await insertProduct({ name: "En B1", categoryId: "b1" });

    expect(await deleteCategories(["a", "b", "b1"])).toBe(3);
    const left = await database.db.select().from(categories);
    expect(left.map((c) => [c.id, c.parentId])).toEqual([["a1", null]]);
    const rows = await database.db.select({ id: products.id, categoryId: products.categoryId }).from(products);
    expect(rows.sort((x, y) => x.id.localeCompare(y.id))).toEqual(
      [
        { id: inA.id, categoryId: null },
        { id: inB1.id, categoryId: null },
      ].sort((x, y) => x.id.localeCompare(y.id)),
    );
  });

  it("counts only the categories that existed", async () => {
    await insertCategory({ id: "solo", name: "Solo" });
    expect(await deleteCategories(["solo", "no-existe"])).toBe(1);
    expect(await deleteCategories([])).toBe(0);
  });
});
