import { createHash, randomBytes, randomInt } from "node:crypto";
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { XMLBuilder, XMLParser } from "fast-xml-parser";
import forge from "node-forge";
import type { ArcaConfig } from "~/services/arca/config.server";

// A local stand-in for ARCA's WSAA (LoginCms) and WSFEv1 (service.asmx), speaking SOAP 1.1 as
// they do (/work/shared/research/arca-wsfe.md §9). It generates a test CA and a merchant
// certificate, checks the CMS signature of every login against that CA, refuses a second login
// while a ticket is valid (coe.alreadyAuthenticated), and validates comprobantes with ARCA's
// codes: consecutive numbers and dates (10016), totals (10048), the Iva array (10023 sums, 10020
// ids: the double's choice of code), the receiver's IVA condition (10246 missing, 10242 unknown,
// 10243 not valid for the class), Factura A only to a CUIT (10013), points of sale not enabled
// (11002 from FECompUltimoAutorizado, 10005 from FECAESolicitar). An approved comprobante gets a
// 14-digit CAE valid for 10 days. Fault knobs: answer slowly after authorising (the CAE is kept,
// the answer comes too late), "Transacción activa" (502), and ARCA down (HTTP 503).
// Tests start it in-process; `npm run arca:sandbox` starts it for a person.

const WSFE_NS = "http://ar.gov.afip.dif.FEV1/";
const CLASS_OF: Record<number, "A" | "B" | "C"> = { 1: "A", 3: "A", 6: "B", 8: "B", 11: "C", 13: "C" };
const IVA_IDS = new Set([3, 4, 5, 6, 8, 9]);
const RECEIVER_CONDITIONS: { id: number; desc: string; classes: string }[] = [
  { id: 1, desc: "IVA Responsable Inscripto", classes: "A/M/C" },
  { id: 4, desc: "IVA Sujeto Exento", classes: "B/C" },
  { id: 5, desc: "Consumidor Final", classes: "B/C" },
  { id: 6, desc: "Responsable Monotributo", classes: "A/M/C" },
  { id: 7, desc: "Sujeto No Categorizado", classes: "B/C" },
  { id: 8, desc: "Proveedor del Exterior", classes: "B/C" },
  { id: 9, desc: "Cliente del Exterior", classes: "B/C" },
  { id: 10, desc: "IVA Liberado - Ley N° 19.640", classes: "B/C" },
  { id: 13, desc: "Monotributista Social", classes: "A/M/C" },
  { id: 15, desc: "IVA No Alcanzado", classes: "B/C" },
  { id: 16, desc: "Monotributo Trabajador Independiente Promovido", classes: "A/M/C" },
];

export type DoubleComprobante = {
  cuit: string;
  puntoVenta: number;
  cbteTipo: number;
  number: number;
  date: string;
  docTipo: number;
  docNro: string;
  condicionIvaReceptorId: number;
  impTotal: number;
  impNeto: number;
  impIva: number;
  iva: { id: number; base: number; amount: number }[];
  associated: { tipo: number; ptoVta: number; nro: number } | null;
  cae: string;
  caeExpiresAt: string;
};

export type ArcaFaults = {
  /** The next N FECAESolicitar authorise and keep the CAE, then answer after `slowMs`. */
  slowAfterAuthorise: number;
  slowMs: number;
  /** The next N FECAESolicitar answer 502 "Transacción activa" without authorising. */
  transaccionActiva: number;
  /** Every WSFEv1 call answers HTTP 503 with an HTML page. */
  down: boolean;
};

export type ArcaDouble = {
  url: string;
  wsaaUrl: string;
  wsfeUrl: string;
  /** The merchant: its CUIT, certificate and key (PEM), issued by the double's CA. */
  merchant: { cuit: string; certPem: string; keyPem: string };
  /** A certificate the double's CA did not issue (its logins are refused). */
  stranger: { certPem: string; keyPem: string };
  /** Points of sale enabled for web services. */
  pointsOfSale: Set<number>;
  faults: ArcaFaults;
  /** Every authorised comprobante. */
  comprobantes: DoubleComprobante[];
  /** Successful logins, and refused ones (coe.alreadyAuthenticated). */
  logins: { granted: number; refused: number };
  /** Forgets the tickets (as if they had expired). */
  expireTickets(): void;
  close(): Promise<void>;
};

