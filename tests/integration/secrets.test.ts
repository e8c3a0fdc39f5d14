import { execFileSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";

// No secret is kept in the repository: every file git tracks (or would add) is searched for keys,
// tokens and credentials. The demo admin's password is public on purpose (README) and only
// seeds the embedded demo; test secrets are made up at run time or named as such.

const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" })
  .split("\n")
  .filter(Boolean)
  .filter((f) => !/(^|\/)package-lock\.json$|\.(png|jpe?g|gif|webp|ico|woff2?|tar\.gz)$/.test(f));

const PATTERNS: [string, RegExp][] = [
  ["private key", /-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED )?PRIVATE KEY-----/],
  ["AWS access key", /\bAKIA[0-9A-Z]{16}\b/],
  ["GitHub token", /\bgh[pousr]_[A-Za-z0-9]{36,}\b/],
  ["Slack token", /\bxox[abprs]-[A-Za-z0-9-]{10,}/],
  ["Stripe live key", /\b[sr]k_live_[A-Za-z0-9]{16,}/],
  ["Mercado Pago token", /\bAPP_USR-\d{6,}-\d{6}-[0-9a-f]{32}/],
  ["Google API key", /\bAIza[0-9A-Za-z_-]{35}\b/],
  ["JWT", /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/],
  [
    "secret assigned in a file",
    /\b(?:BETTER_AUTH_SECRET|SMTP_URL|DATABASE_URL)\s*=\s*["']?(?!\$|postgres:\/\/postgres@|postgres:\/\/vitec:secret@db\.example\.com|smtp:\/\/user:pass@host)[^\s"'`]{12,}/,
  ],
  [
    "credentials in a URL",
    /\b(?:postgres(?:ql)?|mysql|smtps?|redis|amqp):\/\/[^\s:@/]+:(?!pass@|secret@db\.example\.com|guest@)[^\s@/]{6,}@(?!localhost|127\.0\.0\.1|host\b|db\.example\.com)/,
  ],
];

describe("secrets", () => {
  it("none in the files of the repository", () => {
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of files) {
      let text: string;
      try {
        if (statSync(file).size > 2_000_000) continue;
        text = readFileSync(file, "utf8");
      } catch {
        continue; // deleted in the working tree
      }
      for (const [name, pattern] of PATTERNS) {
        const match = pattern.exec(text);
        if (match) found.push(`${file}: ${name} (${match[0].slice(0, 40)}...)`);
      }
    }
    expect(found).toEqual([]);
  });

  it("no environment file, data folder or generated session secret is in the repository", () => {
    expect(files.filter((f) => /(^|\/)\.env(\.|$)|(^|\/)data\/|auth-secret$|\.pem$|\.key$/.test(f))).toEqual([]);
  });
});
