-- [25/25] Business buyers (ADR 0022): companies keyed by their CUIT, their members, customer
-- groups and each group's price list (rules, quantity breaks, minimum quantities). None of these
-- tables raises the content version: group prices never appear on a public (cached) page.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
CREATE TABLE "customer_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"default_percent" numeric(5, 2) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_groups_name_unique" UNIQUE("name"),
	CONSTRAINT "customer_groups_name_length" CHECK (char_length("customer_groups"."name") between 1 and 60),
	CONSTRAINT "customer_groups_default_percent_valid" CHECK ("customer_groups"."default_percent" between 0 and 100)
);--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cuit" text NOT NULL,
	"legal_name" text NOT NULL,
	"iva_condition" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"group_id" uuid,
	"credit_limit" numeric(12, 2),
	"payment_terms_days" integer DEFAULT 30 NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_group_id_customer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "customer_groups"("id") ON DELETE restrict,
	CONSTRAINT "companies_cuit_digits" CHECK ("companies"."cuit" ~ '^[0-9]{11}$'),
	CONSTRAINT "companies_legal_name_length" CHECK (char_length("companies"."legal_name") between 2 and 120),
	CONSTRAINT "companies_iva_condition_valid" CHECK ("companies"."iva_condition" in ('responsable_inscripto', 'monotributista', 'exento')),
	CONSTRAINT "companies_status_valid" CHECK ("companies"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "companies_approved_has_group" CHECK ("companies"."status" <> 'approved' or "companies"."group_id" is not null),
	CONSTRAINT "companies_credit_limit_valid" CHECK ("companies"."credit_limit" is null or "companies"."credit_limit" >= 0),
	CONSTRAINT "companies_payment_terms_valid" CHECK ("companies"."payment_terms_days" between 0 and 180)
);--> statement-breakpoint
CREATE UNIQUE INDEX "companies_cuit_unique" ON "companies" USING btree ("cuit");--> statement-breakpoint
CREATE INDEX "companies_status_idx" ON "companies" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "companies_group_idx" ON "companies" USING btree ("group_id");--> statement-breakpoint
CREATE TABLE "company_members" (
	"company_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"role" text DEFAULT 'buyer' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_members_company_id_user_id_pk" PRIMARY KEY("company_id","user_id"),
	CONSTRAINT "company_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE cascade,
	CONSTRAINT "company_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade,
	CONSTRAINT "company_members_role_valid" CHECK ("company_members"."role" in ('buyer', 'approver'))
);--> statement-breakpoint
-- A user buys for one company at most: the session's price list is one lookup.
CREATE UNIQUE INDEX "company_members_user_unique" ON "company_members" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "price_list_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"category_id" text,
	"product_id" uuid,
	"variant_id" uuid,
	"percent_off" numeric(5, 2),
	"fixed_price" numeric(12, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_list_rules_group_id_customer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "customer_groups"("id") ON DELETE cascade,
	CONSTRAINT "price_list_rules_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "categories"("id") ON DELETE cascade,
	CONSTRAINT "price_list_rules_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE cascade,
	CONSTRAINT "price_list_rules_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "product_variants"("id") ON DELETE cascade,
	CONSTRAINT "price_list_rules_scope_valid" CHECK ("price_list_rules"."scope" in ('category', 'product', 'variant')),
	CONSTRAINT "price_list_rules_target_valid" CHECK (("price_list_rules"."scope" = 'category' and "price_list_rules"."category_id" is not null and "price_list_rules"."product_id" is null and "price_list_rules"."variant_id" is null)
        or ("price_list_rules"."scope" = 'product' and "price_list_rules"."category_id" is null and "price_list_rules"."product_id" is not null and "price_list_rules"."variant_id" is null)
        or ("price_list_rules"."scope" = 'variant' and "price_list_rules"."category_id" is null and "price_list_rules"."product_id" is not null and "price_list_rules"."variant_id" is not null)),
	CONSTRAINT "price_list_rules_value_valid" CHECK (("price_list_rules"."percent_off" is null) <> ("price_list_rules"."fixed_price" is null)
        and ("price_list_rules"."percent_off" is null or "price_list_rules"."percent_off" between 0 and 100)
        and ("price_list_rules"."fixed_price" is null or "price_list_rules"."fixed_price" >= 0)
        and ("price_list_rules"."scope" <> 'category' or "price_list_rules"."percent_off" is not null)
        and ("price_list_rules"."scope" <> 'variant' or "price_list_rules"."fixed_price" is not null))
);--> statement-breakpoint
CREATE UNIQUE INDEX "price_list_rules_category_unique" ON "price_list_rules" USING btree ("group_id","category_id") WHERE "price_list_rules"."scope" = 'category';--> statement-breakpoint
CREATE UNIQUE INDEX "price_list_rules_product_unique" ON "price_list_rules" USING btree ("group_id","product_id") WHERE "price_list_rules"."scope" = 'product';--> statement-breakpoint
CREATE UNIQUE INDEX "price_list_rules_variant_unique" ON "price_list_rules" USING btree ("group_id","variant_id") WHERE "price_list_rules"."scope" = 'variant';--> statement-breakpoint
CREATE TABLE "quantity_breaks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid,
	"min_quantity" integer NOT NULL,
	"percent_off" numeric(5, 2),
	"fixed_price" numeric(12, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quantity_breaks_group_id_customer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "customer_groups"("id") ON DELETE cascade,
	CONSTRAINT "quantity_breaks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE cascade,
	CONSTRAINT "quantity_breaks_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "product_variants"("id") ON DELETE cascade,
	CONSTRAINT "quantity_breaks_min_valid" CHECK ("quantity_breaks"."min_quantity" between 2 and 100000),
	CONSTRAINT "quantity_breaks_value_valid" CHECK (("quantity_breaks"."percent_off" is null) <> ("quantity_breaks"."fixed_price" is null)
        and ("quantity_breaks"."percent_off" is null or "quantity_breaks"."percent_off" between 0 and 100)
        and ("quantity_breaks"."fixed_price" is null or "quantity_breaks"."fixed_price" >= 0))
);--> statement-breakpoint
CREATE UNIQUE INDEX "quantity_breaks_unique" ON "quantity_breaks" USING btree ("group_id","product_id",coalesce("variant_id", '00000000-0000-0000-0000-000000000000'::uuid),"min_quantity");--> statement-breakpoint
CREATE TABLE "min_quantities" (
	"group_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"min_quantity" integer NOT NULL,
	CONSTRAINT "min_quantities_group_id_product_id_pk" PRIMARY KEY("group_id","product_id"),
	CONSTRAINT "min_quantities_group_id_customer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "customer_groups"("id") ON DELETE cascade,
	CONSTRAINT "min_quantities_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE cascade,
	CONSTRAINT "min_quantities_min_valid" CHECK ("min_quantities"."min_quantity" between 2 and 100000)
);
