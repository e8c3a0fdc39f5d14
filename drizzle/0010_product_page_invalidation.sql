-- [11/15] Invalidate what changed, not everything (ADR 0005, revised). The content version now
-- goes up for a change to a product only when listings (home, catalogue, search, related
-- products, the sitemap) would show it: a product added or removed, any column changed other
-- than its stock and updated_at, or its stock crossing zero (in stock <-> sin stock). A sale
-- that leaves stock above zero no longer touches the content_version row, so checkouts do not
-- queue on it, and it changes only that product's page, whose cached copy is keyed by the
-- product row's own version (xmin: every update of the row gives it a new one).
DROP TRIGGER IF EXISTS products_content_version ON products;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_content_version_insert_delete AFTER INSERT OR DELETE ON products
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_content_version_update AFTER UPDATE ON products
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (
    (to_jsonb(OLD) - 'stock' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'stock' - 'updated_at')
    OR (OLD.stock > 0) IS DISTINCT FROM (NEW.stock > 0)
  )
  EXECUTE FUNCTION bump_content_version();
