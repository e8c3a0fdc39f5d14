import { describe, expect, it } from "vitest";
import { DEFAULT_OG_IMAGE, seo } from "./seo";

const origin = "https://www.vitec.com.ar";

function tag(tags: ReturnType<typeof seo>, key: string, value: string) {
  return tags.find((t) => (t as Record<string, unknown>)[key] === value) as Record<string, string> | undefined;
}

describe("seo", () => {
  it("writes title, a description cut to 160 characters, canonical URL and Open Graph tags", () => {
    const tags = seo({ title: "Contacto | Vitec", description: "palabra ".repeat(40), path: "/contacto", origin });
    expect(tags).toContainEqual({ title: "Contacto | Vitec" });
    expect(tag(tags, "name", "description")!.content!.length).toBeLessThanOrEqual(160);
    expect(tag(tags, "rel", "canonical")!.href).toBe("https://www.vitec.com.ar/contacto");
    expect(tag(tags, "property", "og:url")!.content).toBe("https://www.vitec.com.ar/contacto");
    expect(tag(tags, "property", "og:title")!.content).toBe("Contacto | Vitec");
    expect(tag(tags, "name", "robots")).toBeUndefined();
  });

  it("uses the store's share image, with its size, when the page has none", () => {
    const tags = seo({ title: "T", description: "D", path: "/", origin });
    expect(tag(tags, "property", "og:image")!.content).toBe(`${origin}${DEFAULT_OG_IMAGE.url}`);
    expect(tag(tags, "property", "og:image:width")!.content).toBe("1200");
    expect(tag(tags, "property", "og:image:height")!.content).toBe("630");
  });

  it("uses the page's own image, made absolute, and can keep a page out of the index", () => {
    const tags = seo({ title: "T", description: "D", path: "/x", origin, image: "/uploads/a.jpg", noindex: true });
    expect(tags.filter((t) => (t as Record<string, unknown>).property === "og:image")).toEqual([
      { property: "og:image", content: `${origin}/uploads/a.jpg` },
    ]);
    expect(tag(tags, "property", "og:image:width")).toBeUndefined();
    expect(tag(tags, "name", "robots")!.content).toContain("noindex");
  });
});
