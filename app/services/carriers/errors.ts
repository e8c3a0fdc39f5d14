import { CARRIER_NAMES, type CarrierId } from "~/domain/carrier-quotes";

// What can go wrong talking to a carrier, as one error type: the kind, the carrier's own code and
// text (for staff), and a sentence a shopper can read. Adapters throw only this.

export type CarrierErrorKind =
  /** The store is not set up for this carrier (credentials, origin postal code). */
  | "config"
  /** No answer in time (or the checkout's budget ran out). */
  | "timeout"
  /** No connection, an HTTP error, or the carrier's server failing. */
  | "network"
  /** An answer that is not what the carrier documents (HTML, broken XML or JSON, missing fields). */
  | "malformed"
  /** The carrier said no: an unknown postal code, a parcel over its limits, bad data. */
  | "rejected"
  /** The carrier offers no such thing by API (MiCorreo labels without Paq.ar). */
  | "unsupported";

export class CarrierError extends Error {
  readonly kind: CarrierErrorKind;
  readonly carrier: CarrierId;
  readonly code: string;
  /** The carrier's own words, or ours when it said nothing. */
  readonly text: string;

  constructor(kind: CarrierErrorKind, carrier: CarrierId, code: string, text: string) {
    super(`${CARRIER_NAMES[carrier]} ${code}: ${text}`);
    this.name = "CarrierError";
    this.kind = kind;
    this.carrier = carrier;
    this.code = code;
    this.text = text;
  }

  /** For staff (the label button, the tracking job): who failed and why, in the carrier's words. */
  get staffMessage(): string {
    const name = CARRIER_NAMES[this.carrier];
    switch (this.kind) {
      case "config":
        return `${name} no está configurado: ${this.text}`;
      case "timeout":
        return `${name} no respondió a tiempo. Probá de nuevo en unos minutos.`;
      case "network":
        return `No pudimos comunicarnos con ${name} (${this.text}). Probá de nuevo en unos minutos.`;
      case "malformed":
        return `${name} respondió algo que no entendemos (${this.text}). Probá de nuevo más tarde.`;
      case "rejected":
        return `${name} rechazó el pedido: ${this.text}`;
      case "unsupported":
        return this.text;
    }
  }

  /** For shoppers at checkout: no codes, no blame, the other options still there. */
  get shopperMessage(): string {
    const name = CARRIER_NAMES[this.carrier];
    if (this.kind === "rejected") return `${name} no hace envíos a ese código postal con este pedido.`;
    return `No pudimos cotizar con ${name} en este momento.`;
  }
}

/** Any thrown value as a CarrierError of this carrier (an adapter's bug becomes "malformed", not a crash). */
export function asCarrierError(carrier: CarrierId, error: unknown): CarrierError {
  if (error instanceof CarrierError) return error;
  const text = error instanceof Error ? error.message : String(error);
  return new CarrierError("malformed", carrier, "unexpected", text.slice(0, 200));
}
