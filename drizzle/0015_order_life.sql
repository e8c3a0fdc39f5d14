CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"product_id" uuid,
	"variant_id" uuid,
	"quantity" integer NOT NULL,
	"kind" text NOT NULL,
	"reservation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_one_release_per_reservation" UNIQUE("reservation_id"),
	CONSTRAINT "stock_movements_line_quantity" UNIQUE("id","order_item_id","quantity"),
	CONSTRAINT "stock_movements_quantity_positive" CHECK ("stock_movements"."quantity" > 0),
	CONSTRAINT "stock_movements_kind_valid" CHECK (("stock_movements"."kind" = 'reserve' and "stock_movements"."reservation_id" is null) or ("stock_movements"."kind" = 'release' and "stock_movements"."reservation_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_preference_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_url_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stock_state" text DEFAULT 'reserved' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_reservation_id_stock_movements_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "stock_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_release_matches_reservation" FOREIGN KEY ("reservation_id","order_item_id","quantity") REFERENCES "stock_movements"("id","order_item_id","quantity") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_order_id_idx" ON "stock_movements" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "stock_movements_product_id_idx" ON "stock_movements" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_stock_state_valid" CHECK ("orders"."stock_state" in ('reserved', 'released', 'shipped'));--> statement-breakpoint
-- [16/25] Orders placed before the stock ledger: the stock state their status implies, and one
-- reservation per line whose units are still out of the stock (live and shipped orders), so that
-- each product's stock + the units held by orders is what it was, and a later cancellation,
-- expiry or withdrawal returns them once. Cancelled orders have nothing to return: an expired one
-- returned its units already; one cancelled by staff before this release never did, and is left
-- as it is (staff may have counted the stock since).
UPDATE "orders" SET "stock_state" = CASE
  WHEN "status" IN ('shipped', 'delivered') THEN 'shipped'
  WHEN "status" = 'cancelled' THEN 'released'
  ELSE 'reserved'
END;
--> statement-breakpoint
INSERT INTO "stock_movements" ("order_id", "order_item_id", "product_id", "variant_id", "quantity", "kind", "created_at")
SELECT oi."order_id", oi."id", oi."product_id", oi."variant_id", oi."quantity", 'reserve', o."created_at"
FROM "order_items" oi
JOIN "orders" o ON o."id" = oi."order_id"
WHERE o."status" <> 'cancelled' AND oi."product_id" IS NOT NULL;
--> statement-breakpoint
-- Payment flags are now what staff must do now, recomputed after every event: the old
-- "approved after expiry" becomes "paid while cancelled" while the order is cancelled and paid.
UPDATE "orders" SET "payment_flags" =
  coalesce((SELECT jsonb_agg(f) FROM jsonb_array_elements("orders"."payment_flags") f WHERE f->>'kind' = 'amount_mismatch'), '[]'::jsonb)
  || CASE WHEN "status" = 'cancelled' AND "payment_status" IN ('approved', 'in_mediation') AND "payment_id" IS NOT NULL
    THEN jsonb_build_array(jsonb_build_object(
      'kind', 'paid_while_cancelled',
      'paymentId', "payment_id",
      'receivedCents', coalesce((SELECT round(p."amount" * 100)::int FROM "payments" p
        WHERE p."order_id" = "orders"."id" AND p."provider_payment_id" = "orders"."payment_id"), 0)))
    ELSE '[]'::jsonb END
WHERE "payment_flags" <> '[]'::jsonb OR ("status" = 'cancelled' AND "payment_status" IN ('approved', 'in_mediation'));
