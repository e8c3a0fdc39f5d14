import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// Browser tests run against the production build on a fresh database seeded with the demo
// catalogue and the demo admin: a new PGlite folder, or, when DATABASE_URL is set, a new
// schema on that server (dropped by the global teardown; the user's tables are never touched).
const PORT = Number(process.env.E2E_PORT ?? 3210);
// The local double of Mercado Pago's API that the store talks to (tests/doubles/mercadopago.ts).
const MP_PORT = Number(process.env.E2E_MP_PORT ?? PORT + 1);
const MP = { token: "TEST-e2e-access-token", secret: "e2e-webhook-secret" };
// The local ARCA double (tests/doubles/arca.ts, WSAA + WSFEv1): its merchant certificate and key
// are written to DATA_DIR/arca-sandbox/ for the tests to upload in Configuración > Facturación.
const ARCA_PORT = Number(process.env.E2E_ARCA_PORT ?? PORT + 2);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "vitec-e2e-"));
const schema = process.env.E2E_DATABASE_SCHEMA ?? `e2e_${randomBytes(5).toString("hex")}`;
// Workers load this file again: keep one folder and one schema for the whole run.
process.env.E2E_DATA_DIR = dataDir;
process.env.E2E_DATABASE_SCHEMA = schema;

export default defineConfig({
  testDir: "tests/e2e",
  globalTeardown: "./tests/setup/e2e-teardown.ts",
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: "es-AR",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    },
  },
  webServer: [
    {
      command: `npx tsx tests/doubles/mercadopago-sandbox.ts --port ${MP_PORT} --token ${MP.token} --secret ${MP.secret}`,
      // Ready when it answers (401 here: no access token).
      url: `http://localhost:${MP_PORT}/v1/payments/1`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "ignore",
    },
    {
      command: `npx tsx tests/doubles/arca-sandbox.ts --port ${ARCA_PORT} --dir ${path.join(dataDir, "arca-sandbox")}`,
      port: ARCA_PORT,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "ignore",
    },
    {
      command: "npx tsx server/index.ts",
      url: `http://localhost:${PORT}/healthz`,
      timeout: 120_000,
      reuseExistingServer: false,
      // The server's JSON request log (one line per request) stays out of the test output; errors go to stderr, which shows.
      stdout: "ignore",
      env: {
        NODE_ENV: "production",
        PORT: String(PORT),
        APP_URL: `http://localhost:${PORT}`,
        DATA_DIR: dataDir,
        DATABASE_URL: process.env.DATABASE_URL ?? "",
        DATABASE_SCHEMA: process.env.DATABASE_URL ? schema : "",
        SEED_DEMO: "true",
        // One server process: the tests read the page cache's answers (each worker keeps its own).
        WEB_CONCURRENCY: "1",
        // Production refuses to start on PostgreSQL without a secret: the tests bring their own.
        BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET ?? `e2e-only-secret-${randomBytes(16).toString("hex")}`,
        MERCADOPAGO_API_URL: `http://localhost:${MP_PORT}`,
        MERCADOPAGO_ACCESS_TOKEN: MP.token,
        MERCADOPAGO_WEBHOOK_SECRET: MP.secret,
        ARCA_WSAA_URL: `http://127.0.0.1:${ARCA_PORT}/ws/services/LoginCms`,
        ARCA_WSFE_URL: `http://127.0.0.1:${ARCA_PORT}/wsfev1/service.asmx`,
        // The store's CUIT is the double's merchant's (Configuración > Facturación may set another).
        ARCA_CUIT: "30712345671",
        ARCA_KEY_ENCRYPTION_KEY: `e2e-only-arca-key-${randomBytes(16).toString("hex")}`,
      },
    },
  ],
});
