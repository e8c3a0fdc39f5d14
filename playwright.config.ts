import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { MICORREO_TEST } from "./tests/doubles/micorreo";
import { OCA_TEST } from "./tests/doubles/oca";

// Browser tests run against the production build on a fresh database seeded with the demo
// catalogue and the demo admin: a new PGlite folder, or, when DATABASE_URL is set, a new
// schema on that server (dropped by the global teardown; the user's tables are never touched).
const PORT = Number(process.env.E2E_PORT ?? 3210);
// The local double of Mercado Pago's API that the store talks to (tests/doubles/mercadopago.ts).
const MP_PORT = Number(process.env.E2E_MP_PORT ?? PORT + 1);
const MP = { token: "TEST-e2e-access-token", secret: "e2e-webhook-secret" };
// The local double of ARCA (WSAA + WSFEv1, tests/doubles/arca.ts): it writes the merchant
// certificate and key its test CA issued to ARCA_DIR, and the store invoices against it.
const ARCA_PORT = Number(process.env.E2E_ARCA_PORT ?? PORT + 2);
// The local doubles of OCA e-Pak (CARRIERS_PORT) and Correo Argentino MiCorreo + Paq.ar
// (CARRIERS_PORT + 1), tests/doubles/carriers-sandbox.ts: checkout quotes, branches, labels, tracking.
const CARRIERS_PORT = Number(process.env.E2E_CARRIERS_PORT ?? PORT + 3);
// The mail server double (tests/doubles/smtp-sandbox.ts): the store sends through it, and the tests
// read what each shopper got from its mailbox folder (tests/e2e/mailbox.ts).
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT + 5);
// The BCRA's exchange-rate API (tests/doubles/bcra.ts): started by tests/e2e/dollar-prices.spec.ts
// itself while it runs ("Traer cotización"); at other times the store finds nothing there.
const BCRA_PORT = Number(process.env.E2E_BCRA_PORT ?? PORT + 6);
process.env.E2E_BCRA_PORT = String(BCRA_PORT);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "vitec-e2e-"));
const schema = process.env.E2E_DATABASE_SCHEMA ?? `e2e_${randomBytes(5).toString("hex")}`;
// Workers load this file again: keep one folder and one schema for the whole run.
process.env.E2E_DATA_DIR = dataDir;
process.env.E2E_DATABASE_SCHEMA = schema;
const ARCA_DIR = path.join(dataDir, "arca-sandbox");
const ARCA_CUIT = "30712345671";

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
      // Started before the store, which reads the certificate when it boots.
      command: `npx tsx tests/doubles/arca-sandbox.ts --port ${ARCA_PORT} --cuit ${ARCA_CUIT} --dir ${ARCA_DIR}`,
      port: ARCA_PORT,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "ignore",
    },
    {
      command: `npx tsx tests/doubles/mercadopago-sandbox.ts --port ${MP_PORT} --token ${MP.token} --secret ${MP.secret}`,
      // Ready when it answers (401 here: no access token).
      url: `http://localhost:${MP_PORT}/v1/payments/1`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "ignore",
    },
    {
      command: `npx tsx tests/doubles/carriers-sandbox.ts --port ${CARRIERS_PORT}`,
      port: CARRIERS_PORT + 1,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "ignore",
    },
    {
      command: `npx tsx tests/doubles/smtp-sandbox.ts --port ${SMTP_PORT} --mailbox ${path.join(dataDir, "mailbox")}`,
      port: SMTP_PORT,
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
        ARCA_WSAA_URL: `http://localhost:${ARCA_PORT}/ws/services/LoginCms`,
        ARCA_WSFE_URL: `http://localhost:${ARCA_PORT}/wsfev1/service.asmx`,
        ARCA_CUIT,
        ARCA_CERT_PATH: path.join(ARCA_DIR, "cert.pem"),
        ARCA_KEY_PATH: path.join(ARCA_DIR, "key.pem"),
        // The invoicing job asks for pending CAEs every second: the tests wait for them.
        ARCA_POLL_MS: "1000",
        // E-mails go to the mail server double, sent every second.
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        MAIL_POLL_MS: "1000",
        // Cart reminders leave 2 s after the checkout's e-mail is typed, checked every second (win-back.spec.ts).
        CART_REMINDER_DELAY_SECONDS: "2",
        WIN_BACK_POLL_MS: "1000",
        // Every browser test signs up from 127.0.0.1: more than the 10 accounts an hour one address may make.
        SIGN_UPS_PER_HOUR: "1000",
        // Lets a clerk upload a certificate in Configuración > Facturación (the env files above win).
        CARRIER_ORIGIN_POSTAL_CODE: "1043",
        OCA_API_URL: `http://localhost:${CARRIERS_PORT}/epak_tracking/Oep_TrackEPak.asmx`,
        OCA_CUIT: OCA_TEST.cuit,
        OCA_OPERATIVA_DOMICILIO: OCA_TEST.operativaDomicilio,
        OCA_OPERATIVA_SUCURSAL: OCA_TEST.operativaSucursal,
        OCA_USER: OCA_TEST.user,
        OCA_PASSWORD: OCA_TEST.password,
        OCA_ACCOUNT: OCA_TEST.account,
        MICORREO_API_URL: `http://localhost:${CARRIERS_PORT + 1}/micorreo/v1`,
        MICORREO_USER: MICORREO_TEST.user,
        MICORREO_PASSWORD: MICORREO_TEST.password,
        MICORREO_CUSTOMER_ID: MICORREO_TEST.customerId,
        PAQAR_API_URL: `http://localhost:${CARRIERS_PORT + 1}/paqar/v1`,
        PAQAR_API_KEY: MICORREO_TEST.paqarApiKey,
        PAQAR_AGREEMENT: MICORREO_TEST.paqarAgreement,
        BCRA_API_URL: `http://localhost:${BCRA_PORT}`,
        ARCA_KEY_ENCRYPTION_KEY: `e2e-only-arca-key-${randomBytes(16).toString("hex")}`,
      },
    },
  ],
});
