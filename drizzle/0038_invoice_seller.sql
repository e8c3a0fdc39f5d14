-- A comprobante keeps the seller it was issued by (ADR 0017): razón social, CUIT, IVA condition,
-- address, Ingresos Brutos and start of activities as they were when ARCA authorised it, so a
-- later change in Configuración does not alter (or invalidate the QR of) an issued comprobante.
-- Rows authorised before this migration keep null and print the current settings, as before.
ALTER TABLE "invoices" ADD COLUMN "seller" jsonb;
