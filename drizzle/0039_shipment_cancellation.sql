-- Cancelling an order cancels its carrier shipment (ADR 0018): the order's transaction marks the
-- shipment "cancelling" (or "cancel_by_hand" for MiCorreo, which documents no cancel), and the
-- carrier-cancellation job asks the carrier afterwards, recording "cancelled" or "cancel_failed"
-- with the carrier's reason in "error". cancel_after is when the job may try (again): a claim
-- while a process asks the carrier, and the backoff after a network error; cancel_attempts counts
-- the tries.
ALTER TABLE "carrier_shipments" DROP CONSTRAINT "carrier_shipments_status_valid";--> statement-breakpoint
ALTER TABLE "carrier_shipments" ADD CONSTRAINT "carrier_shipments_status_valid" CHECK ("carrier_shipments"."status" in ('creating', 'created', 'failed', 'cancelling', 'cancelled', 'cancel_failed', 'cancel_by_hand'));--> statement-breakpoint
ALTER TABLE "carrier_shipments" ADD COLUMN "cancel_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "carrier_shipments" ADD COLUMN "cancel_after" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "carrier_shipments_cancelling_idx" ON "carrier_shipments" USING btree ("cancel_after") WHERE "carrier_shipments"."status" = 'cancelling';
