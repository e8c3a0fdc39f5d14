import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "~/db/schema/auth";
import { orderItems, orders } from "~/db/schema/orders";
import { productReviews } from "~/db/schema/staff";
import type { OrderStatus } from "~/domain/order-status";
import { loader as productLoader } from "~/routes/store/product";
import type { ReviewActionResult } from "~/schemas/review";
import { getAuth } from "~/utils/auth.server";
import { NOT_A_BUYER, REVIEW_SAVED, REVIEW_UPDATED, handleReview } from "~/routes/store/review-action.server";
import { setupTestDatabase } from "../../tests/setup/db";
import { insertProduct } from "../../tests/setup/factories";
import {
  getReviewer,
  hasReceivedProduct,
  listApprovedReviews,
  listReviews,
  moderateReview,
  saveReview,
} from "./review.server";

const t = setupTestDatabase();

let n = 0;
async function customer(name = "Lucía Fernández") {
  const id = randomUUID();
  await t.db.insert(users).values({ id, name, email: `cliente.${++n}@example.com` });
  return { id, name, email: `cliente.${n}@example.com`, role: "customer" as const };
}

async function orderOf(userId: string, productId: string, status: OrderStatus) {
  const [order] = await t.db
    .insert(orders)
    .values({ userId, status, subtotal: "1000.00", total: "1000.00", customerEmail: "x@example.com" })
    .returning({ id: orders.id });
  await t.db
    .insert(orderItems)
    .values({ orderId: order!.id, productId, name: "Producto", price: "1000.00", quantity: 1, subtotal: "1000.00" });
  return order!.id;
}

function reviewForm(rating: string, text: string) {
  const form = new FormData();
  form.set("intent", "review");
  form.set("rating", rating);
  form.set("text", text);
  return form;
}

async function post(user: Awaited<ReturnType<typeof customer>>, productId: string, rating: string, text: string) {
  const response = await handleReview(user, productId, reviewForm(rating, text));
  return { status: response.init?.status ?? 200, result: response.data as ReviewActionResult };
}

async function pageOf(productId: string, cookie?: string) {
  const request = new Request(`http://localhost/product/${productId}`, { headers: cookie ? { cookie } : {} });
  return productLoader({ request, params: { id: productId }, context: {} } as Parameters<typeof productLoader>[0]);
}

let product: { id: string };
let admin: { id: string; email: string };

beforeAll(async () => {
  product = await insertProduct({ name: "Mouse Logitech", status: "published" });
  admin = await customer("Admin");
});

describe("who may review a product", () => {
  it("a customer whose order with the product was delivered", async () => {
    const buyer = await customer();
    await orderOf(buyer.id, product.id, "delivered");
    expect(await hasReceivedProduct(buyer.id, product.id)).toBe(true);
    expect(await getReviewer(buyer, product.id)).toEqual({ kind: "buyer", review: null });
  });

  it("not while the order is pending, processing, shipped or cancelled", async () => {
    const waiting = await customer();
    for (const status of ["pending", "processing", "shipped", "cancelled"] as const) {
      await orderOf(waiting.id, product.id, status);
    }
    expect(await hasReceivedProduct(waiting.id, product.id)).toBe(false);
    expect(await getReviewer(waiting, product.id)).toEqual({ kind: "not_buyer" });

    const { status, result } = await post(waiting, product.id, "5", "Excelente producto, llegó rápido.");
    expect(status).toBe(403);
    expect(result).toMatchObject({ ok: false, errors: { form: NOT_A_BUYER } });
    expect(NOT_A_BUYER).toBe("Podés opinar sobre los productos que recibiste.");
    const rows = await t.db.select().from(productReviews).where(eq(productReviews.userId, waiting.id));
    expect(rows).toEqual([]);
  });

  it("not for another product of the delivered order, nor for someone else's order", async () => {
    const other = await insertProduct({ name: "Teclado", status: "published" });
    const buyer = await customer();
    await orderOf(buyer.id, other.id, "delivered");
    expect(await hasReceivedProduct(buyer.id, product.id)).toBe(false);
    const stranger = await customer();
    expect(await hasReceivedProduct(stranger.id, other.id)).toBe(false);
  });

  it("an anonymous visitor is asked to sign in", async () => {
    expect(await getReviewer(null, product.id)).toEqual({ kind: "anonymous" });
  });

  it("the product page says so to each visitor", async () => {
    expect((await pageOf(product.id)).reviewer).toEqual({ kind: "anonymous" });

    const email = `compradora.${randomUUID()}@example.com`;
    await getAuth().api.signUpEmail({ body: { email, password: "clave-de-prueba", name: "Ana Gómez" } });
    const signIn = await getAuth().api.signInEmail({ body: { email, password: "clave-de-prueba" }, asResponse: true });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect((await pageOf(product.id, cookie)).reviewer).toEqual({ kind: "not_buyer" });
    await orderOf(user!.id, product.id, "delivered");
    expect((await pageOf(product.id, cookie)).reviewer).toEqual({ kind: "buyer", review: null });
  });
});

