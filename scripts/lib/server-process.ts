import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";

// Starting and stopping the production server from the load and fault scripts: `tsx
// server/index.ts` with NODE_ENV=production on the build in build/ (run `npm run build` first).

export type ServerProcess = {
  url: string;
  port: number;
  proc: ChildProcess;
  /** Every line the server printed (JSON in production). */
  lines: string[];
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

export type ServerOptions = {
  port: number;
  databaseUrl?: string;
  schema?: string;
  dataDir?: string;
  secret: string;
  env?: Record<string, string>;
};

export function requireBuild(): void {
  if (!existsSync(path.resolve("build/server/index.js"))) {
    console.error("No production build in build/: run `npm run build` first.");
    process.exit(1);
  }
}

export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const url = `http://localhost:${options.port}`;
  // One process (tsx as a loader), as `npm start` runs it: the tsx CLI would put a parent process
  // in between, which SIGKILLs the server when it does not acknowledge a SIGTERM within 30 ms.
  // SERVER_NODE_FLAGS passes flags to the server's node, e.g. "--cpu-prof --cpu-prof-dir=bench/.work/prof".
  const flags = (process.env.SERVER_NODE_FLAGS ?? "").split(" ").filter(Boolean);
  const proc = spawn(process.execPath, [...flags, "--import", "tsx", "server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(options.port),
      HOST: "127.0.0.1",
      APP_URL: url,
      DATABASE_URL: options.databaseUrl ?? "",
      DATABASE_SCHEMA: options.schema ?? "",
      DATA_DIR: options.dataDir ?? "",
      BETTER_AUTH_SECRET: options.secret,
      SEED_DEMO: "true",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  for (const stream of [proc.stdout!, proc.stderr!]) {
    let rest = "";
    stream.on("data", (chunk: Buffer) => {
      const text = rest + chunk.toString("utf8");
      const parts = text.split("\n");
      rest = parts.pop() ?? "";
      lines.push(...parts.filter(Boolean));
    });
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const server: ServerProcess = {
    url,
    port: options.port,
    proc,
    lines,
    exited,
    async stop(signal = "SIGTERM") {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      return exited;
    },
  };
  await waitReady(server);
  return server;
}

/** Waits until /healthz answers 200 (2 minutes at most: the first start seeds the demo). */
export async function waitReady(server: ServerProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.proc.exitCode !== null) {
      throw new Error(`The server exited (${server.proc.exitCode}):\n${server.lines.slice(-20).join("\n")}`);
    }
    try {
      if ((await fetch(`${server.url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not become ready:\n${server.lines.slice(-20).join("\n")}`);
}

export function newSecret(): string {
  return randomBytes(32).toString("hex");
}

/** A throwaway schema on the PostgreSQL server, and a pool on it for the script's own checks. */
export async function scratchSchema(databaseUrl: string, prefix: string) {
  const schema = `${prefix}_${randomBytes(4).toString("hex")}`;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4, options: `-c search_path=${schema},public` });
  // A restart of PostgreSQL (fault script) must not crash the script, idle client or not.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  return {
    schema,
    pool,
    async drop() {
      try {
        await pool.query(`drop schema if exists "${schema}" cascade`);
      } finally {
        await pool.end();
      }
    },
  };
}
