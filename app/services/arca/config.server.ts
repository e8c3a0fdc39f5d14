import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { getEnv } from "~/utils/env.server";
import { ArcaError } from "./errors";

// Where ARCA is and who the store is to it. The environment (ARCA_ENV) chooses homologación
// (testing) or producción; ARCA_WSAA_URL / ARCA_WSFE_URL point the store at the local double.
// The certificate and key come from files (ARCA_CERT_PATH / ARCA_KEY_PATH) or from the settings,
// where the key is kept encrypted with ARCA_KEY_ENCRYPTION_KEY (AES-256-GCM) and never shown back.

export type ArcaEnvironment = "homologacion" | "produccion";

export const ARCA_ENDPOINTS: Record<ArcaEnvironment, { wsaa: string; wsfe: string }> = {
  homologacion: {
    wsaa: "https://wsaahomo.afip.gov.ar/ws/services/LoginCms",
    wsfe: "https://wswhomo.afip.gov.ar/wsfev1/service.asmx",
  },
  produccion: {
    wsaa: "https://wsaa.afip.gov.ar/ws/services/LoginCms",
    wsfe: "https://servicios1.afip.gov.ar/wsfev1/service.asmx",
  },
};

export type ArcaCredentials = { certPem: string; keyPem: string };

export type ArcaConfig = {
  environment: ArcaEnvironment;
  /** The store's CUIT, 11 digits (the certificate's). */
  cuit: string;
  wsaaUrl: string;
  wsfeUrl: string;
  credentials: ArcaCredentials;
  /** How long one call may take before it counts as a timeout. */
  timeoutMs: number;
};

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * The configuration from the environment and, when the files are not given there, the
 * credentials kept in the settings. Throws ArcaError("config") when something is missing.
 */
export function arcaConfig(options: {
  cuit?: string | null;
  credentials?: ArcaCredentials | null;
  timeoutMs?: number;
}): ArcaConfig {
  const env = getEnv();
  const environment = env.ARCA_ENV ?? "homologacion";
  const cuit = (options.cuit ?? env.ARCA_CUIT ?? "").replace(/\D/g, "");
  if (!/^\d{11}$/.test(cuit)) throw new ArcaError("config", "no_cuit", "Falta el CUIT de la tienda.");
  const credentials = options.credentials ?? credentialsFromFiles(env.ARCA_CERT_PATH, env.ARCA_KEY_PATH);
  if (!credentials) throw new ArcaError("config", "no_certificate", "Falta el certificado o la clave de ARCA.");
  return {
    environment,
    cuit,
    wsaaUrl: env.ARCA_WSAA_URL ?? ARCA_ENDPOINTS[environment].wsaa,
    wsfeUrl: env.ARCA_WSFE_URL ?? ARCA_ENDPOINTS[environment].wsfe,
    credentials,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  };
}

function credentialsFromFiles(certPath?: string, keyPath?: string): ArcaCredentials | null {
  if (!certPath || !keyPath) return null;
  try {
    return { certPem: readFileSync(certPath, "utf8"), keyPem: readFileSync(keyPath, "utf8") };
  } catch (error) {
    const reason = error instanceof Error && "code" in error ? String(error.code) : "error";
    throw new ArcaError("config", "certificate_file", `No se pudo leer el certificado o la clave de ARCA (${reason}).`);
  }
}

// The key at rest: "v1.<iv>.<tag>.<ciphertext>" (base64url), AES-256-GCM under a key derived
// from ARCA_KEY_ENCRYPTION_KEY with SHA-256 (the variable holds at least 32 random characters).

function encryptionKey(secret: string | undefined = getEnv().ARCA_KEY_ENCRYPTION_KEY): Buffer {
  if (!secret) {
    throw new ArcaError("config", "no_encryption_key", "Falta ARCA_KEY_ENCRYPTION_KEY para guardar la clave.");
  }
  return createHash("sha256").update(secret, "utf8").digest();
}

export function encryptPrivateKey(keyPem: string, secret?: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(secret), iv);
  const ciphertext = Buffer.concat([cipher.update(keyPem, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), ciphertext]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

export function decryptPrivateKey(stored: string, secret?: string): string {
  const [version, iv, tag, ciphertext] = stored.split(".");
  if (version !== "v1" || !iv || !tag || !ciphertext) {
    throw new ArcaError("config", "bad_stored_key", "La clave guardada no se puede leer.");
  }
  try {
    const decipher = createDecipheriv("aes-256-gcm", encryptionKey(secret), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new ArcaError("config", "bad_stored_key", "La clave guardada no corresponde a ARCA_KEY_ENCRYPTION_KEY.");
  }
}
