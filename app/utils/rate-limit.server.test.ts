import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../tests/setup/db";
import { rateLimit } from "./rate-limit.server";

setupTestDatabase();

describe("rate limit", () => {
  it("allows up to the limit in a window, then refuses with a wait time", async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await rateLimit("contact:1.2.3.4", 3, 600));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterSeconds).toBeGreaterThan(500);
  });

  it("counts each key on its own", async () => {
    await rateLimit("contact:5.5.5.5", 1, 600);
    expect((await rateLimit("contact:5.5.5.5", 1, 600)).allowed).toBe(false);
    expect((await rateLimit("contact:6.6.6.6", 1, 600)).allowed).toBe(true);
  });

  it("starts a new window once the old one has passed", async () => {
    expect((await rateLimit("short:1", 1, 1)).allowed).toBe(true);
    expect((await rateLimit("short:1", 1, 1)).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await rateLimit("short:1", 1, 1)).allowed).toBe(true);
  });

  it("keeps an exact count under concurrent hits", async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => rateLimit("burst", 5, 600)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });
});
