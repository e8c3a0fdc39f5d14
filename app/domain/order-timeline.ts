import type { AuditValues } from "./audit";
import { formatDateTime, formatShortDateTime } from "./dates";
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from "./order-status";
import { ORDER_PAYMENT_STATUS_LABELS, type OrderPaymentStatus } from "./payment";

// An order's timeline: what happened to it, oldest first, written from what the store already
// keeps (the order's creation, the audit log, the outbox, the withdrawal request): one source of
// truth, never a second copy. Staff see everything with who did it; the customer sees the steps
// of their order and the e-mails sent to them, without staff names or internal notes.

export type TimelineAudience = "staff" | "customer";

export type TimelineSource =
  | { kind: "placed"; at: Date }
  | { kind: "audit"; at: Date; action: string; actor: string; before: AuditValues | null; after: AuditValues | null }
  | {
      kind: "email";
      at: Date;
      sentAt: Date | null;
      sendAfter: Date | null;
      status: "pending" | "sent" | "failed" | "cancelled";
      subject: string;
      to: string;
      /** Sent to the order's customer (not to the store). */
      toCustomer: boolean;
    }
  | { kind: "withdrawal"; at: Date; code: string };

export type TimelineEntry = {
  at: string;
  atLabel: string;
  title: string;
  detail: string | null;
  /** Who did it (staff only): an admin's e-mail, "Mercado Pago", "Sistema". */
  actor: string | null;
  /** Seen by staff only. */
  internal: boolean;
};

type Draft = Omit<TimelineEntry, "at" | "atLabel" | "actor"> & { actor?: string | null };

function statusLabel(value: unknown): string {
  return (ORDER_STATUSES as readonly unknown[]).includes(value) ? ORDER_STATUS_LABELS[value as OrderStatus] : "—";
}

function paymentLabel(value: unknown): string {
  return typeof value === "string" && value in ORDER_PAYMENT_STATUS_LABELS
    ? ORDER_PAYMENT_STATUS_LABELS[value as OrderPaymentStatus]
    : "—";
}

const FIELD_LABELS: Record<string, string> = {
  customer_name: "nombre",
  customer_lastname: "apellido",
  customer_email: "email",
  customer_phone: "teléfono",
  billing_cuit: "CUIT",
  billing_company: "empresa",
  address: "dirección",
  payment_method: "método de pago",
  shipping_method: "método de envío",
  carrier: "transportista",
  tracking_number: "número de seguimiento",
  notes: "notas",
};

/** Fields of an edit that the customer sees on their timeline: the shipment. */
const SHIPMENT_FIELDS = new Set(["carrier", "tracking_number"]);

function text(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(vacío)";
  if (typeof value === "object")
    return Object.values(value as Record<string, unknown>)
      .filter(Boolean)
      .join(", ");
  return String(value);
}

/** What a staff move did to the stock, said after the previous status. */
function stockNote(before: AuditValues | null, after: AuditValues | null): string {
  if (before?.stockState === after?.stockState) return "";
  if (after?.stockState === "released") return "; el stock se liberó";
  if (after?.stockState === "reserved" && before?.stockState === "released") return "; el stock se tomó de nuevo";
  return "";
}

/** Payment flags an event left, as staff read them on the timeline. */
const FLAG_TITLES: Record<string, string> = {
  amount_mismatch: "un pago de otro monto",
  double_charge: "cobrado dos veces",
  paid_while_cancelled: "pagado con el pedido cancelado",
};

