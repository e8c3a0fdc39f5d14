CREATE TABLE "product_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"profile" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"payload" jsonb,
	"report" jsonb,
	"created_by" text,
	"created_by_email" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "product_imports_status_valid" CHECK ("product_imports"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "product_import_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"import_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"source_url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"stored_url" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_import_images_status_valid" CHECK ("product_import_images"."status" in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "product_import_images" ADD CONSTRAINT "product_import_images_import_id_product_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "product_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_import_images" ADD CONSTRAINT "product_import_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_imports_status_idx" ON "product_imports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "product_import_images_status_idx" ON "product_import_images" USING btree ("status");--> statement-breakpoint
CREATE INDEX "product_import_images_import_idx" ON "product_import_images" USING btree ("import_id");
