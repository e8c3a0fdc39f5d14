-- A cancelled order gives its coupon use back (ADR 0012, "Coupon uses"): the redemption stays as the
-- record of what the order was charged, marked released; uses and uses per customer count only
-- the redemptions still held.
ALTER TABLE "coupon_redemptions" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
UPDATE "coupon_redemptions" r SET "released_at" = now()
  FROM "orders" o WHERE o."id" = r."order_id" AND o."status" = 'cancelled';--> statement-breakpoint
UPDATE "coupons" c SET "uses" = (
  SELECT count(*) FROM "coupon_redemptions" r WHERE r."coupon_id" = c."id" AND r."released_at" IS NULL
);
