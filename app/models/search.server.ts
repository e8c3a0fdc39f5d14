import { type SQL, sql } from "drizzle-orm";
import { queryRows } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import { products } from "~/db/schema/catalog";
import { MIN_TYPO_WORD_LENGTH, andPrefixQuery, orPrefixQuery, searchWords } from "~/domain/search-query";
import { type CardRow, type ProductCardData, cardSelectList, withAntes } from "./product.server";

/** Results per page of /search. */
export const SEARCH_PAGE_SIZE = 24;
export const SEARCH_COUNT_LIMIT = 1000;
/** The last page a search shows (the count stops at SEARCH_COUNT_LIMIT). */
export const SEARCH_MAX_PAGE = Math.ceil(SEARCH_COUNT_LIMIT / SEARCH_PAGE_SIZE);

/**
 * Words of the query that are not in the catalogue's dictionary are replaced by their nearest
 * dictionary word (trigram similarity, index-assisted): "notbook" -> "notebook".
 */
const corrections = preparedQuery(
  "search_corrections",
  (db) =>
    db
      .select({
        input: sql<string>`q.input`,
        word: sql<string | null>`(select s.word from search_words s
        where s.word = q.input or s.word % q.input
        order by s.word = q.input desc, s.word <-> q.input, s.word
        limit 1)`,
      })
      .from(sql`unnest(${sql.placeholder("words")}::text[]) as q(input)`),
  { planEachCall: true },
);

async function correctWords(words: string[]): Promise<string[]> {
  const candidates = words.filter((w) => w.length >= MIN_TYPO_WORD_LENGTH);
  if (candidates.length === 0) return words;
  const rows = await corrections({ words: candidates });
  const corrected = new Map(rows.map((r) => [r.input, r.word]));
  return words.map((w) => corrected.get(w) ?? w);
}

export type SearchResult = {
  items: ProductCardData[];
  total: number;
  /** There are more than `total` (= SEARCH_COUNT_LIMIT) results. */
  totalIsAtLeast: boolean;
  words: string[];
};

// Counting stops past SEARCH_COUNT_LIMIT: an exact count of a word that a fifth of a large
// catalogue has would read all of those rows ("más de 1.000 resultados" says enough). The order
// lets a common word be counted on the same index-only walk.
const countMatches = preparedQuery(
  "search_count",
  (db) =>
    db.select({ total: sql<number>`count(*)::int` }).from(sql`(
    select 1 from products
    where status = 'published' and search_vector @@ to_tsquery('es_unaccent', ${sql.placeholder("query")})
    order by created_at desc, id desc limit ${SEARCH_COUNT_LIMIT + 1}
  ) matches`),
  { planEachCall: true },
);

/** How many of the newest products each tier looks at before it asks the whole catalogue. */
const SEARCH_WINDOW = 5000;

/**
 * Published products matching any query word, best matches first, with the total count.
 *
 * Ranking, best first: the name has every word and starts with one of them; the name has every
 * word; the name starts with one of them ("Notebook HP" for "notebooks", not "Mochila para
 * Notebook"); the name has one of them; only the description has one. Newest first within each.
 * Each tier needs only the newest few of its matches, so it looks among the 5,000 newest
 * products first (an index-only walk: the index carries the text vectors); only a tier that
 * does not fill up there (its words are rare) asks the whole catalogue, through the GIN indexes.
 * A word that a fifth of a 100,000-product catalogue has thus costs a few hundred index entries,
 * not twenty thousand ranked rows.
 */
export async function searchProducts(q: string, page = 1): Promise<SearchResult> {
  const pageNumber = Math.min(Math.max(1, Math.trunc(page) || 1), SEARCH_MAX_PAGE);
  const wanted = SEARCH_PAGE_SIZE * pageNumber;
  const typed = searchWords(q);
  if (typed.length === 0) return { items: [], total: 0, totalIsAtLeast: false, words: [] };
  const corrected = await correctWords(typed);
  const words = [...new Set([...typed, ...corrected])];
  const any = sql`to_tsquery('es_unaccent', ${orPrefixQuery(words)})`;
  const all = sql`to_tsquery('es_unaccent', ${andPrefixQuery([...new Set(corrected)])})`;
  const conditions: SQL[] =
    new Set(corrected).size > 1
      ? [
          sql`name_vector @@ ${all} and head_vector @@ ${any}`,
          sql`name_vector @@ ${all}`,
          sql`head_vector @@ ${any}`,
          sql`name_vector @@ ${any}`,
          sql`search_vector @@ ${any}`,
        ]
      : [sql`head_vector @@ ${any}`, sql`name_vector @@ ${any}`, sql`search_vector @@ ${any}`];
  // Tier n may repeat up to the products of the tiers before it: it takes n times what is wanted.
  const tiers = conditions.map((condition, i) => {
    const limit = wanted * (i + 1);
    const window = sql.raw(`w${i + 1}`);
    const tier = sql.raw(`t${i + 1}`);
    return sql`${window} as (
        select id, created_at from recent where ${condition} order by created_at desc, id desc limit ${limit}
      ),
      ${tier} as (
        select id, created_at from ${window}
        union all
        (select id, created_at from products
          where status = 'published' and ${condition} and (select count(*) from ${window}) < ${limit}
          order by created_at desc, id desc limit ${limit})
      )`;
  });
  const union = sql.join(
    conditions.map((_, i) => sql`select id, created_at, ${i + 1}::int as tier from ${sql.raw(`t${i + 1}`)}`),
    sql` union all `,
  );
  const [items, counted] = await Promise.all([
    queryRows<CardRow>(sql`
      with recent as (
        select id, created_at, head_vector, name_vector, search_vector from products
        where status = 'published' order by created_at desc, id desc limit ${SEARCH_WINDOW}
      ),
      ${sql.join(tiers, sql`, `)},
      tiers as (${union}),
      best as (
        select id, min(tier) as tier, max(created_at) as created_at from tiers group by id
        order by tier, created_at desc, id desc limit ${SEARCH_PAGE_SIZE} offset ${wanted - SEARCH_PAGE_SIZE}
      )
      select ${cardSelectList}
      from ${products} join best on best.id = ${products.id}
      order by best.tier, best.created_at desc, best.id desc`).then(withAntes),
    countMatches({ query: orPrefixQuery(words) }),
  ]);
  const total = Math.min(counted[0]?.total ?? 0, SEARCH_COUNT_LIMIT);
  return { items, total, totalIsAtLeast: (counted[0]?.total ?? 0) > SEARCH_COUNT_LIMIT, words };
}
