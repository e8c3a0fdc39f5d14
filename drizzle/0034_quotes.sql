-- [25/25] Quotes (cotizaciones, ADR 0022 "Quotes"): a company member's request from a cart,
-- priced by staff (line prices, validity, conditions), accepted into an order at the quoted
-- prices or sent back with a note; every step is a quote event (the quote's timeline).
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"company_id" uuid NOT NULL,
	"requested_by" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"buyer_note" text DEFAULT '' NOT NULL,
	"conditions" text DEFAULT '' NOT NULL,
	"valid_until" date,
	"priced_by" text,
	"priced_at" timestamp with time zone,
	"order_id" uuid,
	"access_token" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_number_unique" UNIQUE("number"),
	CONSTRAINT "quotes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE cascade,
	CONSTRAINT "quotes_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "users"("id") ON DELETE set null,
	CONSTRAINT "quotes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE set null,
	CONSTRAINT "quotes_status_valid" CHECK ("quotes"."status" in ('requested', 'priced', 'accepted', 'changes_requested', 'expired', 'cancelled')),
	CONSTRAINT "quotes_priced_has_validity" CHECK ("quotes"."status" not in ('priced', 'accepted') or "quotes"."valid_until" is not null),
	CONSTRAINT "quotes_note_length" CHECK (char_length("quotes"."buyer_note") <= 2000 and char_length("quotes"."conditions") <= 2000)
);--> statement-breakpoint
CREATE INDEX "quotes_company_idx" ON "quotes" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quotes_status_idx" ON "quotes" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
-- One order per quote, whatever runs at the same time.
CREATE UNIQUE INDEX "quotes_order_unique" ON "quotes" USING btree ("order_id") WHERE "quotes"."order_id" is not null;--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid,
	"variant_id" uuid,
	"selected_options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"public_unit_price" numeric(12, 2) NOT NULL,
	"quoted_unit_price" numeric(12, 2),
	CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "quotes"("id") ON DELETE cascade,
	CONSTRAINT "quote_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE set null,
	CONSTRAINT "quote_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "product_variants"("id") ON DELETE set null,
	CONSTRAINT "quote_lines_quantity_valid" CHECK ("quote_lines"."quantity" between 1 and 100000),
	CONSTRAINT "quote_lines_prices_valid" CHECK ("quote_lines"."public_unit_price" >= 0 and ("quote_lines"."quoted_unit_price" is null or "quote_lines"."quoted_unit_price" > 0))
);--> statement-breakpoint
CREATE UNIQUE INDEX "quote_lines_position_unique" ON "quote_lines" USING btree ("quote_id","position");--> statement-breakpoint
CREATE TABLE "quote_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "quote_events_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "quotes"("id") ON DELETE cascade,
	CONSTRAINT "quote_events_kind_valid" CHECK ("quote_events"."kind" in ('requested', 'priced', 'accepted', 'changes_requested', 'expired', 'cancelled'))
);--> statement-breakpoint
CREATE INDEX "quote_events_quote_idx" ON "quote_events" USING btree ("quote_id","created_at");
