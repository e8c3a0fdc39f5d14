// Measures one password hash and one verification with the store's parameters (Argon2id,
// m = 19 MiB, t = 2, p = 1) on this machine, next to better-auth's former scrypt default.
// npm run bench:password -- [--runs 20]      (figures go in docs/reliability.md)
import { availableParallelism, cpus } from "node:os";
import { hashPassword as scryptHash } from "better-auth/crypto";
import { ARGON2_OPTIONS, hashPassword, verifyPasswordHash } from "../app/utils/password-hash.server";

const runsArg = process.argv.indexOf("--runs");
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 20;

async function time(fn: () => Promise<unknown>): Promise<number[]> {
  await fn(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b);
}

function summary(name: string, samples: number[]) {
  const pick = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!.toFixed(1);
  console.log(
    `${name.padEnd(34)} median ${pick(0.5)} ms   p95 ${pick(0.95)} ms   max ${samples.at(-1)!.toFixed(1)} ms`,
  );
}

const password = "una-clave-bastante-larga-2026";
const stored = await hashPassword(password);
console.log(
  `Argon2id parameters: m=${ARGON2_OPTIONS.memoryCost} KiB, t=${ARGON2_OPTIONS.timeCost}, p=${ARGON2_OPTIONS.parallelism}`,
);
console.log(`Machine: ${availableParallelism()} cores, ${cpus()[0]?.model ?? "unknown CPU"}; ${runs} runs each`);
summary("argon2id hash", await time(() => hashPassword(password)));
summary("argon2id verify", await time(() => verifyPasswordHash({ hash: stored, password })));
const legacy = await scryptHash(password);
summary("scrypt verify (legacy accounts)", await time(() => verifyPasswordHash({ hash: legacy, password })));
// Sign-ins that arrive together: how long 8 concurrent hashes take (libuv's pool has 4 threads).
const start = performance.now();
await Promise.all(Array.from({ length: 8 }, () => hashPassword(password)));
console.log(`8 concurrent argon2id hashes       ${(performance.now() - start).toFixed(1)} ms in all`);
