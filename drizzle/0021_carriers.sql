-- Earlier migrations applied in the same run (0016 backfills products) leave deferred
-- content-version trigger events pending, and PostgreSQL refuses ALTER TABLE on a table with
-- pending trigger events: fire them now.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
CREATE TABLE "carrier_shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"carrier" text NOT NULL,
	"order_number" text NOT NULL,
	"status" text DEFAULT 'creating' NOT NULL,
	"carrier_shipment_id" text,
	"tracking_number" text,
	"error" text,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carrier_shipments_order_unique" UNIQUE("order_id"),
	CONSTRAINT "carrier_shipments_carrier_valid" CHECK ("carrier_shipments"."carrier" in ('oca', 'micorreo')),
	CONSTRAINT "carrier_shipments_status_valid" CHECK ("carrier_shipments"."status" in ('creating', 'created', 'failed'))
);--> statement-breakpoint
CREATE TABLE "shipping_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"carrier" text NOT NULL,
	"service" text NOT NULL,
	"service_name" text NOT NULL,
	"carrier_ref" text NOT NULL,
	"postal_code" text NOT NULL,
	"parcels_hash" text NOT NULL,
	"parcels" jsonb NOT NULL,
	"declared_value" numeric(12, 2) NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"net_price" numeric(12, 2),
	"delivery_days_min" integer,
	"delivery_days_max" integer,
	"valid_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_quotes_carrier_valid" CHECK ("shipping_quotes"."carrier" in ('oca', 'micorreo')),
	CONSTRAINT "shipping_quotes_service_valid" CHECK ("shipping_quotes"."service" in ('domicilio', 'sucursal')),
	CONSTRAINT "shipping_quotes_price_non_negative" CHECK ("shipping_quotes"."price" >= 0)
);--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "length_cm" numeric(6, 1);--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "width_cm" numeric(6, 1);--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "height_cm" numeric(6, 1);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "length_cm" numeric(6, 1);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "width_cm" numeric(6, 1);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "height_cm" numeric(6, 1);--> statement-breakpoint
ALTER TABLE "carrier_shipments" ADD CONSTRAINT "carrier_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipping_quotes_lookup_idx" ON "shipping_quotes" USING btree ("carrier","postal_code","parcels_hash","valid_until");--> statement-breakpoint
CREATE INDEX "shipping_quotes_valid_until_idx" ON "shipping_quotes" USING btree ("valid_until");--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_weight_valid" CHECK ("product_variants"."weight_grams" between 1 and 1000000);--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_dimensions_valid" CHECK ("product_variants"."length_cm" > 0 and "product_variants"."width_cm" > 0 and "product_variants"."height_cm" > 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_weight_valid" CHECK ("products"."weight_grams" between 1 and 1000000);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_dimensions_valid" CHECK ("products"."length_cm" > 0 and "products"."width_cm" > 0 and "products"."height_cm" > 0);
