import Papa from "papaparse";
import { parseDocument } from "htmlparser2";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "~/db/schema/catalog";
import { META_COLUMNS } from "~/domain/feeds";
import { feedProducts } from "~/models/feeds.server";
import { loader as googleFeed } from "~/routes/resources/feed-google";
import { loader as metaFeed } from "~/routes/resources/feed-meta";
import { setupTestDatabase } from "../setup/db";
import { insertCategory, insertProduct, variantsOf } from "../setup/factories";
import { args, getRequest } from "../setup/routes";

// The product feeds against a real database: published products only, every field Merchant
// Center requires, the store's prices, streamed in batches, and a 304 until something changes.

const database = setupTestDatabase();

/** Merchant Center's required attributes for a new product sold online in Argentina. */
const REQUIRED = [
  "g:id",
  "g:title",
  "g:description",
  "g:link",
  "g:image_link",
  "g:availability",
  "g:price",
  "g:condition",
];

type Item = Record<string, string[]>;

function itemsOf(xml: string): Item[] {
  const doc = parseDocument(xml, { xmlMode: true });
  const items: Item[] = [];
  const walk = (node: { type: string; name?: string; children?: unknown[] }) => {
    if (node.type === "tag" && node.name === "item") {
      const item: Item = {};
      for (const child of (node.children ?? []) as { type: string; name: string; children: { data?: string }[] }[]) {
        if (child.type !== "tag") continue;
        (item[child.name] ??= []).push(child.children.map((c) => c.data ?? "").join(""));
      }
      items.push(item);
    }
    for (const child of (node.children ?? []) as never[]) walk(child);
  };
  walk(doc as never);
  return items;
}