function auditEntry(source: Extract<TimelineSource, { kind: "audit" }>): Draft | null {
  const { before, after } = source;
  switch (source.action) {
    case "order.payment": {
      const moved = after?.status !== before?.status;
      return {
        title: `Pago: ${paymentLabel(after?.paymentStatus)}`,
        detail: moved ? `Estado: ${statusLabel(after?.status)}` : null,
        internal: false,
      };
    }
    case "order.payment_flag":
      return { title: "Pago para revisar", detail: `Pago ${text(after?.paymentId)}`, internal: true };
    case "order.withdraw":
      return {
        title: "Estado: Cancelado",
        detail:
          after?.stockState === "released"
            ? "Arrepentimiento aceptado; el stock se liberó."
            : "Arrepentimiento aceptado; las unidades vuelven con la devolución.",
        internal: false,
      };
    case "order.return":
      return { title: "Devolución recibida", detail: "Las unidades volvieron al stock.", internal: false };
    case "order.refund":
      return { title: "Pago reembolsado", detail: null, internal: false };
    case "order.expire":
      return { title: "Estado: Cancelado", detail: "Venció el plazo para pagar; el stock se liberó.", internal: false };
    case "order.status":
      return {
        title: `Estado: ${statusLabel(after?.status)}`,
        detail: `Antes: ${statusLabel(before?.status)}${stockNote(before, after)}`,
        internal: false,
      };
    case "order.note":
      return { title: "Nota interna", detail: text(after?.note), internal: true };
    case "order.tracking":
      // The carrier's own words for where the parcel is ([21/25] tracking job).
      return {
        title: `Seguimiento: ${text(after?.event)}`,
        detail:
          [after?.place ? String(after.place) : "", after?.atLabel ? String(after.atLabel) : ""]
            .filter(Boolean)
            .join(" · ") || null,
        internal: false,
      };
    case "order.quote":
      // [25/25] An order made by accepting a quote at its prices.
      return { title: `Desde la cotización ${text(after?.quote)}`, detail: null, internal: false };
    case "order.label":
      return { title: "Envío cargado en el transportista", detail: null, internal: true };
    case "order.shipment_cancel": {
      // The order was cancelled: its carrier shipment too (ADR 0018). The customer sees it once
      // the carrier cancelled it; a refusal or "anulalo en MiCorreo" is for staff.
      const cancelled = after?.outcome === "cancelled";
      return {
        title: cancelled ? "Envío anulado con el transportista" : "El envío no se anuló con el transportista",
        detail: cancelled ? null : after?.outcome === "by_hand" ? "Anulalo en MiCorreo." : text(after?.reason),
        internal: !cancelled,
      };
    }
    case "withdrawal.handle":
      return { title: "Arrepentimiento atendido", detail: null, internal: false };
    case "order.update": {
      const fields = Object.keys(after ?? {});
      const shipment = fields.length > 0 && fields.every((f) => SHIPMENT_FIELDS.has(f));
      return {
        title: shipment ? "Datos del envío" : `Editado: ${fields.map((f) => FIELD_LABELS[f] ?? f).join(", ")}`,
        detail: fields.map((f) => `${FIELD_LABELS[f] ?? f}: ${text(after?.[f])}`).join(" · "),
        internal: !shipment,
      };
    }
    default:
      return null;
  }
}

function emailEntry(source: Extract<TimelineSource, { kind: "email" }>): Draft {
  const state =
    source.status === "sent"
      ? "enviado"
      : source.status === "failed"
        ? "no se pudo enviar"
        : source.status === "cancelled"
          ? "no se envió: el cambio se deshizo"
          : source.sendAfter && source.sendAfter > source.at
            ? `en cola (sale a las ${formatShortDateTime(source.sendAfter).split(", ")[1] ?? ""})`
            : "en cola";
  return {
    title: source.toCustomer ? `Email al cliente: ${source.subject}` : `Email a la tienda: ${source.subject}`,
    detail: `A ${source.to} · ${state}`,
    internal: !source.toCustomer || source.status !== "sent",
  };
}

function draftsOf(source: TimelineSource): Draft[] {
  switch (source.kind) {
    case "placed":
      return [{ title: "Pedido recibido", detail: null, internal: false }];
    case "withdrawal":
      return [{ title: "Solicitud de arrepentimiento", detail: `Código ${source.code}`, internal: false }];
    case "audit": {
      const draft = auditEntry(source);
      const flags = source.action === "order.payment" ? source.after?.flags : null;
      const flagged: Draft[] = Array.isArray(flags)
        ? [
            {
              title: "Pago para revisar",
              detail: flags.map((f) => FLAG_TITLES[String(f)] ?? String(f)).join(", "),
              internal: true,
              actor: source.actor,
            },
          ]
        : [];
      return [...(draft ? [{ ...draft, actor: source.actor }] : []), ...flagged];
    }
    case "email":
      return [emailEntry(source)];
  }
}

/** The entries this audience sees, oldest first. */
export function timelineEntries(sources: readonly TimelineSource[], audience: TimelineAudience): TimelineEntry[] {
  const staff = audience === "staff";
  return [...sources]
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .flatMap((source) => draftsOf(source).map((draft) => ({ source, draft })))
    .flatMap(({ source, draft }): TimelineEntry[] => {
      if (draft.internal && !staff) return [];
      const at = source.kind === "email" && source.sentAt ? source.sentAt : source.at;
      if (!staff && source.kind === "email") {
        return [
          {
            at: at.toISOString(),
            atLabel: formatDateTime(at),
            title: `Te enviamos un email: ${source.subject}`,
            detail: null,
            actor: null,
            internal: false,
          },
        ];
      }
      return [
        {
          ...draft,
          at: at.toISOString(),
          atLabel: staff ? formatShortDateTime(at) : formatDateTime(at),
          actor: staff ? (draft.actor ?? null) : null,
        },
      ];
    });
}