describe("writing a review", () => {
  it("validates rating and text with Spanish messages", async () => {
    const buyer = await customer();
    await orderOf(buyer.id, product.id, "delivered");
    const cases: [string, string, Record<string, string>][] = [
      ["", "Muy bueno el mouse.", { rating: "Elegí una calificación de 1 a 5 estrellas." }],
      ["6", "Muy bueno el mouse.", { rating: "Elegí una calificación de 1 a 5 estrellas." }],
      ["0", "Muy bueno el mouse.", { rating: "Elegí una calificación de 1 a 5 estrellas." }],
      ["4.5", "Muy bueno el mouse.", { rating: "Elegí una calificación de 1 a 5 estrellas." }],
      ["4", "   ", { text: "Escribí tu opinión." }],
      ["4", "Bueno", { text: "Contanos un poco más: al menos 10 caracteres." }],
      ["4", "x".repeat(1001), { text: "La opinión no puede superar los 1000 caracteres." }],
    ];
    for (const [rating, text, errors] of cases) {
      const { status, result } = await post(buyer, product.id, rating, text);
      expect(status).toBe(400);
      expect(result.ok ? null : result.errors).toEqual(errors);
    }
    expect(await t.db.select().from(productReviews).where(eq(productReviews.userId, buyer.id))).toEqual([]);
  });

  it("stores it pending with the customer's name; editing it rewrites the same review and sends it back to pending", async () => {
    const buyer = await customer("Martina Sosa");
    await orderOf(buyer.id, product.id, "delivered");
    const first = await post(buyer, product.id, "4", "  Muy cómodo, buena batería.  ");
    expect(first.result).toEqual({ ok: true, message: REVIEW_SAVED });

    const [row] = await t.db.select().from(productReviews).where(eq(productReviews.userId, buyer.id));
    expect(row).toMatchObject({
      author: "Martina Sosa",
      rating: 4,
      text: "Muy cómodo, buena batería.",
      status: "pending",
    });

    expect(await moderateReview(row!.id, "approve", admin)).toBe(true);
    expect(await getReviewer(buyer, product.id)).toEqual({
      kind: "buyer",
      review: { rating: 4, text: "Muy cómodo, buena batería.", status: "approved" },
    });

    const second = await post(buyer, product.id, "2", "Se desconecta seguido, no lo recomiendo.");
    expect(second.result).toEqual({ ok: true, message: REVIEW_UPDATED });
    const rows = await t.db.select().from(productReviews).where(eq(productReviews.userId, buyer.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: row!.id,
      rating: 2,
      text: "Se desconecta seguido, no lo recomiendo.",
      status: "pending",
      moderatedAt: null,
      moderatedBy: null,
    });
    // The edited text is not public until it is approved again.
    expect((await listApprovedReviews(product.id)).map((r) => r.text)).not.toContain(
      "Se desconecta seguido, no lo recomiendo.",
    );
    expect((await listApprovedReviews(product.id)).map((r) => r.text)).not.toContain("Muy cómodo, buena batería.");
  });
});

