import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { customerGroups } from "~/db/schema/business";
import { auditLog } from "~/db/schema/staff";
import * as priceList from "~/routes/admin/price-list";
import { setupTestDatabase } from "../setup/db";
import { insertCategory, insertProduct } from "../setup/factories";
import { args, formRequest, getRequest, outcome, routeModule, signedInAdmin, signedInCustomer } from "../setup/routes";

// [25/25] Admin > Empresas > a group's price list (ADR 0022): staff add and take out rules,
// quantity breaks and minimums by SKU; what they type wrong is refused in Spanish.

const t = setupTestDatabase();
const { loader: page, action: act } = routeModule(priceList);

let groupId = "";
let cookie = "";
const path = () => `/admin/empresas/grupos/${groupId}`;
const post = (fields: Record<string, string>, as = cookie) =>
  outcome(() => act(args(formRequest(path(), fields, { cookie: as }), { params: { id: groupId } })));
const load = () => outcome(() => page(args(getRequest(path(), cookie), { params: { id: groupId } })));
type Loaded = {
  list: {
    group: { defaultPercent: number };
    rules: { id: string; target: string; value: string }[];
    breaks: { target: string; value: string }[];
    minimums: { id: string; target: string; value: string }[];
  };
};

beforeAll(async () => {
  await insertCategory({ id: "notebooks-pl", name: "Notebooks PL" });
  await insertProduct({ name: "Notebook PL", sku: "NB-PL", price: "1000.00", categoryId: "notebooks-pl" });
  const [group] = await t.db.insert(customerGroups).values({ name: "Revendedor PL" }).returning();
  groupId = group!.id;
  cookie = (await signedInAdmin()).cookie;
});

describe("a group's price list in the admin", () => {
  it("a customer can neither read nor change it", async () => {
    const customer = await signedInCustomer();
    const read = await outcome(() => page(args(getRequest(path(), customer.cookie), { params: { id: groupId } })));
    expect(read.status).toBe(403);
    const write = await post({ intent: "default", defaultPercent: "90" }, customer.cookie);
    expect(write.status).toBe(403);
    const [group] = await t.db.select().from(customerGroups).where(eq(customerGroups.id, groupId));
    expect(group!.defaultPercent).toBe(0);
  });

  it("staff set the general discount, a category's and a product's rule, a break and a minimum", async () => {
    expect((await post({ intent: "default", defaultPercent: "5" })).status).toBe(302);
    expect(
      (await post({ intent: "rule-add", scope: "category", categoryId: "notebooks-pl", kind: "percent", value: "10" }))
        .status,
    ).toBe(302);
    expect((await post({ intent: "rule-add", scope: "sku", sku: "NB-PL", kind: "fixed", value: "800" })).status).toBe(
      302,
    );
    expect(
      (await post({ intent: "break-add", sku: "NB-PL", minQuantity: "5", kind: "fixed", value: "750" })).status,
    ).toBe(302);
    expect((await post({ intent: "minimum-add", sku: "NB-PL", minQuantity: "2" })).status).toBe(302);
    // A second minimum for the product replaces the first.
    expect((await post({ intent: "minimum-add", sku: "NB-PL", minQuantity: "3" })).status).toBe(302);

    const { list } = (await load()).body as Loaded;
    expect(list.group.defaultPercent).toBe(5);
    expect(list.rules.map((r) => [r.target, r.value])).toEqual([
      ["Categoría Notebooks PL", "10 % menos"],
      ["Notebook PL (NB-PL)", expect.stringMatching(/^\$\s800,00 c\/u$/)],
    ]);
    expect(list.breaks).toEqual([
      expect.objectContaining({
        target: "Notebook PL (NB-PL) desde 5 unidades",
        value: expect.stringMatching(/750,00 c\/u$/),
      }),
    ]);
    expect(list.minimums).toEqual([expect.objectContaining({ target: "Notebook PL (NB-PL)", value: "3 unidades" })]);
    expect(await t.db.$count(auditLog, eq(auditLog.action, "company.price_list"))).toBe(6);
  });

  it("refuses, in Spanish, an unknown SKU, a fixed price for a category, a rule that exists, a break for 1 unit", async () => {
    expect(
      (await post({ intent: "rule-add", scope: "sku", sku: "NO-EXISTE", kind: "percent", value: "10" })).body,
    ).toMatchObject({
      errors: { sku: "No hay un producto ni una variante con ese SKU." },
    });
    expect(
      (await post({ intent: "rule-add", scope: "category", categoryId: "notebooks-pl", kind: "fixed", value: "10" }))
        .body,
    ).toMatchObject({ errors: { kind: "Una categoría lleva un porcentaje, no un precio fijo." } });
    expect(
      (await post({ intent: "rule-add", scope: "sku", sku: "NB-PL", kind: "percent", value: "20" })).body,
    ).toMatchObject({
      errors: { form: "Ya hay una regla para eso en esta lista: quitala primero para cambiarla." },
    });
    expect(
      (await post({ intent: "rule-add", scope: "sku", sku: "NB-PL", kind: "percent", value: "150" })).body,
    ).toMatchObject({
      errors: { value: "El descuento va de más de 0 a 100 %." },
    });
    expect(
      (await post({ intent: "break-add", sku: "NB-PL", minQuantity: "1", kind: "fixed", value: "1" })).body,
    ).toMatchObject({
      errors: { minQuantity: "La cantidad desde: un número entero desde 2." },
    });
  });

  it("takes a row out, and says so when it was already gone", async () => {
    const { list } = (await load()).body as Loaded;
    const rule = list.rules[1]!;
    expect((await post({ intent: "rule-remove", rowId: rule.id })).status).toBe(302);
    expect((await post({ intent: "rule-remove", rowId: rule.id })).status).toBe(404);
    const minimum = list.minimums[0]!;
    expect((await post({ intent: "minimum-remove", rowId: minimum.id })).status).toBe(302);
    const after = ((await load()).body as Loaded).list;
    expect(after.rules).toHaveLength(1);
    expect(after.minimums).toHaveLength(0);
  });
});
