import { and, asc, count, eq, inArray, isNull, ne, notInArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb } from "~/db/client.server";
import { categories, products } from "~/db/schema/catalog";
import { withDescendants } from "~/domain/category-tree";
import type { CategoryInput } from "~/schemas/category";
import { pgErrorOf } from "~/db/pg-error.server";
import type { FieldErrors } from "~/domain/field-errors";

// Admin queries and writes for categories. Deleting is safe by design: in one transaction the
// categories' products become "Sin categoría" and their subcategories move to the top level.

export type AdminCategory = {
  id: string;
  name: string;
  slug: string;
  parentId: string | null;
  parentName: string | null;
  /** [22/25] Its markup over pegged products' dollar price (null: its parent's, else none). */
  markupPercent: number | null;
  /** Its products and its subcategories' (what the store's filter shows). */
  productCount: number;
  /** Only the products directly in it (those a delete leaves "Sin categoría"). */
  ownProductCount: number;
  childCount: number;
  createdAt: Date;
};

const parent = alias(categories, "parent");

/**
 * Every category with its parent's name, its number of subcategories and of products: its own and
 * its subcategories', as the store's filter shows them (~/domain/category-tree).
 */
export async function listAdminCategories(): Promise<AdminCategory[]> {
  const db = getDb();
  const productCounts = db
    .select({ categoryId: products.categoryId, n: count().as("product_n") })
    .from(products)
    .groupBy(products.categoryId)
    .as("product_counts");
  const child = alias(categories, "child");
  const childCounts = db
    .select({ parentId: child.parentId, n: count().as("child_n") })
    .from(child)
    .groupBy(child.parentId)
    .as("child_counts");
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      parentId: categories.parentId,
      parentName: parent.name,
      markupPercent: categories.markupPercent,
      ownProducts: sql<number>`coalesce(${productCounts.n}, 0)::int`,
      childCount: sql<number>`coalesce(${childCounts.n}, 0)::int`,
      createdAt: categories.createdAt,
    })
    .from(categories)
    .leftJoin(parent, eq(parent.id, categories.parentId))
    .leftJoin(productCounts, eq(productCounts.categoryId, categories.id))
    .leftJoin(childCounts, eq(childCounts.parentId, categories.id))
    .orderBy(asc(categories.name));
  const own = new Map(rows.map((r) => [r.id, Number(r.ownProducts)]));
  return rows.map(({ ownProducts, ...r }) => ({
    ...r,
    productCount: withDescendants([r.id], rows).reduce((sum, id) => sum + (own.get(id) ?? 0), 0),
    ownProductCount: Number(ownProducts),
    childCount: Number(r.childCount),
  }));
}

export type CategorySaveResult = { ok: true; id: string } | { ok: false; status: number; errors: FieldErrors };

const SLUG_TAKEN = "Ya existe otra categoría con ese slug.";
export const HAS_CHILDREN =
  "Esta categoría tiene subcategorías, así que no puede tener una categoría padre (se admiten dos niveles). Primero mové o eliminá sus subcategorías.";

/**
 * Creates or updates a category. The parent must be a top-level category other than itself,
 * and a category that has subcategories cannot take a parent (categories nest two levels).
 */
export async function saveCategory(input: CategoryInput): Promise<CategorySaveResult> {
  try {
    return await getDb().transaction(async (tx): Promise<CategorySaveResult> => {
      if (input.id) {
        // Locked until commit: a subcategory created meanwhile under it waits (see the parent check).
        const [existing] = await tx
          .select({ id: categories.id })
          .from(categories)
          .where(eq(categories.id, input.id))
          .for("update");
        if (!existing)
          return {
            ok: false,
            status: 404,
            errors: { form: "La categoría ya no existe: puede que alguien la haya eliminado." },
          };
      }
      const errors: FieldErrors = {};
      const sameSlug = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(
          input.id
            ? and(eq(categories.slug, input.slug), ne(categories.id, input.id))
            : eq(categories.slug, input.slug),
        )
        .limit(1);
      if (sameSlug.length) errors.slug = SLUG_TAKEN;
      // Two levels at most: the parent is top-level, and a category with subcategories has no parent.
      if (input.parent_id) {
        if (input.parent_id === input.id) errors.parent_id = "Una categoría no puede ser su propia categoría padre.";
        else if (
          input.id &&
          (await tx.select({ id: categories.id }).from(categories).where(eq(categories.parentId, input.id)).limit(1))
            .length
        ) {
          errors.parent_id = HAS_CHILDREN;
        } else {
          const [p] = await tx
            .select({ id: categories.id })
            .from(categories)
            .where(and(eq(categories.id, input.parent_id), isNull(categories.parentId)))
            .for("share");
          if (!p) errors.parent_id = "La categoría padre debe ser una categoría principal que exista.";
        }
      }
      if (Object.keys(errors).length) return { ok: false, status: 409, errors };
      const values = {
        name: input.name,
        slug: input.slug,
        parentId: input.parent_id,
        markupPercent: input.markup,
      };
      if (input.id) {
        await tx.update(categories).set(values).where(eq(categories.id, input.id));
        return { ok: true, id: input.id };
      }
      const [row] = await tx.insert(categories).values(values).returning({ id: categories.id });
      return { ok: true, id: row!.id };
    });
  } catch (error) {
    const pg = pgErrorOf(error);
    if (pg?.code === "23505" && pg.constraint === "categories_slug_unique")
      return { ok: false, status: 409, errors: { slug: SLUG_TAKEN } };
    throw error;
  }
}

/**
 * Deletes categories in one transaction: their products get no category ("Sin categoría")
 * and their subcategories (not deleted themselves) move to the top level. Returns the count.
 */
export async function deleteCategories(ids: string[]): Promise<number> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return 0;
  return getDb().transaction(async (tx) => {
    await tx
      .update(products)
      .set({ categoryId: null, updatedAt: new Date() })
      .where(inArray(products.categoryId, unique));
    await tx
      .update(categories)
      .set({ parentId: null })
      .where(and(inArray(categories.parentId, unique), notInArray(categories.id, unique)));
    const deleted = await tx.delete(categories).where(inArray(categories.id, unique)).returning({ id: categories.id });
    return deleted.length;
  });
}
