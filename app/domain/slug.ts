// Slugs for products and categories (spec: lowercase, non-alphanumerics to hyphens; at most
// 255 characters, the database's limit). Accents are folded so "Cámara" gives "camara".

export const SLUG_MAX_LENGTH = 255;

/** Slug shape accepted on save: lowercase letters, digits and single hyphens between them. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function trimToLength(slug: string, max: number): string {
  return slug.slice(0, max).replace(/-+$/, "");
}

/** "Notebook Lenovo 15,6\" Ñandú" -> "notebook-lenovo-15-6-nandu". "" when nothing is left. */
export function slugify(text: string, max = SLUG_MAX_LENGTH): string {
  const slug = text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return trimToLength(slug, max);
}

/**
 * The slug of a duplicated product: "{slug}-copia-{timestamp}", never longer than 255
 * characters (the original part is shortened, the suffix is always kept whole).
 */
export function duplicateSlug(slug: string, timestamp: number = Date.now()): string {
  const suffix = `-copia-${timestamp}`;
  const base = trimToLength(slug, SLUG_MAX_LENGTH - suffix.length);
  return base ? `${base}${suffix}` : suffix.slice(1);
}

/**
 * `base` when free, otherwise `base-2`, `base-3`... (shortened so the result fits in 255).
 * `taken` holds the slugs already in use; an empty base becomes `fallback`.
 */
export function uniqueSlug(base: string, taken: ReadonlySet<string>, fallback = "producto"): string {
  const start = base || fallback;
  if (!taken.has(start)) return start;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${trimToLength(start, SLUG_MAX_LENGTH - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
