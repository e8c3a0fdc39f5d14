ALTER TABLE "outbox_emails" DROP CONSTRAINT "outbox_emails_status_valid";--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "send_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "meta" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_emails_order_id_idx" ON "outbox_emails" USING btree ("order_id","created_at") WHERE "outbox_emails"."order_id" is not null;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_status_valid" CHECK ("outbox_emails"."status" in ('pending', 'sent', 'failed', 'cancelled'));