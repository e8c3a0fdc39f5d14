CREATE TABLE "arca_numbering" (
	"punto_venta" integer NOT NULL,
	"cbte_tipo" integer NOT NULL,
	"held_by" text,
	"held_until" timestamp with time zone,
	CONSTRAINT "arca_numbering_punto_venta_cbte_tipo_pk" PRIMARY KEY("punto_venta","cbte_tipo")
);
--> statement-breakpoint
CREATE TABLE "arca_tickets" (
	"environment" text NOT NULL,
	"cuit" text NOT NULL,
	"service" text NOT NULL,
	"token" text,
	"sign" text,
	"generated_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "arca_tickets_environment_cuit_service_pk" PRIMARY KEY("environment","cuit","service"),
	CONSTRAINT "arca_tickets_environment_valid" CHECK ("arca_tickets"."environment" in ('homologacion', 'produccion'))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"invoice_class" text NOT NULL,
	"cbte_tipo" integer NOT NULL,
	"punto_venta" integer NOT NULL,
	"number" integer,
	"issued_on" date,
	"cae" text,
	"cae_expires_at" date,
	"status" text DEFAULT 'pending' NOT NULL,
	"doc_tipo" integer NOT NULL,
	"doc_nro" text NOT NULL,
	"condicion_iva_receptor_id" integer NOT NULL,
	"amounts" jsonb NOT NULL,
	"request" jsonb,
	"response" jsonb,
	"error_code" text,
	"error_text" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"associated_invoice_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("punto_venta","cbte_tipo","number"),
	CONSTRAINT "invoices_kind_valid" CHECK ("invoices"."kind" in ('factura', 'nota_credito')),
	CONSTRAINT "invoices_class_valid" CHECK ("invoices"."invoice_class" in ('A', 'B', 'C')),
	CONSTRAINT "invoices_status_valid" CHECK ("invoices"."status" in ('pending', 'authorised', 'failed')),
	CONSTRAINT "invoices_cbte_tipo_valid" CHECK ("invoices"."cbte_tipo" in (1, 3, 6, 8, 11, 13)),
	CONSTRAINT "invoices_authorised_has_cae" CHECK ("invoices"."status" <> 'authorised' or ("invoices"."cae" is not null and "invoices"."number" is not null)),
	CONSTRAINT "invoices_credit_note_associated" CHECK (("invoices"."kind" = 'nota_credito') = ("invoices"."associated_invoice_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_associated_invoice_id_invoices_id_fk" FOREIGN KEY ("associated_invoice_id") REFERENCES "invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_factura_per_order" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'factura';--> statement-breakpoint
CREATE INDEX "invoices_order_id_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_pending_idx" ON "invoices" USING btree ("next_attempt_at") WHERE "invoices"."status" = 'pending';