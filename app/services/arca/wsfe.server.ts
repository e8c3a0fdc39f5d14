import { type InvoiceAmounts, arcaAmount } from "~/domain/invoice-amounts";
import type { ArcaConfig } from "./config.server";
import { ArcaError } from "./errors";
import { type XmlNode, envelope, soapPost } from "./soap.server";
import { getTicket } from "./wsaa.server";

// WSFEv1, ARCA's electronic invoice service for the domestic market: the operations the store
// needs (FEDummy, FECompUltimoAutorizado, FECAESolicitar, FECompConsultar, and the parameter
// lists for the admin). Every call but FEDummy carries Auth{Token, Sign, Cuit} from the shared
// WSAA ticket. ARCA's Errors/Err and a rejected comprobante's Observaciones become an ArcaError
// with ARCA's own code and text.

export const WSFE_NAMESPACE = "http://ar.gov.afip.dif.FEV1/";

type Ticketed = { token: string; sign: string };
export type WsfeOptions = {
  /** The ticket to use; by default the shared one (getTicket). */
  ticket?: Ticketed;
};

async function auth(config: ArcaConfig, options: WsfeOptions): Promise<XmlNode> {
  const ticket = options.ticket ?? (await getTicket(config));
  return { Auth: { Token: ticket.token, Sign: ticket.sign, Cuit: config.cuit } };
}

function list<T>(value: unknown): T[] {
  if (value === undefined || value === null || value === "") return [];
  return (Array.isArray(value) ? value : [value]) as T[];
}

type ArcaMessage = { Code?: string; Msg?: string };

function firstError(result: XmlNode): ArcaError | null {
  const errors = list<ArcaMessage>((result.Errors as XmlNode | undefined)?.Err);
  if (errors.length === 0) return null;
  const [first] = errors;
  return new ArcaError(
    "rejected",
    String(first?.Code ?? "error"),
    errors
      .map((e) => `${e.Code}: ${e.Msg}`)
      .join(" · ")
      .replace(/^[^:]*: /, ""),
  );
}

async function call(config: ArcaConfig, operation: string, content: XmlNode): Promise<XmlNode> {
  const body = await soapPost({
    url: config.wsfeUrl,
    soapAction: `${WSFE_NAMESPACE}${operation}`,
    timeoutMs: config.timeoutMs,
    body: envelope(operation, WSFE_NAMESPACE, content),
  });
  const result = (body[`${operation}Response`] as XmlNode | undefined)?.[`${operation}Result`] as XmlNode | undefined;
  if (!result) throw new ArcaError("network", "wsfe_answer", `WSFEv1 respondió sin ${operation}Result.`);
  return result;
}

/** Whether ARCA's application, database and authentication servers are up. No ticket needed. */
export async function feDummy(
  config: ArcaConfig,
): Promise<{ appServer: string; dbServer: string; authServer: string }> {
  const result = await call(config, "FEDummy", {});
  return {
    appServer: String(result.AppServer ?? ""),
    dbServer: String(result.DbServer ?? ""),
    authServer: String(result.AuthServer ?? ""),
  };
}

/** The last number ARCA authorised for (point of sale, type); 0 before the first. */
export async function lastAuthorised(
  config: ArcaConfig,
  puntoVenta: number,
  cbteTipo: number,
  options: WsfeOptions = {},
): Promise<number> {
  const result = await call(config, "FECompUltimoAutorizado", {
    ...(await auth(config, options)),
    PtoVta: puntoVenta,
    CbteTipo: cbteTipo,
  });
  const error = firstError(result);
  if (error) throw error;
  return Number(result.CbteNro ?? 0);
}

export type CaeRequest = {
  puntoVenta: number;
  cbteTipo: number;
  number: number;
  /** Issue date, yyyymmdd. */
  date: string;
  /** 1 productos (a store sells goods). */
  concepto?: 1;
  docTipo: number;
  docNro: string;
  condicionIvaReceptorId: number;
  amounts: InvoiceAmounts;
  /** A credit note's invoice (CbtesAsoc). */
  associated?: { cbteTipo: number; puntoVenta: number; number: number; cuit: string; date: string };
};

/** The FeCAEReq element, in WSFEv1's order; kept on the invoice as what was sent. */
export function caeRequestBody(request: CaeRequest): XmlNode {
  const a = request.amounts;
  return {
    FeCAEReq: {
      FeCabReq: { CantReg: 1, PtoVta: request.puntoVenta, CbteTipo: request.cbteTipo },
      FeDetReq: {
        FECAEDetRequest: {
          Concepto: request.concepto ?? 1,
          DocTipo: request.docTipo,
          DocNro: request.docNro,
          CbteDesde: request.number,
          CbteHasta: request.number,
          CbteFch: request.date,
          ImpTotal: arcaAmount(a.impTotalCents),
          ImpTotConc: arcaAmount(a.impTotConcCents),
          ImpNeto: arcaAmount(a.impNetoCents),
          ImpOpEx: arcaAmount(a.impOpExCents),
          ImpTrib: arcaAmount(a.impTribCents),
          ImpIVA: arcaAmount(a.impIvaCents),
          MonId: "PES",
          MonCotiz: 1,
          CondicionIVAReceptorId: request.condicionIvaReceptorId,
          ...(request.associated
            ? {
                CbtesAsoc: {
                  CbteAsoc: {
                    Tipo: request.associated.cbteTipo,
                    PtoVta: request.associated.puntoVenta,
                    Nro: request.associated.number,
                    Cuit: request.associated.cuit,
                    CbteFch: request.associated.date,
                  },
                },
              }
            : {}),
          ...(a.iva.length > 0
            ? {
                Iva: {
                  AlicIva: a.iva.map((i) => ({
                    Id: i.id,
                    BaseImp: arcaAmount(i.baseCents),
                    Importe: arcaAmount(i.amountCents),
                  })),
                },
              }
            : {}),
        },
      },
    },
  };
}

