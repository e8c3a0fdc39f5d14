-- [22/25] Prices pegged to the dollar (ADR 0020): a product's list price in USD and its markup
-- (percent); a category's markup, inherited by its products (and its subcategories' products)
-- that have none of their own. A product with a USD price is pegged: its peso price follows the
-- exchange rate of Configuración (setting exchange_rate).
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "usd_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "markup_percent" numeric(6, 2);--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "markup_percent" numeric(6, 2);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_usd_price_positive" CHECK ("products"."usd_price" is null or "products"."usd_price" > 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_markup_valid" CHECK ("products"."markup_percent" is null or "products"."markup_percent" between 0 and 1000);--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_markup_valid" CHECK ("categories"."markup_percent" is null or "categories"."markup_percent" between 0 and 1000);--> statement-breakpoint
CREATE INDEX "products_pegged_idx" ON "products" USING btree ("id") WHERE "products"."usd_price" is not null;
