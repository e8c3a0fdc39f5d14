import { baseUrl } from "~/utils/env.server";

export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /cuenta",
    "Disallow: /checkout",
    "Disallow: /success",
    "Disallow: /api/",
    "Disallow: /search",
    "Disallow: /consultar/",
    "",
    `Sitemap: ${baseUrl()}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
