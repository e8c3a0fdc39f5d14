import http from "node:http";
import https from "node:https";
import { XMLBuilder, XMLParser } from "fast-xml-parser";
import { ArcaError } from "./errors";

// SOAP 1.1 over HTTP(S) for ARCA's web services: an envelope built and read with
// fast-xml-parser, posted with node:https so that the TLS settings ARCA's servers need can be
// given (fetch takes no TLS options without an undici dispatcher of its own).
//
// Legacy TLS (ADR 0017): wsaa.afip.gov.ar and servicios1.afip.gov.ar negotiate Diffie-Hellman
// parameters that OpenSSL 3's default security level 2 refuses ("dh key too small", EPROTO).
// We lower the level for these connections only: ciphers "DEFAULT@SECLEVEL=1" and a minimum DH
// size of 1024 bits. The certificate is still verified against the system's CAs. A local double
// (http://) takes no TLS at all.

const SOAP_ENV = "http://schemas.xmlsoap.org/soap/envelope/";
const LEGACY_TLS: https.RequestOptions = { ciphers: "DEFAULT@SECLEVEL=1", minDHSize: 1024 } as https.RequestOptions;

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  // Lists ARCA may answer with one element or several.
  isArray: (name) =>
    ["Err", "Evt", "Obs", "AlicIva", "FECAEDetResponse", "PtoVenta", "CondicionIvaReceptor", "CbteAsoc"].includes(name),
});
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: "@_", suppressEmptyNode: true });

export type XmlNode = { [key: string]: unknown };

/** A SOAP 1.1 envelope whose body is one element `operation` in `namespace` with `content`. */
export function envelope(operation: string, namespace: string, content: XmlNode): string {
  return builder.build({
    "?xml": { "@_version": "1.0", "@_encoding": "utf-8" },
    "soap:Envelope": {
      "@_xmlns:soap": SOAP_ENV,
      "soap:Body": { [operation]: { "@_xmlns": namespace, ...content } },
    },
  }) as string;
}

export function parseXml(xml: string): XmlNode {
  return parser.parse(xml) as XmlNode;
}

export function buildXml(node: XmlNode): string {
  return builder.build(node) as string;
}

export type SoapCall = { url: string; soapAction: string; body: string; timeoutMs: number };

/**
 * Posts the envelope and returns the element inside the SOAP Body; a SOAP fault becomes an
 * ArcaError with its faultcode (without namespace prefix) and faultstring.
 */
export async function soapPost(call: SoapCall): Promise<XmlNode> {
  const { status, text } = await post(call);
  let parsed: XmlNode;
  try {
    parsed = parseXml(text);
  } catch {
    throw new ArcaError("network", `http_${status}`, "ARCA respondió algo que no es XML.");
  }
  const body = (parsed.Envelope as XmlNode | undefined)?.Body as XmlNode | undefined;
  if (!body) throw new ArcaError("network", `http_${status}`, "ARCA respondió sin un mensaje SOAP.");
  const fault = body.Fault as XmlNode | undefined;
  if (fault) {
    const code = String(fault.faultcode ?? "fault").replace(/^.*:/, "");
    throw new ArcaError("fault", code, String(fault.faultstring ?? ""));
  }
  if (status >= 400) throw new ArcaError("network", `http_${status}`, `ARCA respondió ${status}.`);
  return body;
}

function post(call: SoapCall): Promise<{ status: number; text: string }> {
  const url = new URL(call.url);
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: "POST",
        headers: {
          "Content-Type": "text/xml; charset=utf-8",
          SOAPAction: `"${call.soapAction}"`,
          "Content-Length": Buffer.byteLength(call.body),
        },
        ...(url.protocol === "https:" ? LEGACY_TLS : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }),
        );
        response.on("error", (error) => reject(new ArcaError("network", "network", error.message)));
      },
    );
    // The whole exchange, not only the connection: an answer that never ends is a timeout too.
    const timer = setTimeout(() => {
      request.destroy();
      reject(new ArcaError("timeout", "timeout", `ARCA no respondió en ${Math.round(call.timeoutMs / 1000)} s.`));
    }, call.timeoutMs);
    request.on("close", () => clearTimeout(timer));
    request.on("error", (error) => reject(new ArcaError("network", "network", error.message)));
    request.end(call.body);
  });
}
