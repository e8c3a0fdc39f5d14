import { describe, expect, it } from "vitest";
import { htmlToText, sanitizeRichText } from "./rich-text";

describe("rich text sanitizer", () => {
  it("keeps formatting, lists, links and alignment", () => {
    const html =
      '<p style="text-align: center"><strong>Hola</strong> <em>mundo</em></p><ul><li>Uno</li></ul><a href="https://vitec.com.ar" target="_blank">Ver</a>';
    expect(sanitizeRichText(html)).toBe(
      '<p style="text-align:center"><strong>Hola</strong> <em>mundo</em></p><ul><li>Uno</li></ul><a href="https://vitec.com.ar" target="_blank" rel="noopener noreferrer">Ver</a>',
    );
  });

  it("makes script, event handlers and javascript: links inert", () => {
    const payloads = [
      "<script>alert(1)</script>",
      '<img src=x onerror="alert(1)">',
      '<a href="javascript:alert(1)">x</a>',
      "<svg><script>alert(1)</script></svg>",
      '<iframe src="https://evil.example"></iframe>',
      '<p style="background:url(javascript:alert(1))">x</p>',
    ];
    for (const payload of payloads) {
      const clean = sanitizeRichText(payload);
      expect(clean).not.toMatch(/<script|onerror|javascript:|<iframe|<svg|background/i);
    }
  });

  it("turns HTML into plain text", () => {
    expect(htmlToText("<p>Hola <strong>mundo</strong></p>\n<p>chau</p>")).toBe("Hola mundo chau");
    expect(htmlToText(null)).toBe("");
  });
});
