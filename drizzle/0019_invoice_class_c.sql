-- A Monotributo store issues Factura C: the order keeps the class its seller and buyer give.
ALTER TABLE "orders" DROP CONSTRAINT "orders_invoice_type_valid";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoice_type_valid" CHECK ("orders"."invoice_type" is null or "orders"."invoice_type" in ('A', 'B', 'C'));