function keyPair() {
  return forge.pki.rsa.generateKeyPair({ bits: 2048 });
}

function certificate(options: {
  subject: forge.pki.CertificateField[];
  publicKey: forge.pki.PublicKey;
  issuer?: forge.pki.CertificateField[];
  ca?: boolean;
  signingKey: forge.pki.rsa.PrivateKey;
}): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = options.publicKey;
  cert.serialNumber = randomBytes(8)
    .toString("hex")
    .replace(/^[89a-f]/, "1");
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 2 * 365 * 86_400_000);
  cert.setSubject(options.subject);
  cert.setIssuer(options.issuer ?? options.subject);
  if (options.ca) cert.setExtensions([{ name: "basicConstraints", cA: true }]);
  cert.sign(options.signingKey, forge.md.sha256.create());
  return cert;
}

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => ["AlicIva", "FECAEDetRequest", "CbteAsoc"].includes(name),
});
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: "@_", suppressEmptyNode: true });

function soap(body: Record<string, unknown>): string {
  return builder.build({
    "?xml": { "@_version": "1.0", "@_encoding": "utf-8" },
    "soap:Envelope": { "@_xmlns:soap": "http://schemas.xmlsoap.org/soap/envelope/", "soap:Body": body },
  }) as string;
}

function fault(code: string, text: string): string {
  return soap({ "soap:Fault": { faultcode: `ns1:${code}`, faultstring: text } });
}

function yyyymmdd(date: Date): string {
  return date.toISOString().slice(0, 10).replace(/-/g, "");
}

const sha256 = (bytes: string) => forge.md.sha256.create().update(bytes).digest().getBytes();

/**
 * The TRA inside a CMS SignedData and the CUIT of its signer, when the signature verifies
 * against `ca` (messageDigest = SHA-256 of the content; the signed attributes' signature by the
 * certificate's key; the certificate issued by the CA). Throws otherwise.
 */
function openCms(base64: string, ca: forge.pki.Certificate): { tra: string; cuit: string } {
  const message = forge.pkcs7.messageFromAsn1(
    forge.asn1.fromDer(forge.util.decode64(base64)),
  ) as forge.pkcs7.PkcsSignedData & {
    rawCapture: { signerInfos: forge.asn1.Asn1[]; content?: forge.asn1.Asn1 };
  };
  const [cert] = message.certificates;
  if (!cert || !ca.verify(cert)) throw new Error("certificate not issued by the CA");
  // The attached content: [0] EXPLICIT OCTET STRING (possibly in pieces).
  const content = ((message.rawCapture.content?.value ?? []) as forge.asn1.Asn1[])
    .map((n) => n.value as string)
    .join("");
  const signer = message.rawCapture.signerInfos[0]?.value as forge.asn1.Asn1[];
  const attributes = signer.find((node) => node.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && node.type === 0);
  const signature = signer[signer.length - 1]?.value as string;
  if (!attributes) throw new Error("no signed attributes");
  const digestAttribute = (attributes.value as forge.asn1.Asn1[]).find(
    (attr) =>
      forge.asn1.derToOid((attr.value as forge.asn1.Asn1[])[0]!.value as string) === forge.pki.oids.messageDigest,
  );
  const digest = ((digestAttribute?.value as forge.asn1.Asn1[])[1]!.value as forge.asn1.Asn1[])[0]!.value;
  if (digest !== sha256(content)) throw new Error("messageDigest does not match the content");
  // The signature covers the attributes DER-encoded as a SET (RFC 5652 §5.4).
  const set = forge.asn1.create(
    forge.asn1.Class.UNIVERSAL,
    forge.asn1.Type.SET,
    true,
    attributes.value as forge.asn1.Asn1[],
  );
  const signed = forge.asn1.toDer(set).getBytes();
  const publicKey = cert.publicKey as forge.pki.rsa.PublicKey;
  if (!publicKey.verify(sha256(signed), signature)) throw new Error("bad signature");
  const serial = cert.subject.getField({ name: "serialNumber" })?.value as string | undefined;
  const cuit = serial?.replace(/\D/g, "") ?? "";
  return { tra: forge.util.decodeUtf8(content), cuit };
}

