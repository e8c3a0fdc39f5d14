-- [25/25] Cuenta corriente (ADR 0022): the append-only ledger of each company's account and the
-- orders placed on account. An order on account counts against the limit from the moment it is
-- placed (account_orders) until its factura is authorised, when the factura's ledger entry takes
-- over (an entry with kind 'invoice' for that order); a cancelled order not yet invoiced counts
-- no more. The ledger is never updated or deleted: a mistake is corrected with an adjustment.
CREATE TABLE "account_orders" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"placed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE restrict,
	CONSTRAINT "account_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE restrict,
	CONSTRAINT "account_orders_amount_valid" CHECK ("account_orders"."amount_cents" >= 0)
);--> statement-breakpoint
CREATE INDEX "account_orders_company_idx" ON "account_orders" USING btree ("company_id");--> statement-breakpoint
CREATE TABLE "account_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"entry_date" date NOT NULL,
	"due_date" date NOT NULL,
	"invoice_id" uuid,
	"order_id" uuid,
	"payment_method" text,
	"payment_reference" text,
	"note" text,
	"recorded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE restrict,
	CONSTRAINT "account_entries_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE restrict,
	CONSTRAINT "account_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE restrict,
	CONSTRAINT "account_entries_kind_valid" CHECK ("account_entries"."kind" in ('invoice', 'credit_note', 'payment', 'adjustment')),
	CONSTRAINT "account_entries_sign_valid" CHECK (("account_entries"."kind" = 'invoice' and "account_entries"."amount_cents" > 0)
        or ("account_entries"."kind" in ('credit_note', 'payment') and "account_entries"."amount_cents" < 0)
        or ("account_entries"."kind" = 'adjustment' and "account_entries"."amount_cents" <> 0)),
	CONSTRAINT "account_entries_document_valid" CHECK (("account_entries"."kind" in ('invoice', 'credit_note')) = ("account_entries"."invoice_id" is not null and "account_entries"."order_id" is not null)
        or "account_entries"."kind" = 'payment'),
	CONSTRAINT "account_entries_payment_valid" CHECK (("account_entries"."kind" = 'payment') = ("account_entries"."payment_method" is not null)
        and ("account_entries"."payment_method" is null or "account_entries"."payment_method" in ('transferencia', 'cheque', 'echeq'))),
	CONSTRAINT "account_entries_reference_length" CHECK ("account_entries"."payment_reference" is null or char_length("account_entries"."payment_reference") <= 120)
);--> statement-breakpoint
CREATE INDEX "account_entries_company_idx" ON "account_entries" USING btree ("company_id","entry_date","created_at");--> statement-breakpoint
-- One ledger entry per authorised factura or credit note: the invoicing job may post it twice.
CREATE UNIQUE INDEX "account_entries_document_unique" ON "account_entries" USING btree ("invoice_id") WHERE "account_entries"."kind" in ('invoice', 'credit_note');--> statement-breakpoint
CREATE INDEX "account_entries_order_idx" ON "account_entries" USING btree ("order_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION account_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'account_entries is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "account_entries_append_only" BEFORE UPDATE OR DELETE ON "account_entries"
  FOR EACH ROW EXECUTE FUNCTION account_entries_append_only();
