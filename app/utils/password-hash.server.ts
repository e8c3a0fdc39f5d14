import { hash as argon2Hash, verify as argon2Verify } from "@node-rs/argon2";
import { verifyPassword as verifyScrypt } from "better-auth/crypto";

// Password hashes (ADR 0004). New hashes are Argon2id with OWASP's current minimum
// (m = 19 MiB, t = 2, p = 1) through @node-rs/argon2, plugged into better-auth's
// emailAndPassword.password option. Accounts created before it keep better-auth's scrypt hash
// ("salt:key" in hex) until their next sign-in, which verifies it and stores an Argon2id hash
// instead (auth.server.ts). No crypto is written here: both formats come from maintained libraries.

export const ARGON2_OPTIONS = {
  algorithm: 2, // Algorithm.Argon2id (a const enum, which this build cannot import)
  memoryCost: 19_456, // KiB = 19 MiB
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return argon2Hash(password.normalize("NFKC"), ARGON2_OPTIONS);
}

/** True for a hash written by an older scheme (better-auth's scrypt) that should be replaced. */
export function needsRehash(hash: string): boolean {
  if (!hash.startsWith("$argon2id$")) return true;
  const params = /\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(hash);
  if (!params) return true;
  const [, m, t, p] = params.map(Number);
  return m! < ARGON2_OPTIONS.memoryCost || t! < ARGON2_OPTIONS.timeCost || p! !== ARGON2_OPTIONS.parallelism;
}

export async function verifyPasswordHash({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  try {
    if (hash.startsWith("$argon2")) return await argon2Verify(hash, password.normalize("NFKC"));
    // better-auth's legacy format: 32 hex characters of salt, a colon, 128 of scrypt output.
    if (/^[0-9a-f]{32}:[0-9a-f]{128}$/.test(hash)) return await verifyScrypt({ hash, password });
    return false;
  } catch {
    return false;
  }
}
