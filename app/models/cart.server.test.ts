import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products } from "~/db/schema/catalog";
import { setupTestDatabase } from "../../tests/setup/db";
import { insertProduct } from "../../tests/setup/factories";
import { checkCartLines } from "./cart.server";

const t = setupTestDatabase();
let mouse: { id: string };
let notebook: { id: string };
let draft: { id: string };

beforeAll(async () => {
  mouse = await insertProduct({ name: "Mouse", price: "20000", salePrice: "15000", stock: 3 });
  notebook = await insertProduct({
    name: "Notebook",
    price: "900000",
    stock: 2,
    meta: {
      option_groups: [
        {
          title: "RAM",
          options: [
            { name: "8 GB", price: 0 },
            { name: "16 GB", price: 990000 },
          ],
        },
      ],
    },
  });
  draft = await insertProduct({ name: "Oculto", status: "draft" });
});

const line = (productId: string, selectedOptions: { group: string; option: string }[] = []) => ({
  cartId: `c-${productId}-${selectedOptions.map((s) => s.option).join()}`,
  productId,
  quantity: 1,
  selectedOptions,
});

describe("checking a cart against the server", () => {
  it("gives current unit prices (sale price, option price) and stock", async () => {
    const [a, b, c] = await checkCartLines([
      line(mouse.id),
      line(notebook.id, [{ group: "RAM", option: "8 GB" }]),
      line(notebook.id, [{ group: "RAM", option: "16 GB" }]),
    ]);
    expect(a).toMatchObject({ status: "ok", unitPrice: 15000, stock: 3 });
    expect(b).toMatchObject({ status: "ok", unitPrice: 900000, stock: 2 });
    expect(c).toMatchObject({ status: "ok", unitPrice: 990000 });
  });

  it("follows a price change made after the product was added", async () => {
    await t.db.update(products).set({ salePrice: null, price: "21000" }).where(eq(products.id, mouse.id));
    const [a] = await checkCartLines([line(mouse.id)]);
    expect(a).toMatchObject({ status: "ok", unitPrice: 21000 });
  });

  it("flags products that are gone, unpublished, or options that do not exist", async () => {
    const lines = await checkCartLines([
      line(draft.id),
      line("00000000-0000-4000-8000-000000000000"),
      line("not-an-id"),
      line(notebook.id, [{ group: "RAM", option: "64 GB" }]),
    ]);
    expect(lines.map((l) => l.status)).toEqual(["unavailable", "unavailable", "unavailable", "unavailable"]);
  });

  it("flags a product whose price was taken away: it is not sold at $ 0", async () => {
    const priceless = await insertProduct({ name: "Sin precio", price: "5000", stock: 4 });
    await t.db.update(products).set({ price: null }).where(eq(products.id, priceless.id));
    const [a] = await checkCartLines([line(priceless.id)]);
    expect(a).toEqual({ cartId: line(priceless.id).cartId, status: "unavailable" });
  });
});
