import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";

// Replicas of the store started at once on a database that has pending migrations (a deployment,
// docs/deploy.md): every one of them starts; the migrations are applied once.

describe.skipIf(!process.env.DATABASE_URL)(
  "replicas starting at once (PostgreSQL only: the embedded database belongs to one process)",
  () => {
    it("three replicas migrating a new database at once all start, and each migration is applied once", async () => {
      const schema = `replicas_${randomBytes(4).toString("hex")}`;
      const url = process.env.DATABASE_URL!;
      const replicas = await Promise.all([1, 2, 3].map(() => openDatabase({ kind: "pg", url, schema })));
      try {
        const started = await Promise.allSettled(replicas.map((r) => r.migrate()));
        expect(started.map((s) => (s.status === "rejected" ? String(s.reason) : "started"))).toEqual([
          "started",
          "started",
          "started",
        ]);
        const applied = (await replicas[0]!.db.execute(
          `select count(*)::int as n, count(distinct hash)::int as distinct_hashes from "${schema}".__drizzle_migrations`,
        )) as unknown as { rows: { n: number; distinct_hashes: number }[] };
        expect(applied.rows[0]!.n).toBe(applied.rows[0]!.distinct_hashes);
        expect(applied.rows[0]!.n).toBeGreaterThan(10);
      } finally {
        await replicas[0]!.db.execute(`drop schema if exists "${schema}" cascade`);
        await Promise.all(replicas.map((r) => r.close()));
      }
    });
  },
);