export async function startArcaDouble(
  options: { port?: number; cuit?: string; pointsOfSale?: number[]; ticketLifetimeMs?: number } = {},
): Promise<ArcaDouble> {
  const cuit = options.cuit ?? "30712345671";
  const caKeys = keyPair();
  const caSubject = [{ name: "commonName", value: "Vitec ARCA double CA" }];
  const ca = certificate({ subject: caSubject, publicKey: caKeys.publicKey, signingKey: caKeys.privateKey, ca: true });
  const merchantKeys = keyPair();
  const merchantCert = certificate({
    subject: [
      { name: "commonName", value: "vitec" },
      { name: "serialNumber", value: `CUIT ${cuit}` },
    ],
    publicKey: merchantKeys.publicKey,
    issuer: caSubject,
    signingKey: caKeys.privateKey,
  });
  const strangerKeys = keyPair();
  const strangerCert = certificate({
    subject: [{ name: "serialNumber", value: `CUIT ${cuit}` }],
    publicKey: strangerKeys.publicKey,
    signingKey: strangerKeys.privateKey,
  });

  const tickets = new Map<string, { token: string; sign: string; expiresAt: number }>();
  const last = new Map<string, { number: number; date: string }>();
  const comprobantes: DoubleComprobante[] = [];
  const logins = { granted: 0, refused: 0 };
  const faults: ArcaFaults = { slowAfterAuthorise: 0, slowMs: 0, transaccionActiva: 0, down: false };
  const pointsOfSale = new Set(options.pointsOfSale ?? [1, 2, 3]);
  const lifetime = options.ticketLifetimeMs ?? 12 * 3_600_000;

  function login(xml: string): string {
    const in0 = ((parser.parse(xml).Envelope?.Body?.loginCms ?? {}) as { in0?: string }).in0;
    if (!in0) return fault("xml.bad", "No se pudo interpretar el XML");
    let opened: { tra: string; cuit: string };
    try {
      opened = openCms(in0, ca);
    } catch (error) {
      if (process.env.ARCA_DOUBLE_DEBUG) console.error(error);
      return fault("cms.bad", "Firma inválida o algoritmo no soportado");
    }
    const request = parser.parse(opened.tra).loginTicketRequest as {
      header?: { generationTime?: string; expirationTime?: string };
      service?: string;
    };
    const now = Date.now();
    const from = Date.parse(request?.header?.generationTime ?? "");
    const to = Date.parse(request?.header?.expirationTime ?? "");
    if (!(from <= now && now <= to))
      return fault("xml.generationTime.invalid", "generationTime o expirationTime inválidos");
    if (request.service !== "wsfe") return fault("coe.notAuthorized", "Computador no autorizado a acceder al servicio");
    const key = `${opened.cuit}:${request.service}`;
    const current = tickets.get(key);
    if (current && current.expiresAt > now) {
      logins.refused += 1;
      return fault("coe.alreadyAuthenticated", "El CEE ya posee un TA valido para el acceso al WSN solicitado");
    }
    const ticket = {
      token: randomBytes(48).toString("base64"),
      sign: randomBytes(24).toString("base64"),
      expiresAt: now + lifetime,
    };
    tickets.set(key, ticket);
    logins.granted += 1;
    const response = builder.build({
      "?xml": { "@_version": "1.0", "@_encoding": "UTF-8", "@_standalone": "yes" },
      loginTicketResponse: {
        "@_version": "1.0",
        header: {
          source: "CN=wsaahomo, O=AFIP, C=AR",
          destination: `SERIALNUMBER=CUIT ${opened.cuit}, CN=vitec`,
          uniqueId: randomInt(1, 2 ** 31),
          generationTime: new Date(now).toISOString(),
          expirationTime: new Date(ticket.expiresAt).toISOString(),
        },
        credentials: { token: ticket.token, sign: ticket.sign },
      },
    }) as string;
    return soap({
      loginCmsResponse: { "@_xmlns": "http://wsaa.view.sua.dvadac.desein.afip.gov", loginCmsReturn: response },
    });
  }

  type Fields = Record<string, unknown>;
  const result = (operation: string, content: Fields) =>
    soap({ [`${operation}Response`]: { "@_xmlns": WSFE_NS, [`${operation}Result`]: content } });
  const errors = (...list: [number, string][]) => ({ Errors: { Err: list.map(([Code, Msg]) => ({ Code, Msg })) } });

  function authorised(auth: Fields | undefined): boolean {
    const ticket = tickets.get(`${auth?.Cuit}:wsfe`);
    return Boolean(
      ticket && ticket.expiresAt > Date.now() && ticket.token === auth?.Token && ticket.sign === auth?.Sign,
    );
  }

  function observe(det: Fields, cbteTipo: number, ptoVta: number, sellerCuit: string): [number, string] | null {
    const num = (name: string) => Number(det[name] ?? 0);
    const invoiceClass = CLASS_OF[cbteTipo];
    const previous = last.get(`${sellerCuit}:${ptoVta}:${cbteTipo}`) ?? { number: 0, date: "00000000" };
    const date = String(det.CbteFch ?? "");
    if (num("CbteDesde") !== previous.number + 1 || num("CbteHasta") !== num("CbteDesde")) {
      return [
        10016,
        `El numero o fecha del comprobante no se corresponde con el proximo a autorizar. Consultar metodo FECompUltimoAutorizado.`,
      ];
    }
    if (date < previous.date) return [10016, "La fecha del comprobante es anterior a la del último autorizado."];
    const cents = (n: number) => Math.round(n * 100);
    const parts = ["ImpNeto", "ImpIVA", "ImpTrib", "ImpOpEx", "ImpTotConc"].reduce((s, n) => s + cents(num(n)), 0);
    if (parts !== cents(num("ImpTotal"))) {
      return [
        10048,
        "El campo 'Importe Total' ImpTotal, debe ser igual a la suma de ImpTotConc + ImpNeto + ImpOpEx + ImpTrib + ImpIVA.",
      ];
    }
    const iva = ((det.Iva as Fields | undefined)?.AlicIva ?? []) as Fields[];
    if (iva.some((a) => !IVA_IDS.has(Number(a.Id)))) return [10020, "El campo Id de AlicIva no es válido."];
    if (invoiceClass !== "C" && iva.reduce((s, a) => s + cents(Number(a.Importe)), 0) !== cents(num("ImpIVA"))) {
      return [10023, "La suma de los importes de AlicIva debe ser igual a ImpIVA."];
    }
    if (invoiceClass === "C" && (iva.length > 0 || num("ImpIVA") !== 0)) {
      return [10071, "Para comprobantes tipo C el objeto IVA no debe informarse."];
    }
    if (det.CondicionIVAReceptorId === undefined || det.CondicionIVAReceptorId === "") {
      return [
        10246,
        "Campo Condicion Frente al IVA del receptor es obligatorio conforme a lo reglamentado por la Resolución General N° 5616.",
      ];
    }
    const condition = RECEIVER_CONDITIONS.find((c) => c.id === num("CondicionIVAReceptorId"));
    if (!condition) return [10242, "El campo Condicion Frente al IVA del receptor no es un valor permitido."];
    if (!condition.classes.split("/").includes(invoiceClass ?? "")) {
      return [10243, `La Condicion Frente al IVA del receptor no es válida para comprobantes clase ${invoiceClass}.`];
    }
    if (invoiceClass === "A" && num("DocTipo") !== 80) {
      return [10013, "Para comprobantes clase A el campo DocTipo debe ser 80 (CUIT)."];
    }
    return null;
  }

  async function solicitar(body: Fields, sellerCuit: string): Promise<string> {
    const req = body.FeCAEReq as Fields;
    const cab = req.FeCabReq as Fields;
    const ptoVta = Number(cab.PtoVta);
    const cbteTipo = Number(cab.CbteTipo);
    const [det] = ((req.FeDetReq as Fields).FECAEDetRequest ?? []) as Fields[];
    const header = {
      Cuit: sellerCuit,
      PtoVta: ptoVta,
      CbteTipo: cbteTipo,
      FchProceso: yyyymmdd(new Date()),
      CantReg: 1,
    };
    if (faults.transaccionActiva > 0) {
      faults.transaccionActiva -= 1;
      return result("FECAESolicitar", {
        FeCabResp: { ...header, Resultado: "R" },
        ...errors([502, "Error interno de base de datos - Transaccion Activa"]),
      });
    }
    if (!pointsOfSale.has(ptoVta)) {
      return result("FECAESolicitar", {
        FeCabResp: { ...header, Resultado: "R" },
        ...errors([10005, "El punto de venta no se encuentra habilitado a usar el presente WS."]),
      });
    }
    if (!det || !CLASS_OF[cbteTipo]) {
      return result("FECAESolicitar", {
        FeCabResp: { ...header, Resultado: "R" },
        ...errors([10007, "CbteTipo no válido."]),
      });
    }
    const detail = {
      Concepto: det.Concepto,
      DocTipo: det.DocTipo,
      DocNro: det.DocNro,
      CbteDesde: det.CbteDesde,
      CbteHasta: det.CbteHasta,
      CbteFch: det.CbteFch,
    };
    const observation = observe(det, cbteTipo, ptoVta, sellerCuit);
    if (observation) {
      return result("FECAESolicitar", {
        FeCabResp: { ...header, Resultado: "R" },
        FeDetResp: {
          FECAEDetResponse: {
            ...detail,
            Resultado: "R",
            Observaciones: { Obs: { Code: observation[0], Msg: observation[1] } },
            CAE: "",
            CAEFchVto: "",
          },
        },
      });
    }
    const cae = `${randomInt(1, 10)}${String(randomInt(0, 10 ** 6)).padStart(6, "0")}${String(randomInt(0, 10 ** 7)).padStart(7, "0")}`;
    const caeExpiresAt = yyyymmdd(new Date(Date.now() + 10 * 86_400_000));
    const assoc = (((det.CbtesAsoc as Fields | undefined)?.CbteAsoc ?? []) as Fields[])[0];
    comprobantes.push({
      cuit: sellerCuit,
      puntoVenta: ptoVta,
      cbteTipo,
      number: Number(det.CbteDesde),
      date: String(det.CbteFch),
      docTipo: Number(det.DocTipo),
      docNro: String(det.DocNro),
      condicionIvaReceptorId: Number(det.CondicionIVAReceptorId),
      impTotal: Number(det.ImpTotal),
      impNeto: Number(det.ImpNeto),
      impIva: Number(det.ImpIVA),
      iva: (((det.Iva as Fields | undefined)?.AlicIva ?? []) as Fields[]).map((a) => ({
        id: Number(a.Id),
        base: Number(a.BaseImp),
        amount: Number(a.Importe),
      })),
      associated: assoc ? { tipo: Number(assoc.Tipo), ptoVta: Number(assoc.PtoVta), nro: Number(assoc.Nro) } : null,
      cae,
      caeExpiresAt,
    });
    last.set(`${sellerCuit}:${ptoVta}:${cbteTipo}`, { number: Number(det.CbteDesde), date: String(det.CbteFch) });
    const answer = result("FECAESolicitar", {
      FeCabResp: { ...header, Resultado: "A", Reproceso: "N" },
      FeDetResp: { FECAEDetResponse: { ...detail, Resultado: "A", CAE: cae, CAEFchVto: caeExpiresAt } },
    });
    if (faults.slowAfterAuthorise > 0) {
      faults.slowAfterAuthorise -= 1;
      await new Promise((resolve) => setTimeout(resolve, faults.slowMs));
    }
    return answer;
  }

  async function wsfe(xml: string, action: string): Promise<string> {
    const body = (parser.parse(xml).Envelope?.Body ?? {}) as Fields;
    const operation = action || Object.keys(body)[0] || "";
    const content = (body[operation] ?? {}) as Fields;
    if (operation === "FEDummy") return result("FEDummy", { AppServer: "OK", DbServer: "OK", AuthServer: "OK" });
    const auth = content.Auth as Fields | undefined;
    if (!authorised(auth)) return result(operation, errors([600, "ValidacionDeToken: No validaron las credenciales"]));
    const sellerCuit = String(auth?.Cuit);
    switch (operation) {
      case "FECompUltimoAutorizado": {
        const ptoVta = Number(content.PtoVta);
        const cbteTipo = Number(content.CbteTipo);
        if (!pointsOfSale.has(ptoVta)) {
          return result(operation, errors([11002, "El punto de venta no está habilitado para el presente WS."]));
        }
        const previous = last.get(`${sellerCuit}:${ptoVta}:${cbteTipo}`)?.number ?? 0;
        return result(operation, { PtoVta: ptoVta, CbteTipo: cbteTipo, CbteNro: previous });
      }
      case "FECAESolicitar":
        return solicitar(content, sellerCuit);
      case "FECompConsultar": {
        const q = content.FeCompConsReq as Fields;
        const found = comprobantes.find(
          (c) =>
            c.cuit === sellerCuit &&
            c.cbteTipo === Number(q.CbteTipo) &&
            c.number === Number(q.CbteNro) &&
            c.puntoVenta === Number(q.PtoVta),
        );
        if (!found)
          return result(
            operation,
            errors([602, "No existen datos en nuestros registros para los parametros ingresados."]),
          );
        return result(operation, {
          ResultGet: {
            Concepto: 1,
            DocTipo: found.docTipo,
            DocNro: found.docNro,
            CbteDesde: found.number,
            CbteHasta: found.number,
            CbteFch: found.date,
            ImpTotal: found.impTotal,
            ImpNeto: found.impNeto,
            ImpIVA: found.impIva,
            MonId: "PES",
            MonCotiz: 1,
            CondicionIVAReceptorId: found.condicionIvaReceptorId,
            Resultado: "A",
            CodAutorizacion: found.cae,
            EmisionTipo: "CAE",
            FchVto: found.caeExpiresAt,
            FchProceso: found.date,
            PtoVta: found.puntoVenta,
            CbteTipo: found.cbteTipo,
          },
        });
      }
      case "FEParamGetPtosVenta":
        return result(operation, {
          ResultGet: {
            PtoVenta: [...pointsOfSale].map((n) => ({
              Nro: n,
              EmisionTipo: "CAE - Ws",
              Bloqueado: "N",
              FchBaja: "NULL",
            })),
          },
        });
      case "FEParamGetCondicionIvaReceptor": {
        const clase = String(content.ClaseCmp ?? "");
        return result(operation, {
          ResultGet: {
            CondicionIvaReceptor: RECEIVER_CONDITIONS.filter((c) => c.classes.split("/").includes(clase)).map((c) => ({
              Id: c.id,
              Desc: c.desc,
              Cmp_Clase: c.classes,
            })),
          },
        });
      }
      default:
        return fault("soap:Client", `Operación desconocida: ${operation}`);
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const xml = Buffer.concat(chunks).toString("utf8");
    const path = new URL(req.url ?? "/", "http://double").pathname;
    let answer: string;
    if (req.method === "POST" && path === "/ws/services/LoginCms") {
      answer = login(xml);
    } else if (req.method === "POST" && path === "/wsfev1/service.asmx") {
      if (faults.down) {
        res.writeHead(503, { "Content-Type": "text/html" }).end("<html><body>Service Unavailable</body></html>");
        return;
      }
      const action = String(req.headers.soapaction ?? "")
        .replace(/"/g, "")
        .replace(WSFE_NS, "");
      answer = await wsfe(xml, action);
    } else {
      res.writeHead(404).end();
      return;
    }
    const status = answer.includes("Fault>") ? 500 : 200;
    res.writeHead(status, { "Content-Type": "text/xml; charset=utf-8" }).end(answer);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/xml" }).end(fault("soap:Server", String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    wsaaUrl: `${url}/ws/services/LoginCms`,
    wsfeUrl: `${url}/wsfev1/service.asmx`,
    merchant: {
      cuit,
      certPem: forge.pki.certificateToPem(merchantCert),
      keyPem: forge.pki.privateKeyToPem(merchantKeys.privateKey),
    },
    stranger: {
      certPem: forge.pki.certificateToPem(strangerCert),
      keyPem: forge.pki.privateKeyToPem(strangerKeys.privateKey),
    },
    pointsOfSale,
    faults,
    comprobantes,
    logins,
    expireTickets: () => tickets.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A fingerprint of a PEM certificate, for a person reading the sandbox's output. */
export function fingerprint(pem: string): string {
  return createHash("sha256").update(pem).digest("hex").slice(0, 16);
}

/** The store's ARCA client configuration pointed at the double, as the merchant. */
export function doubleClientConfig(double: ArcaDouble, timeoutMs = 10_000): ArcaConfig {
  return {
    environment: "homologacion",
    cuit: double.merchant.cuit,
    wsaaUrl: double.wsaaUrl,
    wsfeUrl: double.wsfeUrl,
    credentials: { certPem: double.merchant.certPem, keyPem: double.merchant.keyPem },
    timeoutMs,
  };
}
