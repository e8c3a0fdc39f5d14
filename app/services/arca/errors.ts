// What can go wrong talking to ARCA, as one error type carrying ARCA's own code and text, so that
// staff see why an invoice waits ("10016: El numero o fecha del comprobante no se corresponde…").

export type ArcaErrorKind =
  /** ARCA answered a SOAP fault (WSAA: coe.alreadyAuthenticated, cms.bad…; WSFE: 500 faults). */
  | "fault"
  /** WSFEv1 answered with Errors/Err or a rejected comprobante (Resultado R, its Observaciones). */
  | "rejected"
  /** No answer in time: ARCA may still have done what was asked (ask FECompConsultar before retrying). */
  | "timeout"
  /** No connection, or an answer that is not ARCA's (HTML error page, bad XML). */
  | "network"
  /** The store is not set up to invoice (no certificate, no CUIT). */
  | "config";

export class ArcaError extends Error {
  readonly kind: ArcaErrorKind;
  /** ARCA's code ("10016", "coe.alreadyAuthenticated"), or ours for a timeout / network error. */
  readonly code: string;
  /** ARCA's text, as it said it. */
  readonly text: string;

  constructor(kind: ArcaErrorKind, code: string, text: string) {
    super(`ARCA ${code}: ${text}`);
    this.name = "ArcaError";
    this.kind = kind;
    this.code = code;
    this.text = text;
  }

  /** Worth trying again later (ARCA down or busy); a rejected comprobante needs a fix first. */
  get transient(): boolean {
    return this.kind === "timeout" || this.kind === "network" || TRANSIENT_CODES.has(this.code);
  }
}

/** 501 / 502 "Transacción activa" and ARCA's internal errors: retried with backoff. */
const TRANSIENT_CODES = new Set(["500", "501", "502"]);
