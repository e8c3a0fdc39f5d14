-- [25/25] The company an order was placed for (ADR 0022): set inside the order's transaction from
-- the buyer's approved membership, never from the form. The order is invoiced to the company and
-- the dashboard splits sales by the company's customer group. A company is never deleted while
-- its orders exist (restrict).
ALTER TABLE "orders" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_company_id_idx" ON "orders" USING btree ("company_id") WHERE "orders"."company_id" is not null;