describe("product feeds", () => {
  it("/feeds/google.xml lists the published products with every required field and the store's prices", async () => {
    await insertCategory({ id: "pcol_COMPU", name: "Computación" });
    await insertCategory({ id: "pcol_NOTE", name: "Notebooks", parentId: "pcol_COMPU" });
    const sale = await insertProduct({
      name: "Notebook <Oferta> & más",
      price: "900000.00",
      stock: 3,
      categoryId: "pcol_NOTE",
      imageUrl: "/uploads/nb.jpg",
      description: null,
      mpn: "82RK00VWAR",
      meta: {
        description_html: "<p>Intel <strong>i5</strong></p>",
        extra_info: { Marca: "Lenovo" },
        gallery_images: ["/uploads/nb-2.jpg"],
      },
    });
    // [22/25] A sale_price only where the storefront strikes the regular price: one that held
    // 30 days before the sale began (ADR 0019).
    await database.db.execute(
      sql`update price_history set changed_at = changed_at - interval '31 days' where product_id = ${sale.id}`,
    );
    await database.db.update(products).set({ salePrice: "850000.00" }).where(eq(products.id, sale.id));
    const gone = await insertProduct({ name: "Mouse agotado", stock: 0, imageUrl: "https://cdn.example/m.jpg" });
    const options = await insertProduct({
      name: "Monitor con opciones",
      price: "300000.00",
      imageUrl: "/uploads/monitor.jpg",
      meta: {
        option_groups: [
          {
            title: "Tamaño",
            options: [
              { name: "24", price: 0 },
              { name: "27", price: 380000 },
            ],
          },
        ],
      },
    });
    const draft = await insertProduct({ name: "Borrador", status: "draft", imageUrl: "/uploads/b.jpg" });
    // Without an image, both catalogues would refuse it: it is left out.
    const noImage = await insertProduct({ name: "Sin imagen", imageUrl: null });
    // Without a price it is never offered at $ 0 ([18/25]).
    const noPrice = await insertProduct({ name: "Sin precio", price: null, imageUrl: "/uploads/s.jpg" });
    const zero = await insertProduct({ name: "A cero", price: "0", imageUrl: "/uploads/z.jpg" });

    const response = await googleFeed(args(getRequest("/feeds/google.xml")) as never);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
      ),
    ).toBe(true);
    const items = itemsOf(xml);
    const byId = new Map(items.map((i) => [i["g:id"]![0]!, i]));
    expect(byId.has(draft.id)).toBe(false);
    expect(byId.has(noImage.id)).toBe(false);
    expect(byId.has(noPrice.id)).toBe(false);
    expect(byId.has(zero.id)).toBe(false);
    // The monitor sells two sizes: one item per variant ([14/15]).
    const sizes = await variantsOf(options.id);
    expect([...byId.keys()].sort()).toEqual([sale.id, gone.id, ...sizes.map((v) => v.id)].sort());
    for (const item of items) {
      for (const field of REQUIRED) expect(item[field]?.[0], `${field} of ${item["g:id"]}`).toBeTruthy();
      expect(item["g:price"]![0]).toMatch(/^\d+\.\d{2} ARS$/);
    }

    const nb = byId.get(sale.id)!;
    expect(nb["g:title"]).toEqual(["Notebook <Oferta> & más"]);
    expect(nb["g:description"]).toEqual(["Intel i5"]);
    expect(nb["g:link"]).toEqual([`http://localhost:3000/product/${sale.id}`]);
    expect(nb["g:image_link"]).toEqual(["http://localhost:3000/uploads/nb.jpg"]);
    expect(nb["g:additional_image_link"]).toEqual(["http://localhost:3000/uploads/nb-2.jpg"]);
    expect(nb["g:price"]).toEqual(["900000.00 ARS"]);
    expect(nb["g:sale_price"]).toEqual(["850000.00 ARS"]);
    expect(nb["g:availability"]).toEqual(["in_stock"]);
    expect(nb["g:brand"]).toEqual(["Lenovo"]);
    expect(nb["g:mpn"]).toEqual(["82RK00VWAR"]);
    expect(nb["g:identifier_exists"]).toBeUndefined();
    expect(nb["g:product_type"]).toEqual(["Computación > Notebooks"]);

    expect(byId.get(gone.id)!["g:availability"]).toEqual(["out_of_stock"]);
    expect(byId.get(gone.id)!["g:identifier_exists"]).toEqual(["no"]);
    const [small, large] = sizes.map((v) => byId.get(v.id)!);
    expect(small!["g:item_group_id"]).toEqual([options.id]);
    expect(large!["g:item_group_id"]).toEqual([options.id]);
    expect(small!["g:title"]).toEqual(["Monitor con opciones (Tamaño: 24)"]);
    expect(small!["g:price"]).toEqual(["300000.00 ARS"]);
    expect(large!["g:price"]).toEqual(["380000.00 ARS"]);

    // The same data as the Meta catalogue.
    const csv = await (await metaFeed(args(getRequest("/feeds/meta.csv")) as never)).text();
    const [header, ...rows] = Papa.parse<string[]>(csv.trim()).data;
    expect(header).toEqual([...META_COLUMNS]);
    expect(rows).toHaveLength(4);
    const meta = rows.find((r) => r[0] === sale.id)!;
    expect(meta[META_COLUMNS.indexOf("price")]).toBe("900000.00 ARS");
    expect(meta[META_COLUMNS.indexOf("sale_price")]).toBe("850000.00 ARS");
    expect(meta[META_COLUMNS.indexOf("availability")]).toBe("in stock");
  });

  it("reads the catalogue a batch at a time, each product once", async () => {
    const seen: string[] = [];
    let batches = 0;
    for await (const batch of feedProducts("http://localhost:3000", 2)) {
      // Two products a batch (a product with variants is one item per variant).
      const productIds = [...new Set(batch.map((p) => p.variant?.itemGroupId ?? p.id))];
      expect(productIds.length).toBeLessThanOrEqual(2);
      batches++;
      seen.push(...productIds);
    }
    expect(batches).toBeGreaterThanOrEqual(2);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...seen].sort());
  });

  it("answers 304 to the tag it gave until a product changes", async () => {
    const first = await googleFeed(args(getRequest("/feeds/google.xml")) as never);
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^"feed-google-\d+"$/);
    await first.body?.cancel();
    const again = new Request("http://localhost/feeds/google.xml", { headers: { "if-none-match": etag } });
    expect((await googleFeed(args(again) as never)).status).toBe(304);
    await insertProduct({ name: "Producto nuevo", imageUrl: "/uploads/nuevo.jpg" });
    const changed = await googleFeed(args(new Request(again)) as never);
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain("Producto nuevo");
  });
});
