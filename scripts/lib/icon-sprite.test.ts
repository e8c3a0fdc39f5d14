import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ICON_NAMES } from "../../app/components/ui/icon-names";
import { buildIconSprite } from "./icon-sprite";

describe("the storefront's icon sprite", () => {
  it("has a symbol for every icon the pages draw, and is the committed file (npm run icons)", () => {
    const sprite = buildIconSprite();
    for (const name of ICON_NAMES) expect(sprite).toContain(`<symbol id="${name}" viewBox="0 0 24 24"`);
    expect(sprite).toContain("<path");
    expect(readFileSync("app/assets/icons.svg", "utf8")).toBe(sprite);
  });
});
