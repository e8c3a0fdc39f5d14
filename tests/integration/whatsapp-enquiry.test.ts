import { describe, expect, it } from "vitest";
import { loader } from "~/routes/resources/whatsapp-enquiry";
import { setupTestDatabase } from "../setup/db";
import { insertProduct } from "../setup/factories";
import { args, getRequest, outcome } from "../setup/routes";

// "Consultar" on a product card: /consultar/<id> opens WhatsApp with the message about that product.

setupTestDatabase();

const consult = (id: string) =>
  outcome(() => loader(args(getRequest(`/consultar/${id}`), { params: { id } }) as never));

describe("/consultar/:id", () => {
  it("sends the shopper to the store's WhatsApp with the product's message written", async () => {
    const product = await insertProduct({ name: 'Monitor 24" Full HD' });
    const answer = await consult(product.id);
    expect(answer.status).toBe(302);
    const to = new URL(answer.location!);
    expect(`${to.origin}${to.pathname}`).toBe("https://wa.me/5491100000000");
    expect(to.searchParams.get("text")).toBe('Hola Vitec, quiero consultar por el producto: Monitor 24" Full HD');
  });

  it("a draft or unknown product still opens the chat, without naming anything", async () => {
    const draft = await insertProduct({ name: "Borrador secreto", status: "draft" });
    for (const id of [draft.id, "no-es-un-id"]) {
      const answer = await consult(id);
      expect(answer.status).toBe(302);
      expect(answer.location).toBe("https://wa.me/5491100000000");
    }
  });
});
