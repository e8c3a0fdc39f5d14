CREATE TABLE "product_counts" (
	"category_key" text PRIMARY KEY NOT NULL,
	"published" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "content_version_single_row" CHECK ("content_version"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('es_unaccent', coalesce(name, ''))) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "head_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('es_unaccent', split_part(coalesce(name, ''), ' ', 1))) STORED;--> statement-breakpoint
-- INCLUDE (written by hand: drizzle cannot declare it): the search walks this index alone, reading
-- the text vectors from it instead of from the table (app/models/search.server.ts).
CREATE INDEX "products_published_created_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("head_vector", "name_vector", "search_vector") WHERE "products"."status" = 'published';--> statement-breakpoint
CREATE INDEX "products_published_price_asc_idx" ON "products" USING btree ("effective_price","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'published';--> statement-breakpoint
CREATE INDEX "products_published_price_desc_idx" ON "products" USING btree ("effective_price" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'published';--> statement-breakpoint
CREATE INDEX "products_published_name_vector_idx" ON "products" USING gin ("name_vector") WHERE "products"."status" = 'published';--> statement-breakpoint
CREATE INDEX "products_published_head_vector_idx" ON "products" USING gin ("head_vector") WHERE "products"."status" = 'published';--> statement-breakpoint
CREATE INDEX "products_published_category_price_idx" ON "products" USING btree ("category_id","effective_price","created_at","id") WHERE "products"."status" = 'published';--> statement-breakpoint
-- The storefront's content version (ADR 0005): one row, bumped once per transaction that changes
-- what anonymous storefront pages show. The triggers are deferred constraint triggers: they run
-- at commit, so the row is locked only for the instant before the commit (concurrent checkouts
-- do not queue behind each other for long), and the new version becomes visible exactly when the
-- change does. A transaction-local setting makes every further row of the same transaction cheap.
INSERT INTO "content_version" ("id", "version") VALUES (1, 1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('vitec.content_version_bumped', true) = 'on' THEN
    RETURN NULL;
  END IF;
  UPDATE content_version SET version = version + 1 WHERE id = 1;
  PERFORM set_config('vitec.content_version_bumped', 'on', true);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_content_version AFTER INSERT OR UPDATE OR DELETE ON products
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER categories_content_version AFTER INSERT OR UPDATE OR DELETE ON categories
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_relations_content_version AFTER INSERT OR UPDATE OR DELETE ON product_relations
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER settings_content_version AFTER INSERT OR UPDATE OR DELETE ON settings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_reviews_content_version AFTER INSERT OR UPDATE OR DELETE ON product_reviews
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
-- product_counts: published products per category, adjusted once per statement from the rows
-- it changed (transition tables). A stock or price update leaves status and category alone and
-- writes nothing here. Keys in order, so two bulk statements lock rows in the same order.
CREATE OR REPLACE FUNCTION count_published_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO product_counts (category_key, published)
    SELECT coalesce(category_id, ''), count(*) FROM new_rows WHERE status = 'published' GROUP BY 1 ORDER BY 1
    ON CONFLICT (category_key) DO UPDATE SET published = product_counts.published + excluded.published;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE product_counts c SET published = c.published - d.n
    FROM (SELECT coalesce(category_id, '') AS k, count(*) AS n FROM old_rows WHERE status = 'published' GROUP BY 1) d
    WHERE c.category_key = d.k;
  ELSE
    INSERT INTO product_counts (category_key, published)
    SELECT k, sum(delta) FROM (
      SELECT coalesce(category_id, '') AS k, -1 AS delta FROM old_rows WHERE status = 'published'
      UNION ALL
      SELECT coalesce(category_id, ''), 1 FROM new_rows WHERE status = 'published'
    ) changes GROUP BY k HAVING sum(delta) <> 0 ORDER BY k
    ON CONFLICT (category_key) DO UPDATE SET published = product_counts.published + excluded.published;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_count_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_published_products();
--> statement-breakpoint
CREATE TRIGGER products_count_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_published_products();
--> statement-breakpoint
CREATE TRIGGER products_count_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_published_products();
--> statement-breakpoint
INSERT INTO product_counts (category_key, published)
SELECT coalesce(category_id, ''), count(*) FROM products WHERE status = 'published' GROUP BY 1
ON CONFLICT (category_key) DO UPDATE SET published = excluded.published;
--> statement-breakpoint
-- TRUNCATE fires no row or statement triggers of the kinds above: start the counts over and
-- bump the version for it too.
CREATE OR REPLACE FUNCTION products_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_counts;
  UPDATE content_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_truncate AFTER TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION products_truncated();
