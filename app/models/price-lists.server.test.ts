import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "~/db/schema/auth";
import {
  companies,
  companyMembers,
  customerGroups,
  minQuantities,
  priceListRules,
  quantityBreaks,
} from "~/db/schema/business";
import { withAncestors } from "~/domain/category-tree";
import { type PricedUnit, groupUnitPrice } from "~/domain/price-lists";
import { setupTestDatabase } from "../../tests/setup/db";
import { insertCategory, insertProduct } from "../../tests/setup/factories";
import { memberPriceList } from "./price-lists.server";

// [25/25] Whose price list a session gets (ADR 0022): only members of an approved company, and
// only their own group's, against a real database with the migration's constraints.

const t = setupTestDatabase();

const ids = { notebook: "", mouse: "", reseller: "", corporate: "", resellerCompany: "" };
let notebookUnit: PricedUnit;

async function user(id: string) {
  await t.db.insert(users).values({ id, name: id, email: `${id}@example.com` });
}

async function company(
  cuit: string,
  status: "pending" | "approved" | "rejected",
  groupId: string | null,
  member: string,
) {
  const [row] = await t.db
    .insert(companies)
    .values({
      cuit,
      legalName: `Empresa ${cuit}`,
      ivaCondition: "responsable_inscripto",
      contactName: "Contacto",
      contactEmail: "compras@example.com",
      contactPhone: "11 4555-1234",
      status,
      groupId,
    })
    .returning();
  await user(member);
  await t.db.insert(companyMembers).values({ companyId: row!.id, userId: member, role: "buyer" });
  return row!.id;
}

beforeAll(async () => {
  await insertCategory({ id: "computacion", name: "Computación" });
  await insertCategory({ id: "notebooks", name: "Notebooks", parentId: "computacion" });
  const notebook = await insertProduct({ name: "Notebook lista", price: "1000.00", categoryId: "notebooks" });
  const mouse = await insertProduct({ name: "Mouse lista", price: "100.00" });
  ids.notebook = notebook.id;
  ids.mouse = mouse.id;
  notebookUnit = {
    productId: notebook.id,
    variantId: null,
    categoryPath: withAncestors("notebooks", [
      { id: "computacion", parentId: null },
      { id: "notebooks", parentId: "computacion" },
    ]),
    regularCents: 100_000,
    paidCents: 100_000,
  };
  const [reseller, corporate] = await t.db
    .insert(customerGroups)
    .values([
      { name: "Revendedor", defaultPercent: 5 },
      { name: "Corporativo", defaultPercent: 0 },
    ])
    .returning();
  ids.reseller = reseller!.id;
  ids.corporate = corporate!.id;
  await t.db.insert(priceListRules).values([
    { groupId: ids.reseller, scope: "category", categoryId: "computacion", percentOff: 10 },
    { groupId: ids.reseller, scope: "product", productId: ids.notebook, fixedPrice: "800.00" },
    { groupId: ids.reseller, scope: "product", productId: ids.mouse, percentOff: 20 },
    { groupId: ids.corporate, scope: "product", productId: ids.notebook, percentOff: 50 },
  ]);
  await t.db.insert(quantityBreaks).values([
    { groupId: ids.reseller, productId: ids.notebook, minQuantity: 5, fixedPrice: "750.00" },
    { groupId: ids.corporate, productId: ids.notebook, minQuantity: 2, fixedPrice: "1.00" },
  ]);
  await t.db.insert(minQuantities).values({ groupId: ids.reseller, productId: ids.mouse, minQuantity: 3 });
  ids.resellerCompany = await company("30712345671", "approved", ids.reseller, "u-reseller");
  await company("20123456786", "approved", ids.corporate, "u-corporate");
  await company("30711111111", "pending", null, "u-pending");
  await company("30500000003", "rejected", ids.reseller, "u-rejected");
  await user("u-consumer");
});

