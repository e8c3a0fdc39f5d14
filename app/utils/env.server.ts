import { z } from "zod";
import { parseTrustProxy } from "./trust-proxy";

// Every environment variable the app reads, checked once. README "Configuration" lists them.
const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default("localhost"),
    APP_URL: z.string().url().optional(),
    DATABASE_URL: z.string().url().optional(),
    // Optional PostgreSQL schema for all tables (browser tests use a fresh one per run).
    DATABASE_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]*$/, "lowercase letters, digits and _")
      .optional(),
    DATA_DIR: z.string().default("data"),
    SEED_DEMO: z.enum(["true", "false"]).optional(),
    DEMO_ADMIN_EMAIL: z.string().email().default("admin@vitec.com.ar"),
    DEMO_ADMIN_PASSWORD: z.string().min(8).default("vitec-demo-2026"),
    BETTER_AUTH_SECRET: z.string().min(32).optional(),
    SMTP_URL: z.string().optional(),
    // The proxies in front, whose X-Forwarded-For says who the client is: a hop count or their
    // addresses (app/utils/trust-proxy.ts); never "true" (every hop), refused here at boot.
    TRUST_PROXY: z
      .string()
      .transform((value, ctx) => {
        const parsed = parseTrustProxy(value);
        if (parsed.ok) return parsed.setting;
        ctx.addIssue({ code: "custom", message: parsed.message });
        return z.NEVER;
      })
      .optional(),
    MAIL_FROM: z.string().default("Vitec <ventas@vitec.com.ar>"),
    // How often the outbox is sent by SMTP (default 30 s; the browser tests read their mailbox sooner).
    MAIL_POLL_MS: z.coerce.number().int().min(100).max(3_600_000).optional(),
    // [23/25] Win back (ADR 0021): the cart reminder's delay in seconds instead of Configuración's hours
    // (browser tests fast-forward with it), and how often the win-back job looks (default 60 s).
    CART_REMINDER_DELAY_SECONDS: z.coerce.number().int().min(0).max(604_800).optional(),
    WIN_BACK_POLL_MS: z.coerce.number().int().min(100).max(3_600_000).optional(),
    // Hosts on an internal network that imported product images may be downloaded from (comma-separated).
    IMPORT_IMAGE_HOSTS: z.string().optional(),
    // Accounts one client address may create an hour (default 10; the browser suite signs up more).
    SIGN_UPS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).optional(),
    // The production server's cache of anonymous storefront pages (ADR 0005); "off" for measuring without it.
    PAGE_CACHE: z.enum(["on", "off"]).optional(),
    // On SIGTERM: how long the server keeps accepting (each answer with Connection: close, /readyz 503)
    // before it closes its port and waits for the requests in flight (docs/reliability.md).
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
    // Server processes on the same port (server/cluster.ts): default one per core on PostgreSQL,
    // always one on the embedded database (one process can open it) and in development.
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    // Mercado Pago (online payments, ADR 0007): the seller's access token and the secret that signs
    // its webhooks, from "Tus integraciones". The API URL changes only for the tests' local double.
    MERCADOPAGO_ACCESS_TOKEN: z.string().min(10).optional(),
    MERCADOPAGO_WEBHOOK_SECRET: z.string().min(8).optional(),
    MERCADOPAGO_API_URL: z.string().url().optional(),
    // Uploaded images in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, DigitalOcean Spaces)
    // instead of DATA_DIR/uploads (app/services/object-storage.server.ts, docs/deploy.md). Without
    // S3_PUBLIC_URL the store serves the bucket's files itself under /uploads/ (a private bucket).
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "3 to 63 lowercase letters, digits, dots and hyphens")
      .optional(),
    S3_REGION: z.string().min(1).optional(),
    S3_ENDPOINT: z.string().url().optional(),
    S3_PUBLIC_URL: z.string().url().optional(),
    S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    // ARCA electronic invoicing (app/services/arca/, ADR 0017): homologación (testing) or producción,
    // the store's CUIT, its certificate and key as files (or uploaded in Configuración > Facturación,
    // the key then kept encrypted with ARCA_KEY_ENCRYPTION_KEY). The URLs change only for the tests' double.
    ARCA_ENV: z.enum(["homologacion", "produccion"]).optional(),
    ARCA_CUIT: z
      .string()
      .regex(/^\d{2}-?\d{8}-?\d$/, "11 digits, e.g. 30-71234567-1")
      .optional(),
    ARCA_CERT_PATH: z.string().min(1).optional(),
    ARCA_KEY_PATH: z.string().min(1).optional(),
    ARCA_KEY_ENCRYPTION_KEY: z.string().min(32).optional(),
    ARCA_WSAA_URL: z.string().url().optional(),
    ARCA_WSFE_URL: z.string().url().optional(),
    // How often the invoicing job asks ARCA for pending CAEs (default 30 s; the browser tests go faster).
    ARCA_POLL_MS: z.coerce.number().int().min(200).max(3_600_000).optional(),
    // Live carrier quotes, branches, shipments and labels (app/services/carriers/, ADR 0018): where
    // parcels leave from, how long the checkout waits for all carriers, how long a quote is kept
    // when the carrier does not say. A carrier is offered only when its own variables are set.
    CARRIER_ORIGIN_POSTAL_CODE: z
      .string()
      .regex(/^\d{4}$/, "the 4-digit postal code parcels leave from, e.g. 1043")
      .optional(),
    CARRIER_QUOTE_BUDGET_MS: z.coerce.number().int().min(100).max(30_000).optional(),
    CARRIER_QUOTE_TTL_MINUTES: z.coerce.number().int().min(1).max(1440).optional(),
    // How often the tracking job reads the carriers' events for open shipments (default 10 min).
    CARRIER_TRACKING_POLL_MS: z.coerce.number().int().min(200).max(86_400_000).optional(),
    // OCA e-Pak: the CUIT and operativas quote; the e-Pak user, password and account create
    // shipments and labels. The URL changes only for the tests' double (npm run carriers:sandbox).
    OCA_CUIT: z
      .string()
      .regex(/^\d{2}-\d{8}-\d$/, "with dashes, e.g. 30-53625919-4")
      .optional(),
    OCA_OPERATIVA_DOMICILIO: z
      .string()
      .regex(/^\d{1,10}$/, "the operativa's number")
      .optional(),
    OCA_OPERATIVA_SUCURSAL: z
      .string()
      .regex(/^\d{1,10}$/, "the operativa's number")
      .optional(),
    OCA_USER: z.string().min(1).optional(),
    OCA_PASSWORD: z.string().min(1).optional(),
    OCA_ACCOUNT: z
      .string()
      .regex(/^\d+\/\d+$/, "the e-Pak account, e.g. 111757/001")
      .optional(),
    OCA_API_URL: z.string().url().optional(),
    // Correo Argentino MiCorreo (quotes, branches, shipments imported, tracking) and Paq.ar (labels),
    // each with the credentials Correo Argentino gives; the URLs change for its test host or the double.
    MICORREO_USER: z.string().min(1).optional(),
    MICORREO_PASSWORD: z.string().min(1).optional(),
    MICORREO_CUSTOMER_ID: z.string().min(1).optional(),
    MICORREO_API_URL: z.string().url().optional(),
    PAQAR_API_URL: z.string().url().optional(),
    PAQAR_API_KEY: z.string().min(1).optional(),
    PAQAR_AGREEMENT: z.string().min(1).optional(),
    // The BCRA's Estadísticas Cambiarias API (app/services/bcra.server.ts, ADR 0020): set to
    // https://api.bcra.gob.ar to offer "Traer cotización" in Configuración > Cotización del dólar;
    // unset, staff type the rate. The tests point it at the local double (tests/doubles/bcra.ts).
    BCRA_API_URL: z.string().url().optional(),
    // Bearer token that opens /metrics (server/metrics.ts); unset: only this machine may read it.
    METRICS_TOKEN: z.string().min(16).optional(),
  })
  .superRefine((env, ctx) => {
    const s3 = [
      "S3_REGION",
      "S3_ENDPOINT",
      "S3_PUBLIC_URL",
      "S3_FORCE_PATH_STYLE",
      "S3_ACCESS_KEY_ID",
      "S3_SECRET_ACCESS_KEY",
    ] as const;
    for (const name of s3) {
      if (env[name] !== undefined && !env.S3_BUCKET) {
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: "set S3_BUCKET too (or unset it to keep uploads on disk)",
        });
      }
    }
    if (Boolean(env.ARCA_CERT_PATH) !== Boolean(env.ARCA_KEY_PATH)) {
      ctx.addIssue({
        code: "custom",
        path: ["ARCA_KEY_PATH"],
        message: "ARCA_CERT_PATH and ARCA_KEY_PATH go together",
      });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: ["S3_SECRET_ACCESS_KEY"],
        message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together",
      });
    }
  });

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

/** Forgets the checked environment, so that the next getEnv() reads process.env again (tests). */
export function resetEnv(): void {
  cached = undefined;
}

export function getEnv(): Env {
  if (!cached) {
    // An empty variable counts as unset (DATABASE_URL= forces the embedded database).
    const present = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== ""));
    const parsed = EnvSchema.safeParse(present);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
      throw new Error(`Invalid environment: ${problems}`);
    }
    cached = parsed.data;
  }
  return cached;
}

export function baseUrl(env: Env = getEnv()): string {
  return env.APP_URL ?? `http://localhost:${env.PORT}`;
}

/** Demo data is seeded by default only on the embedded database. */
export function shouldSeedDemo(env: Env = getEnv()): boolean {
  if (env.SEED_DEMO) return env.SEED_DEMO === "true";
  return !env.DATABASE_URL;
}
