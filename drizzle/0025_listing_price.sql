SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
-- [22/25] One price per product in listings (ADR 0019, "Desde $ X"). listing_price is what a
-- card shows and what the catalogue's price filter and sort use: without variants, the price
-- paid (effective_price); with variants, the lowest price paid among the variants in stock, or
-- among all of them when none is. listing_price_from: the variants are not all at one price
-- (the card says "Desde"). Kept in step by triggers, so listings read one indexed column.
ALTER TABLE "products" ADD COLUMN "listing_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "listing_price_from" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A variant's price paid (~/domain/pricing variantPricing): the price of its first option (in
-- the groups' order) that has one above 0, else the product's price paid; with a price or sale
-- price of its own, its price (else that option's, else the product's) and its sale price when below.
CREATE FUNCTION product_listing_price(pid uuid, p_price numeric, p_sale numeric, p_meta jsonb, OUT price numeric, OUT varies boolean)
LANGUAGE sql STABLE AS $$
  WITH own AS (
    SELECT CASE WHEN p_sale > 0 AND (p_price IS NULL OR p_price <= 0 OR p_sale < p_price) THEN p_sale ELSE p_price END AS paid
  ), vo AS (
    SELECT v.price, v.sale_price, v.stock,
      (SELECT (o->>'price')::numeric
        FROM jsonb_array_elements(CASE WHEN jsonb_typeof(p_meta->'option_groups') = 'array' THEN p_meta->'option_groups' ELSE '[]'::jsonb END)
          WITH ORDINALITY AS g(grp, n)
        CROSS JOIN jsonb_array_elements(CASE WHEN jsonb_typeof(g.grp->'options') = 'array' THEN g.grp->'options' ELSE '[]'::jsonb END) AS o
        WHERE jsonb_typeof(o->'price') = 'number' AND (o->>'price')::numeric > 0
          AND EXISTS (SELECT 1 FROM jsonb_array_elements(v.options) AS x
                      WHERE x->>'group' = g.grp->>'title' AND x->>'option' = o->>'name')
        ORDER BY g.n LIMIT 1) AS option_price
    FROM product_variants v WHERE v.product_id = pid
  ), v AS (
    SELECT
      CASE WHEN vo.price IS NULL AND vo.sale_price IS NULL THEN coalesce(vo.option_price, (SELECT paid FROM own))
        WHEN vo.sale_price > 0 AND (coalesce(vo.price, vo.option_price, p_price) IS NULL
          OR coalesce(vo.price, vo.option_price, p_price) <= 0
          OR vo.sale_price < coalesce(vo.price, vo.option_price, p_price)) THEN vo.sale_price
        ELSE coalesce(vo.price, vo.option_price, p_price) END AS paid,
      vo.stock > 0 AS in_stock
    FROM vo
  )
  SELECT
    CASE WHEN NOT EXISTS (SELECT 1 FROM v) THEN (SELECT paid FROM own)
      WHEN EXISTS (SELECT 1 FROM v WHERE in_stock) THEN (SELECT min(paid) FROM v WHERE in_stock)
      ELSE (SELECT min(paid) FROM v) END,
    coalesce((SELECT count(DISTINCT paid) > 1 FROM v), false)
$$;--> statement-breakpoint
CREATE FUNCTION products_listing_price() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT l.price, l.varies INTO NEW.listing_price, NEW.listing_price_from
    FROM product_listing_price(NEW.id, NEW.price, NEW.sale_price, NEW.meta) l;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER products_listing_price BEFORE INSERT OR UPDATE OF price, sale_price, meta ON products
  FOR EACH ROW EXECUTE FUNCTION products_listing_price();--> statement-breakpoint
-- Any change of a variant already touches its product (stock sum, migration 0014): the listing
-- price follows in the same update.
CREATE OR REPLACE FUNCTION product_variants_stock_sum() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pid uuid;
BEGIN
  FOR pid IN
    SELECT DISTINCT x FROM unnest(ARRAY[
      CASE WHEN TG_OP <> 'INSERT' THEN OLD.product_id END,
      CASE WHEN TG_OP <> 'DELETE' THEN NEW.product_id END
    ]) AS x WHERE x IS NOT NULL
  LOOP
    UPDATE products p
      SET stock = coalesce((SELECT sum(v.stock) FROM product_variants v WHERE v.product_id = pid), 0)::int,
          updated_at = now(),
          (listing_price, listing_price_from) =
            (SELECT l.price, l.varies FROM product_listing_price(p.id, p.price, p.sale_price, p.meta) l)
      WHERE p.id = pid;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE products p SET (listing_price, listing_price_from) =
  (SELECT l.price, l.varies FROM product_listing_price(p.id, p.price, p.sale_price, p.meta) l);--> statement-breakpoint
DROP INDEX IF EXISTS "products_status_effective_price_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_published_price_asc_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_published_price_desc_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_published_category_price_idx";--> statement-breakpoint
CREATE INDEX "products_status_listing_price_idx" ON "products" USING btree ("status","listing_price");--> statement-breakpoint
CREATE INDEX "products_published_price_asc_idx" ON "products" USING btree ("listing_price","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'published';--> statement-breakpoint
CREATE INDEX "products_published_price_desc_idx" ON "products" USING btree ("listing_price" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'published';--> statement-breakpoint
CREATE INDEX "products_published_category_price_idx" ON "products" USING btree ("category_id","listing_price","created_at","id") WHERE "products"."status" = 'published';
