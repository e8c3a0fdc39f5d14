import { and, eq } from "drizzle-orm";
import forge from "node-forge";
import { type DbOrTx, getDb } from "~/db/client.server";
import { arcaTickets } from "~/db/schema/invoices";
import type { ArcaConfig, ArcaCredentials } from "./config.server";
import { ArcaError } from "./errors";
import { buildXml, parseXml, soapPost } from "./soap.server";

// WSAA, ARCA's login (the "ticket de acceso", TA): a login ticket request (TRA) for a service,
// signed as CMS/PKCS#7 SignedData (SHA-256, content attached) with the store's certificate and
// key by node-forge, sent to LoginCms; ARCA answers a token and a sign valid for about 12 hours.
// ARCA refuses a second login while a ticket is valid (coe.alreadyAuthenticated), so the ticket
// lives in the database (arca_tickets), shared by every process, and is renewed near its expiry
// by one process at a time, under the row's lock.

export const WSFE_SERVICE = "wsfe";
const WSAA_NAMESPACE = "http://wsaa.view.sua.dvadac.desein.afip.gov";
/** A ticket this close to its expiry is renewed (ARCA's last minutes are not relied on). */
const RENEW_BEFORE_MS = 10 * 60_000;

export type Ticket = { token: string; sign: string; generatedAt: Date; expiresAt: Date };

function xsdDateTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** The login ticket request for `service`, valid from 10 minutes ago to 10 minutes ahead. */
export function buildTra(service: string, now: Date = new Date()): string {
  return buildXml({
    "?xml": { "@_version": "1.0", "@_encoding": "UTF-8" },
    loginTicketRequest: {
      "@_version": "1.0",
      header: {
        uniqueId: Math.floor(now.getTime() / 1000) % 4_294_967_295,
        generationTime: xsdDateTime(new Date(now.getTime() - 10 * 60_000)),
        expirationTime: xsdDateTime(new Date(now.getTime() + 10 * 60_000)),
      },
      service,
    },
  });
}

/** The TRA signed as CMS SignedData with its content attached, DER in base64 (LoginCms's in0). */
export function signTra(tra: string, credentials: ArcaCredentials): string {
  let certificate: forge.pki.Certificate;
  let key: forge.pki.PrivateKey;
  try {
    certificate = forge.pki.certificateFromPem(credentials.certPem);
    key = forge.pki.privateKeyFromPem(credentials.keyPem);
  } catch {
    throw new ArcaError("config", "bad_certificate", "El certificado o la clave de ARCA no se pueden leer (PEM).");
  }
  const oids = forge.pki.oids as Record<"sha256" | "contentType" | "data" | "messageDigest" | "signingTime", string>;
  const p7 = forge.pkcs7.createSignedData();
  p7.content = forge.util.createBuffer(tra, "utf8");
  p7.addCertificate(certificate);
  p7.addSigner({
    key,
    certificate,
    digestAlgorithm: oids.sha256,
    // contentType, messageDigest and signingTime (the last two filled in by sign()).
    authenticatedAttributes: [
      { type: oids.contentType, value: oids.data },
      { type: oids.messageDigest },
      { type: oids.signingTime },
    ],
  });
  p7.sign();
  return forge.util.encode64(forge.asn1.toDer(p7.toAsn1()).getBytes());
}

/** One LoginCms call: a new ticket, or an ArcaError (coe.alreadyAuthenticated while one is valid). */
export async function loginCms(config: ArcaConfig, service: string = WSFE_SERVICE): Promise<Ticket> {
  const cms = signTra(buildTra(service), config.credentials);
  const body = await soapPost({
    url: config.wsaaUrl,
    soapAction: "",
    timeoutMs: config.timeoutMs,
    body: buildXml({
      "soap:Envelope": {
        "@_xmlns:soap": "http://schemas.xmlsoap.org/soap/envelope/",
        "@_xmlns:wsaa": WSAA_NAMESPACE,
        "soap:Body": { "wsaa:loginCms": { "wsaa:in0": cms } },
      },
    }),
  });
  const returned = (body.loginCmsResponse as { loginCmsReturn?: string } | undefined)?.loginCmsReturn;
  const ticket = returned ? (parseXml(returned).loginTicketResponse as Record<string, Record<string, string>>) : null;
  const token = ticket?.credentials?.token;
  const sign = ticket?.credentials?.sign;
  const expiresAt = new Date(ticket?.header?.expirationTime ?? "");
  if (!token || !sign || Number.isNaN(expiresAt.getTime())) {
    throw new ArcaError("network", "wsaa_answer", "WSAA respondió sin un ticket de acceso.");
  }
  return { token, sign, generatedAt: new Date(ticket?.header?.generationTime ?? Date.now()), expiresAt };
}

function usable(
  row: { token: string | null; sign: string | null; expiresAt: Date | null } | undefined,
  marginMs: number,
) {
  if (!row?.token || !row.sign || !row.expiresAt) return null;
  if (row.expiresAt.getTime() - Date.now() <= marginMs) return null;
  return { token: row.token, sign: row.sign, expiresAt: row.expiresAt };
}

/**
 * A valid ticket for the service: the stored one while it has more than 10 minutes left;
 * otherwise one process (holding the row's lock) logs in again and stores it while the others
 * wait and then take it. ARCA refusing the new login (coe.alreadyAuthenticated) while the stored
 * ticket is still valid keeps the stored one.
 */
export async function getTicket(
  config: ArcaConfig,
  service: string = WSFE_SERVICE,
  db: DbOrTx = getDb(),
): Promise<{ token: string; sign: string; expiresAt: Date }> {
  const key = and(
    eq(arcaTickets.environment, config.environment),
    eq(arcaTickets.cuit, config.cuit),
    eq(arcaTickets.service, service),
  );
  const [stored] = await db.select().from(arcaTickets).where(key);
  const fresh = usable(stored, RENEW_BEFORE_MS);
  if (fresh) return fresh;
  return db.transaction(async (tx) => {
    await tx
      .insert(arcaTickets)
      .values({ environment: config.environment, cuit: config.cuit, service })
      .onConflictDoNothing();
    const [locked] = await tx.select().from(arcaTickets).where(key).for("update");
    const renewed = usable(locked, RENEW_BEFORE_MS);
    if (renewed) return renewed; // another process renewed it while this one waited
    try {
      const ticket = await loginCms(config, service);
      await tx
        .update(arcaTickets)
        .set({ ...ticket, updatedAt: new Date() })
        .where(key);
      return ticket;
    } catch (error) {
      const stillValid = usable(locked, 0);
      if (error instanceof ArcaError && error.code === "coe.alreadyAuthenticated" && stillValid) return stillValid;
      throw error;
    }
  });
}
