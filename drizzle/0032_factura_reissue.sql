-- A reopened order whose factura was credited in full (cancelled, then reopened) is invoiced
-- again: an order has one factura per `issue`, and a new issue only once the previous factura is
-- credited in full (app/models/invoices.server.ts, ADR 0017).
ALTER TABLE "invoices" ADD COLUMN "issue" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
DROP INDEX "invoices_one_factura_per_order";--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_factura_per_order" ON "invoices" USING btree ("order_id","issue") WHERE "invoices"."kind" = 'factura';
