import type { MetaDescriptor } from "react-router";
import { truncate } from "~/domain/text";

// One place that writes a page's title, description (160 characters at most), canonical URL and
// Open Graph tags. `origin` is the store's public URL, from the root loader.

export type SeoInput = {
  title: string;
  description: string;
  path: string;
  origin: string;
  image?: string | null;
  type?: "website" | "product" | "article";
  noindex?: boolean;
};

export const SITE_NAME = "Vitec";

/** The share image of pages that have none of their own (public/images/og-default.svg is its source). */
export const DEFAULT_OG_IMAGE = {
  url: "/images/og-default.jpg",
  width: 1200,
  height: 630,
  alt: "Vitec: tecnología para tu casa y tu empresa",
} as const;

export function seo({
  title,
  description,
  path,
  origin,
  image,
  type = "website",
  noindex,
}: SeoInput): MetaDescriptor[] {
  const url = new URL(path, origin).toString();
  const text = truncate(description, 160);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: text },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: "es_AR" },
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    { property: "og:description", content: text },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary_large_image" },
    { property: "og:image", content: new URL(image || DEFAULT_OG_IMAGE.url, origin).toString() },
  ];
  if (!image) {
    tags.push(
      { property: "og:image:width", content: String(DEFAULT_OG_IMAGE.width) },
      { property: "og:image:height", content: String(DEFAULT_OG_IMAGE.height) },
      { property: "og:image:alt", content: DEFAULT_OG_IMAGE.alt },
    );
  }
  if (noindex) tags.push({ name: "robots", content: "noindex, follow" });
  return tags;
}

/** The store's origin as the root loader gave it to the page. */
export function originFrom(matches: readonly ({ id: string; data?: unknown } | undefined)[]): string {
  const root = matches.find((m) => m?.id === "root")?.data as { origin?: string } | undefined;
  return root?.origin ?? "http://localhost:3000";
}

/** JSON for a <script type="application/ld+json">, safe to inline in HTML. */
export function jsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}