export type CaeResult = {
  cae: string;
  /** yyyymmdd */
  caeExpiresAt: string;
  number: number;
  /** ARCA's answer, kept on the invoice. */
  response: XmlNode;
};

/**
 * Asks ARCA to authorise one comprobante. Authorised: its CAE and expiry. Refused: an ArcaError
 * with ARCA's first error or observation. No answer in time: ArcaError("timeout"); the caller
 * must then ask FECompConsultar before trying again (ARCA may have authorised it).
 */
export async function requestCae(
  config: ArcaConfig,
  request: CaeRequest,
  options: WsfeOptions = {},
): Promise<CaeResult> {
  const result = await call(config, "FECAESolicitar", { ...(await auth(config, options)), ...caeRequestBody(request) });
  const detail = list<XmlNode>((result.FeDetResp as XmlNode | undefined)?.FECAEDetResponse)[0];
  if (detail?.Resultado === "A" && typeof detail.CAE === "string" && /^\d{14}$/.test(detail.CAE)) {
    return {
      cae: detail.CAE,
      caeExpiresAt: String(detail.CAEFchVto),
      number: Number(detail.CbteDesde),
      response: result,
    };
  }
  const error = firstError(result);
  if (error) throw error;
  const observations = list<ArcaMessage>((detail?.Observaciones as XmlNode | undefined)?.Obs);
  const [first] = observations;
  throw new ArcaError(
    "rejected",
    String(first?.Code ?? "R"),
    observations.map((o) => o.Msg).join(" · ") || "ARCA rechazó el comprobante.",
  );
}

export type AuthorisedComprobante = {
  cae: string;
  caeExpiresAt: string;
  date: string;
  totalCents: number;
  docTipo: number;
  docNro: string;
};

/** What ARCA holds for (type, number, point of sale), or null when it has no such comprobante (602). */
export async function consultComprobante(
  config: ArcaConfig,
  cbteTipo: number,
  number: number,
  puntoVenta: number,
  options: WsfeOptions = {},
): Promise<AuthorisedComprobante | null> {
  const result = await call(config, "FECompConsultar", {
    ...(await auth(config, options)),
    FeCompConsReq: { CbteTipo: cbteTipo, CbteNro: number, PtoVta: puntoVenta },
  });
  const error = firstError(result);
  if (error?.code === "602") return null;
  if (error) throw error;
  const get = result.ResultGet as XmlNode | undefined;
  if (!get || get.Resultado !== "A") return null;
  return {
    cae: String(get.CodAutorizacion),
    caeExpiresAt: String(get.FchVto),
    date: String(get.CbteFch),
    totalCents: Math.round(Number(get.ImpTotal) * 100),
    docTipo: Number(get.DocTipo),
    docNro: String(get.DocNro),
  };
}

export type PointOfSale = { number: number; emissionType: string; blocked: boolean; closedOn: string | null };

/** The store's points of sale enabled for web services. */
export async function pointsOfSale(config: ArcaConfig, options: WsfeOptions = {}): Promise<PointOfSale[]> {
  const result = await call(config, "FEParamGetPtosVenta", await auth(config, options));
  const error = firstError(result);
  // 602: no points of sale at all.
  if (error?.code === "602") return [];
  if (error) throw error;
  return list<XmlNode>((result.ResultGet as XmlNode | undefined)?.PtoVenta).map((p) => ({
    number: Number(p.Nro),
    emissionType: String(p.EmisionTipo ?? ""),
    blocked: p.Bloqueado === "S",
    closedOn: p.FchBaja && p.FchBaja !== "NULL" ? String(p.FchBaja) : null,
  }));
}

/** The receiver IVA conditions ARCA accepts for an invoice class ("A", "B", "C"; RG 5616). */
export async function receiverIvaConditions(
  config: ArcaConfig,
  invoiceClass: "A" | "B" | "C",
  options: WsfeOptions = {},
): Promise<{ id: number; description: string }[]> {
  const result = await call(config, "FEParamGetCondicionIvaReceptor", {
    ...(await auth(config, options)),
    ClaseCmp: invoiceClass,
  });
  const error = firstError(result);
  if (error) throw error;
  return list<XmlNode>((result.ResultGet as XmlNode | undefined)?.CondicionIvaReceptor).map((c) => ({
    id: Number(c.Id),
    description: String(c.Desc ?? ""),
  }));
}
