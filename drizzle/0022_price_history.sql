-- [22/25] Price history (ADR 0019). Pending deferred content-version events from earlier
-- migrations in the same run would block the triggers created on products: fire them now.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
CREATE TABLE "price_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid,
	"price" numeric(12, 2),
	"sale_price" numeric(12, 2),
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text,
	"source" text DEFAULT 'app' NOT NULL
);--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_history_product_changed_idx" ON "price_history" USING btree ("product_id","changed_at");--> statement-breakpoint
-- One row per change of price or sale price, whatever wrote it (admin, CSV import, duplicate,
-- repricing, SQL by hand). Who and from where: the transaction-local settings vitec.actor and
-- vitec.price_source (set_config(..., true)), empty or unset when the writer did not say.
CREATE FUNCTION record_price_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.price IS NOT DISTINCT FROM NEW.price
     AND OLD.sale_price IS NOT DISTINCT FROM NEW.sale_price THEN
    RETURN NULL;
  END IF;
  -- clock_timestamp(): several changes in one transaction keep their order.
  INSERT INTO price_history (product_id, variant_id, price, sale_price, changed_at, actor, source)
  VALUES (
    CASE WHEN TG_TABLE_NAME = 'product_variants' THEN (to_jsonb(NEW) ->> 'product_id')::uuid ELSE NEW.id END,
    CASE WHEN TG_TABLE_NAME = 'product_variants' THEN NEW.id END,
    NEW.price,
    NEW.sale_price,
    clock_timestamp(),
    nullif(current_setting('vitec.actor', true), ''),
    coalesce(nullif(current_setting('vitec.price_source', true), ''), 'app')
  );
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER products_price_history AFTER INSERT OR UPDATE OF price, sale_price ON products
  FOR EACH ROW EXECUTE FUNCTION record_price_change();--> statement-breakpoint
CREATE TRIGGER product_variants_price_history AFTER INSERT OR UPDATE OF price, sale_price ON product_variants
  FOR EACH ROW EXECUTE FUNCTION record_price_change();--> statement-breakpoint
-- What the store has today, as of the product's creation (nothing older is known).
INSERT INTO price_history (product_id, variant_id, price, sale_price, changed_at, source)
SELECT p.id, NULL, p.price, p.sale_price, p.created_at, 'migration' FROM products p
UNION ALL
SELECT v.product_id, v.id, v.price, v.sale_price, p.created_at, 'migration'
FROM product_variants v JOIN products p ON p.id = v.product_id;
