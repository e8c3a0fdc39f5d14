import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  // Each of these would send a browser, or a less careful client, to another site (or nowhere sane).
  const refused: [string, string][] = [
    ["protocol-relative", "//evil.example/"],
    ["backslash after the slash", "/\\evil.example/"],
    ["absolute URL", "https://evil.example/"],
    ["encoded tab", "/%09/evil.example/"],
    ["raw tab", "/\t/evil.example/"],
    ["raw line feed", "/\n/evil.example/"],
    ["raw carriage return", "/\r/evil.example/"],
    ["encoded slash", "/%2F/evil.example/"],
    ["encoded backslash", "/%5Cevil.example/"],
    ["dot segment to a double slash", "/.//evil.example/"],
    ["space", "/ /evil.example/"],
    ["dot-dot segment", "/../evil.example/"],
    ["leading tab", "\t//evil.example/"],
    ["CR LF header injection", "/cuenta\r\nSet-Cookie: x=1"],
    ["encoded CR LF", "/cuenta%0d%0aSet-Cookie:%20x=1"],
    ["broken percent-encoding", "/cuenta%E0%A4%A"],
    ["javascript URL", "javascript:alert(1)"],
    ["empty", ""],
  ];

  it.each(refused)("refuses a %s and goes to the fallback", (_, target) => {
    expect(safeRedirect(target, "/store")).toBe("/store");
  });

  it("keeps a path of the store, with its query and fragment", () => {
    expect(safeRedirect("/cuenta", "/store")).toBe("/cuenta");
    expect(safeRedirect("/cuenta?tab=pedidos#ultimo", "/store")).toBe("/cuenta?tab=pedidos#ultimo");
    expect(safeRedirect("/search?q=caf%C3%A9", "/store")).toBe("/search?q=caf%C3%A9");
  });

  it("refuses what is not a string", () => {
    expect(safeRedirect(null, "/")).toBe("/");
    expect(safeRedirect(undefined, "/")).toBe("/");
  });
});