describe("memberPriceList", () => {
  it("gives nothing to a guest, a customer of no company, or a member of a pending or rejected company", async () => {
    for (const who of [null, "u-consumer", "u-pending", "u-rejected"]) {
      expect(await memberPriceList(who, [ids.notebook])).toBeNull();
    }
  });

  it("gives a member of an approved company their group's rules for the products asked, and no other group's", async () => {
    const pricing = await memberPriceList("u-reseller", [ids.notebook]);
    expect(pricing).toMatchObject({ companyId: ids.resellerCompany, groupId: ids.reseller, groupName: "Revendedor" });
    expect(pricing!.list.defaultPercent).toBe(5);
    expect(pricing!.list.rules).toEqual(
      expect.arrayContaining([
        { scope: "category", categoryId: "computacion", percentOff: 10 },
        { scope: "product", productId: ids.notebook, fixedCents: 80_000 },
      ]),
    );
    expect(pricing!.list.rules).toHaveLength(2);
    expect(pricing!.list.breaks).toEqual([
      { productId: ids.notebook, variantId: null, minQuantity: 5, fixedCents: 75_000 },
    ]);
    expect(pricing!.list.minimums).toEqual({});

    // What the member pays: the product's fixed price, and the break from 5 units.
    expect(groupUnitPrice(pricing!.list, notebookUnit, { line: 1, product: 1 }).unitCents).toBe(80_000);
    expect(groupUnitPrice(pricing!.list, notebookUnit, { line: 5, product: 5 }).unitCents).toBe(75_000);

    const corporate = await memberPriceList("u-corporate", [ids.notebook]);
    expect(groupUnitPrice(corporate!.list, notebookUnit, { line: 1, product: 1 }).unitCents).toBe(50_000);
  });

  it("reads the minimums of the products asked", async () => {
    const pricing = await memberPriceList("u-reseller", [ids.mouse, ids.mouse]);
    expect(pricing!.list.minimums).toEqual({ [ids.mouse]: 3 });
    expect(pricing!.list.rules).toContainEqual({ scope: "product", productId: ids.mouse, percentOff: 20 });
  });

  it("a company rejected a moment ago gets public prices at once", async () => {
    await t.db.update(companies).set({ status: "rejected" }).where(eq(companies.id, ids.resellerCompany));
    expect(await memberPriceList("u-reseller", [ids.notebook])).toBeNull();
    await t.db.update(companies).set({ status: "approved" }).where(eq(companies.id, ids.resellerCompany));
  });
});

describe("the price-list tables refuse what the resolution cannot read", () => {
  it("a category rule with a fixed price, a rule with both or neither value, a break for 1 unit, an approved company without a group", async () => {
    const refused = [
      t.db
        .insert(priceListRules)
        .values({ groupId: ids.corporate, scope: "category", categoryId: "notebooks", fixedPrice: "10" }),
      t.db
        .insert(priceListRules)
        .values({ groupId: ids.corporate, scope: "product", productId: ids.mouse, fixedPrice: "10", percentOff: 5 }),
      t.db.insert(priceListRules).values({ groupId: ids.corporate, scope: "product", productId: ids.mouse }),
      t.db
        .insert(priceListRules)
        .values({ groupId: ids.corporate, scope: "product", productId: ids.mouse, percentOff: 101 }),
      t.db
        .insert(quantityBreaks)
        .values({ groupId: ids.corporate, productId: ids.mouse, minQuantity: 1, fixedPrice: "10" }),
      t.db.update(companies).set({ groupId: null }).where(eq(companies.id, ids.resellerCompany)),
    ];
    for (const attempt of refused) await expect(attempt).rejects.toThrow();
    // One rule per group and product.
    await expect(
      t.db
        .insert(priceListRules)
        .values({ groupId: ids.reseller, scope: "product", productId: ids.notebook, percentOff: 5 }),
    ).rejects.toThrow();
  });
});
