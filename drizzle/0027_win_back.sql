SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
-- [23/25] Win back the sale. Opted-out addresses are kept by their normalised e-mail, with no
-- key to users or customers, so deleting a customer never forgets an opt-out.
CREATE TABLE "email_opt_outs" (
	"email" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_opt_outs_source_valid" CHECK ("email_opt_outs"."source" in ('link', 'one_click', 'staff'))
);--> statement-breakpoint
CREATE TABLE "checkout_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"last_reminded_at" timestamp with time zone,
	"recovered_order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_drafts_recovered_order_id_orders_id_fk" FOREIGN KEY ("recovered_order_id") REFERENCES "orders"("id") ON DELETE set null
);--> statement-breakpoint
-- One open (not recovered) draft per address: the checkout updates it as the cart changes.
CREATE UNIQUE INDEX "checkout_drafts_open_email_idx" ON "checkout_drafts" ("email") WHERE "recovered_order_id" is null;--> statement-breakpoint
CREATE INDEX "checkout_drafts_updated_at_idx" ON "checkout_drafts" ("updated_at");--> statement-breakpoint
CREATE TABLE "stock_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid,
	-- Set by the triggers below when the product's (or variant's) stock goes from 0 to positive.
	"back_in_stock_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE cascade,
	CONSTRAINT "stock_alerts_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "product_variants"("id") ON DELETE cascade
);--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_waiting_idx" ON "stock_alerts" ("email", "product_id", coalesce("variant_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE "notified_at" is null;--> statement-breakpoint
CREATE INDEX "stock_alerts_due_idx" ON "stock_alerts" ("back_in_stock_at") WHERE "notified_at" is null and "back_in_stock_at" is not null;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "list_unsubscribe" text;--> statement-breakpoint
-- Every path that writes stock (admin, CSV import, an order cancelled, a variant restocked, the
-- variants' sum) updates these columns, so the crossing from 0 is caught here, once, in the
-- writer's transaction.
CREATE FUNCTION stock_alerts_product_back() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE stock_alerts SET back_in_stock_at = now()
    WHERE product_id = NEW.id AND variant_id IS NULL AND notified_at IS NULL AND back_in_stock_at IS NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER stock_alerts_product_back AFTER UPDATE OF stock ON products
  FOR EACH ROW WHEN (OLD.stock <= 0 AND NEW.stock > 0) EXECUTE FUNCTION stock_alerts_product_back();--> statement-breakpoint
CREATE FUNCTION stock_alerts_variant_back() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE stock_alerts SET back_in_stock_at = now()
    WHERE variant_id = NEW.id AND notified_at IS NULL AND back_in_stock_at IS NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER stock_alerts_variant_back AFTER UPDATE OF stock ON product_variants
  FOR EACH ROW WHEN (OLD.stock <= 0 AND NEW.stock > 0) EXECUTE FUNCTION stock_alerts_variant_back();
