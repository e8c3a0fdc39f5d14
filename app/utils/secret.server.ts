import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getEnv } from "./env.server";

let cached: string | undefined;

/**
 * The secret that signs session cookies. Set BETTER_AUTH_SECRET in real installs (the
 * server refuses to start in production on PostgreSQL without it). The embedded demo
 * creates one once and keeps it under DATA_DIR, so sessions survive a restart.
 */
export function getAuthSecret(): string {
  if (cached) return cached;
  const env = getEnv();
  if (env.BETTER_AUTH_SECRET) return (cached = env.BETTER_AUTH_SECRET);
  if (env.NODE_ENV === "production" && env.DATABASE_URL) {
    throw new Error("BETTER_AUTH_SECRET is required in production (at least 32 characters).");
  }
  if (env.NODE_ENV === "test") return (cached = "test-secret-not-for-production-0123456789");
  const file = path.resolve(env.DATA_DIR, "auth-secret");
  if (existsSync(file)) return (cached = readFileSync(file, "utf8").trim());
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return (cached = secret);
}
