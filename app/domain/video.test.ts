import { describe, expect, it } from "vitest";
import { toEmbedUrl } from "./video";

describe("video embed URLs", () => {
  it("turns YouTube watch, short and embed links into embed URLs", () => {
    const embed = "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ";
    expect(toEmbedUrl("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10s")).toBe(embed);
    expect(toEmbedUrl("https://youtu.be/dQw4w9WgXcQ")).toBe(embed);
    expect(toEmbedUrl("https://m.youtube.com/shorts/dQw4w9WgXcQ")).toBe(embed);
    expect(toEmbedUrl("https://www.youtube.com/embed/dQw4w9WgXcQ")).toBe(embed);
  });

  it("turns Vimeo links into player URLs", () => {
    expect(toEmbedUrl("https://vimeo.com/123456789")).toBe("https://player.vimeo.com/video/123456789");
  });

  it("refuses anything else", () => {
    expect(toEmbedUrl("javascript:alert(1)")).toBeNull();
    expect(toEmbedUrl("https://evil.example.com/watch?v=dQw4w9WgXcQ")).toBeNull();
    expect(toEmbedUrl("https://www.youtube.com/watch?v=<script>")).toBeNull();
    expect(toEmbedUrl("no es una url")).toBeNull();
  });
});
