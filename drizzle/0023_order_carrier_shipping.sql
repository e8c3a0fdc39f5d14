SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_service" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_branch" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_quote" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_carrier_valid" CHECK ("orders"."shipping_carrier" is null or "orders"."shipping_carrier" in ('oca', 'micorreo'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_service_valid" CHECK ("orders"."shipping_service" is null or "orders"."shipping_service" in ('domicilio', 'sucursal'));