describe("moderation", () => {
  it("shows only approved reviews on the product page, and counts them in the aggregate rating", async () => {
    const fresh = await insertProduct({ name: "Auriculares", status: "published", meta: {} });
    const [ana, beto, caro] = [await customer("Ana"), await customer("Beto"), await customer("Caro")];
    for (const c of [ana, beto, caro]) await orderOf(c.id, fresh.id, "delivered");
    await saveReview(ana, fresh.id, { rating: 5, text: "Suenan bárbaro, muy cómodos." });
    await saveReview(beto, fresh.id, { rating: 4, text: "Buenos, <script>alert(1)</script> un poco grandes." });
    await saveReview(caro, fresh.id, { rating: 1, text: "No me gustaron para nada." });

    // All pending: nothing shows, no rating, and the tab has nothing to show.
    let page = await pageOf(fresh.id);
    expect(page.product.reviews).toEqual([]);
    expect(page.product.rating).toBeNull();

    const pending = await listReviews({ status: "pending", pageSize: 500 });
    const idOf = (author: string) => pending.reviews.find((r) => r.productId === fresh.id && r.author === author)!.id;
    expect(await moderateReview(idOf("Ana"), "approve", admin)).toBe(true);
    expect(await moderateReview(idOf("Beto"), "approve", admin)).toBe(true);
    expect(await moderateReview(idOf("Caro"), "reject", admin)).toBe(true);

    page = await pageOf(fresh.id);
    expect(page.product.reviews.map((r) => r.author).sort()).toEqual(["Ana", "Beto"]);
    // Stored as typed; the page renders it as text.
    expect(page.product.reviews.find((r) => r.author === "Beto")!.text).toBe(
      "Buenos, <script>alert(1)</script> un poco grandes.",
    );
    expect(page.product.rating).toEqual({ ratingValue: "4.5", reviewCount: 2 });

    const [rejected] = await t.db
      .select()
      .from(productReviews)
      .where(eq(productReviews.id, idOf("Caro")));
    expect(rejected).toMatchObject({ status: "rejected", moderatedBy: admin.id });
    expect(rejected!.moderatedAt).toBeInstanceOf(Date);
  });

  it("adds approved reviews to the ones written into the product by staff", async () => {
    const withMeta = await insertProduct({
      name: "Monitor",
      status: "published",
      meta: { reviews: [{ author: "Equipo Vitec", text: "Excelente panel.", rating: 5 }] },
    });
    const buyer = await customer("Diego");
    await orderOf(buyer.id, withMeta.id, "delivered");
    await saveReview(buyer, withMeta.id, { rating: 2, text: "Trajo un píxel muerto." });
    expect((await pageOf(withMeta.id)).product.rating).toEqual({ ratingValue: "5.0", reviewCount: 1 });

    const { reviews } = await listReviews({ status: "pending", pageSize: 500 });
    await moderateReview(reviews.find((r) => r.productId === withMeta.id)!.id, "approve", admin);
    const page = await pageOf(withMeta.id);
    expect(page.product.reviews.map((r) => r.author)).toEqual(["Diego", "Equipo Vitec"]);
    expect(page.product.rating).toEqual({ ratingValue: "3.5", reviewCount: 2 });
  });

  it("lists reviews newest first, filters by status and counts each status", async () => {
    const all = await listReviews({ pageSize: 500 });
    const times = all.reviews.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.total).toBe(all.counts.pending + all.counts.approved + all.counts.rejected);
    for (const status of ["pending", "approved", "rejected"] as const) {
      const only = await listReviews({ status, pageSize: 500 });
      expect(only.reviews.length).toBe(all.counts[status]);
      expect(only.reviews.every((r) => r.status === status)).toBe(true);
    }
    expect(await moderateReview(randomUUID(), "approve", admin)).toBe(false);
    expect(await moderateReview("nope", "approve", admin)).toBe(false);
  });
});
