import { describe, expect, it } from "vitest";
import { addToWishlist } from "~/models/wishlist.server";
import { loader as stockLoader } from "~/routes/resources/product-stock";
import { loader as viewerLoader } from "~/routes/resources/viewer";
import { setupTestDatabase } from "../setup/db";
import { insertProduct } from "../setup/factories";
import { args, getRequest, outcome, signedInCustomer } from "../setup/routes";

// The storefront's pages are the same for everyone (cached): what is personal, and the units left
// of a product, the browser asks for here.

setupTestDatabase();

const viewer = (path: string, cookie?: string) => outcome(() => viewerLoader(args(getRequest(path, cookie)) as never));

describe("/api/viewer", () => {
  it("says nobody is signed in without a session, and is never cached", async () => {
    const answer = await viewer("/api/viewer");
    expect(answer.body).toMatchObject({ user: null, wishlist: null, reviewer: null });
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("gives the signed-in customer's name, wishlist, reviewer state and checkout data, and nobody else's", async () => {
    const product = await insertProduct({ name: "Auriculares" });
    const customer = await signedInCustomer();
    await addToWishlist(customer.id, [product.id]);
    const answer = await viewer(`/api/viewer?product=${product.id}&checkout`, customer.cookie);
    expect(answer.body).toMatchObject({
      user: { name: "Cliente Prueba", email: customer.email, role: "customer" },
      wishlist: [product.id],
      reviewer: { kind: "not_buyer" },
      checkoutPrefill: { email: customer.email, first_name: "Cliente", last_name: "Prueba" },
    });
    // Another customer sees only their own.
    const other = await signedInCustomer();
    expect((await viewer("/api/viewer", other.cookie)).body).toMatchObject({ wishlist: [] });
  });
});

describe("/api/products/:id/stock", () => {
  it("gives the units left of a published product, and 404 for a draft or an unknown id", async () => {
    const product = await insertProduct({ name: "Con 7", stock: 7 });
    const draft = await insertProduct({ name: "Borrador", stock: 3, status: "draft" });
    const stock = (id: string) =>
      outcome(() => stockLoader(args(getRequest(`/api/products/${id}/stock`), { params: { id } }) as never));
    expect((await stock(product.id)).body).toEqual({ stock: 7, variants: [] });
    // A product with variants: each one's units too ([14/15]).
    const withVariants = await insertProduct({
      name: "Con variantes",
      variantStock: [2, 0],
      meta: { option_groups: [{ title: "Color", options: [{ name: "Negro" }, { name: "Azul" }] }] },
    });
    const body = (await stock(withVariants.id)).body as { stock: number; variants: { id: string; stock: number }[] };
    expect(body.stock).toBe(2);
    expect(body.variants.map((v) => v.stock).sort()).toEqual([0, 2]);
    expect((await stock(draft.id)).status).toBe(404);
    expect((await stock("no-es-un-id")).status).toBe(404);
  });
});
