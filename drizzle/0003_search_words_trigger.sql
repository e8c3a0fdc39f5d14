-- Keeps search_words filled with the words of product names (see app/db/schema/catalog.ts).
-- Statement-level triggers with transition tables: one insert per statement, also for bulk imports.
CREATE OR REPLACE FUNCTION collect_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w
  FROM new_rows, regexp_split_to_table(lower(public.unaccent(new_rows.name)), '[^a-z0-9]+') AS w
  WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_words_insert
  AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION collect_search_words();
--> statement-breakpoint
CREATE TRIGGER products_search_words_update
  AFTER UPDATE ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION collect_search_words();
