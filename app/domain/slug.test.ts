import { describe, expect, it } from "vitest";
import { SLUG_MAX_LENGTH, SLUG_PATTERN, duplicateSlug, slugify, uniqueSlug } from "./slug";

describe("slugify", () => {
  it("lowercases, folds accents and turns everything else into single hyphens", () => {
    expect(slugify('Notebook Lenovo IdeaPad 15,6"')).toBe("notebook-lenovo-ideapad-15-6");
    expect(slugify("Cámara Ñandú — Edición Niño")).toBe("camara-nandu-edicion-nino");
    expect(slugify("  --PC   Gamer!!  ")).toBe("pc-gamer");
  });

  it("gives an empty slug when nothing usable is left", () => {
    expect(slugify("¡¿?!")).toBe("");
  });

  it("cuts at 255 characters without a trailing hyphen", () => {
    const slug = slugify(`${"a".repeat(254)} b c`);
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug.endsWith("-")).toBe(false);
    expect(SLUG_PATTERN.test(slug)).toBe(true);
  });
});

describe("duplicateSlug", () => {
  it("adds -copia-{timestamp}", () => {
    expect(duplicateSlug("mouse-gamer", 1767225600000)).toBe("mouse-gamer-copia-1767225600000");
  });

  it("never exceeds 255 characters and keeps the whole suffix", () => {
    const long = "x".repeat(255);
    const copy = duplicateSlug(long, 1767225600000);
    expect(copy.length).toBe(SLUG_MAX_LENGTH);
    expect(copy.endsWith("-copia-1767225600000")).toBe(true);
    // Duplicating a duplicate stays within the limit too.
    expect(duplicateSlug(copy, 1767225600001).length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(SLUG_PATTERN.test(duplicateSlug(copy, 1767225600001))).toBe(true);
  });
});

describe("uniqueSlug", () => {
  it("adds -2, -3... while the slug is taken", () => {
    expect(uniqueSlug("mouse", new Set())).toBe("mouse");
    expect(uniqueSlug("mouse", new Set(["mouse", "mouse-2"]))).toBe("mouse-3");
  });

  it("stays within 255 characters", () => {
    const base = "y".repeat(255);
    expect(uniqueSlug(base, new Set([base])).length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
  });

  it("falls back to 'producto' for an empty base", () => {
    expect(uniqueSlug("", new Set())).toBe("producto");
  });
});
