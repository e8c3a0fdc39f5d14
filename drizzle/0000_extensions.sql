-- Extensions live in public so that every schema (tests use one schema per file) shares them.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;
--> statement-breakpoint
-- Spanish full-text search with accents folded: "camara" matches "Cámara".
DO $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM pg_ts_config c JOIN pg_namespace n ON n.oid = c.cfgnamespace
    WHERE c.cfgname = 'es_unaccent' AND n.nspname = current_schema()
  ) THEN
    CREATE TEXT SEARCH CONFIGURATION es_unaccent (COPY = pg_catalog.spanish);
    ALTER TEXT SEARCH CONFIGURATION es_unaccent
      ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, spanish_stem;
  END IF;
END
$$;
