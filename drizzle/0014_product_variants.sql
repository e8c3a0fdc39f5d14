CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"options" jsonb NOT NULL,
	"option_key" text NOT NULL,
	"sku" text NOT NULL,
	"price" numeric(12, 2),
	"sale_price" numeric(12, 2),
	"stock" integer DEFAULT 0 NOT NULL,
	"image_url" text,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_variants_sku_unique" UNIQUE("sku"),
	CONSTRAINT "product_variants_product_option_key_unique" UNIQUE("product_id","option_key"),
	CONSTRAINT "product_variants_stock_non_negative" CHECK ("product_variants"."stock" >= 0),
	CONSTRAINT "product_variants_price_non_negative" CHECK ("product_variants"."price" is null or "product_variants"."price" >= 0),
	CONSTRAINT "product_variants_sale_price_non_negative" CHECK ("product_variants"."sale_price" is null or "product_variants"."sale_price" >= 0),
	CONSTRAINT "product_variants_sku_length" CHECK (char_length("product_variants"."sku") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_variants_low_stock_idx" ON "product_variants" USING btree ("stock");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- [14/15] products.stock of a product with variants is the sum of its variants' stock. Every
-- path that changes a variant locks the product row first, so the sum read here includes every
-- committed change. Any change of a variant (price, image...) also gives the product row a new
-- version (updated_at), which is what its cached page is keyed by.
CREATE FUNCTION product_variants_stock_sum() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pid uuid;
BEGIN
  FOR pid IN
    SELECT DISTINCT x FROM unnest(ARRAY[
      CASE WHEN TG_OP <> 'INSERT' THEN OLD.product_id END,
      CASE WHEN TG_OP <> 'DELETE' THEN NEW.product_id END
    ]) AS x WHERE x IS NOT NULL
  LOOP
    UPDATE products
      SET stock = coalesce((SELECT sum(v.stock) FROM product_variants v WHERE v.product_id = pid), 0)::int,
          updated_at = now()
      WHERE id = pid;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_variants_stock_sum AFTER INSERT OR UPDATE OR DELETE ON product_variants
  FOR EACH ROW EXECUTE FUNCTION product_variants_stock_sum();
--> statement-breakpoint
-- Existing products with option groups get their variants: every combination of one option of
-- each group, in the groups' order. The product's stock goes to the first combination (the one
-- its page selected at first, and so the one most orders were for); the others start at 0 for
-- staff to count. SKUs: the product's SKU (or "V-" and the start of its id) and the position.
-- The option key is the one ~/domain/variants variantKey computes.
WITH RECURSIVE grp AS (
  SELECT p.id AS product_id, row_number() OVER (PARTITION BY p.id ORDER BY g.n) AS ord, g.value AS grp
  FROM products p
  CROSS JOIN LATERAL jsonb_array_elements(
    CASE WHEN jsonb_typeof(p.meta->'option_groups') = 'array' THEN p.meta->'option_groups' ELSE '[]'::jsonb END
  ) WITH ORDINALITY AS g(value, n)
  WHERE jsonb_typeof(g.value->'options') = 'array' AND jsonb_array_length(g.value->'options') > 0
), combo AS (
  SELECT g.product_id, g.ord,
    jsonb_build_array(jsonb_build_object('group', g.grp->>'title', 'option', o.value->>'name')) AS options,
    ARRAY[o.n] AS path
  FROM grp g CROSS JOIN LATERAL jsonb_array_elements(g.grp->'options') WITH ORDINALITY AS o(value, n)
  WHERE g.ord = 1
  UNION ALL
  SELECT c.product_id, g.ord,
    c.options || jsonb_build_array(jsonb_build_object('group', g.grp->>'title', 'option', o.value->>'name')),
    c.path || o.n
  FROM combo c
  JOIN grp g ON g.product_id = c.product_id AND g.ord = c.ord + 1
  CROSS JOIN LATERAL jsonb_array_elements(g.grp->'options') WITH ORDINALITY AS o(value, n)
), complete AS (
  SELECT c.product_id, c.options,
    row_number() OVER (PARTITION BY c.product_id ORDER BY c.path) AS position
  FROM combo c
  WHERE c.ord = (SELECT max(g.ord) FROM grp g WHERE g.product_id = c.product_id)
)
INSERT INTO product_variants (product_id, options, option_key, sku, stock, position)
SELECT c.product_id, c.options,
  (SELECT string_agg((e->>'group') || chr(31) || (e->>'option'), chr(30) ORDER BY e->>'group' COLLATE "C")
     FROM jsonb_array_elements(c.options) AS e),
  left(coalesce(p.sku, 'V-' || left(replace(p.id::text, '-', ''), 8)), 90) || '-' || c.position,
  CASE WHEN c.position = 1 THEN p.stock ELSE 0 END,
  c.position - 1
FROM complete c
JOIN products p ON p.id = c.product_id
ORDER BY c.product_id, c.position
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Listings show a product's first variant (its card adds it, at its price: ADR 0010): the
-- content version goes up when a variant comes or goes, changes anything but its stock, or
-- its stock crosses zero; a sale that leaves units does not touch it (ADR 0005).
CREATE CONSTRAINT TRIGGER product_variants_content_version_insert_delete AFTER INSERT OR DELETE ON product_variants
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_variants_content_version_update AFTER UPDATE ON product_variants
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (
    (to_jsonb(OLD) - 'stock') IS DISTINCT FROM (to_jsonb(NEW) - 'stock')
    OR (OLD.stock > 0) IS DISTINCT FROM (NEW.stock > 0)
  )
  EXECUTE FUNCTION bump_content_version();
