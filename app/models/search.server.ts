import { sql } from "drizzle-orm";
import { queryRows } from "~/db/client.server";
import { MIN_TYPO_WORD_LENGTH, orPrefixQuery, searchWords } from "~/domain/search-query";
import type { ProductCardData } from "./product.server";

export const SEARCH_LIMIT = 48;

/**
 * Words of the query that are not in the catalogue's dictionary are replaced by their nearest
 * dictionary word (trigram similarity, index-assisted): "notbook" -> "notebook".
 */
async function correctWords(words: string[]): Promise<string[]> {
  const candidates = words.filter((w) => w.length >= MIN_TYPO_WORD_LENGTH);
  if (candidates.length === 0) return words;
  const rows = await queryRows<{ input: string; word: string | null }>(sql`
    select q.input,
      (select s.word from search_words s
        where s.word = q.input or s.word % q.input
        order by s.word = q.input desc, s.word <-> q.input, s.word
        limit 1) as word
    from unnest(${sql.param(candidates)}::text[]) as q(input)`);
  const corrected = new Map(rows.map((r) => [r.input, r.word]));
  return words.map((w) => corrected.get(w) ?? w);
}

/** Published products matching any query word, best matches first, with the total count. */
export async function searchProducts(q: string): Promise<{ items: ProductCardData[]; total: number; words: string[] }> {
  const typed = searchWords(q);
  if (typed.length === 0) return { items: [], total: 0, words: [] };
  const corrected = await correctWords(typed);
  const words = [...new Set([...typed, ...corrected])];
  const tsquery = sql`to_tsquery('es_unaccent', ${orPrefixQuery(words)})`;
  const rows = await queryRows<ProductCardData & { total: number }>(sql`
    select id, name, description, price, sale_price as "salePrice", image_url as "imageUrl", stock,
      iva_rate::float8 as "ivaRate", meta->'option_groups' as "optionGroups",
      count(*) over ()::int as total
    from products
    where status = 'published' and search_vector @@ ${tsquery}
    -- A name that starts with a query word names the thing sought ("Notebook HP" for "notebooks",
    -- not "Mochila para Notebook"); then the text rank, where the name weighs more than the description.
    order by to_tsvector('es_unaccent', split_part(name, ' ', 1)) @@ ${tsquery} desc,
      ts_rank(search_vector, ${tsquery}) desc, created_at desc
    limit ${SEARCH_LIMIT}`);
  const total = rows[0]?.total ?? 0;
  const items = rows.map(({ total: _total, ...item }) => item);
  return { items, total, words };
}
