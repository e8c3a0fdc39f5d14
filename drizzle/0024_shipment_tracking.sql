SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
ALTER TABLE "carrier_shipments" ADD COLUMN "tracking_events" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "carrier_shipments" ADD COLUMN "tracked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "carrier_shipments_tracked_at_idx" ON "carrier_shipments" USING btree ("tracked_at") WHERE "carrier_shipments"."status" = 'created';
