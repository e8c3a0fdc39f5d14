// [23/25] Win back the sale (ADR 0021): abandoned checkouts, back-in-stock alerts, and the consent
// rules every such e-mail follows (Ley 25.326 art. 27; DNPDP Disposición 4/2009). Pure.
import type { SelectedOption } from "./pricing";
import { variantLabel } from "./variants";

/**
 * One line of a checkout draft: what the shopper had, never a price (prices are today's). A
 * product with options keeps the variant the options named when the draft was saved (the server
 * looks it up); drafts saved before variant ids were kept have none.
 */
export type DraftLine = {
  productId: string;
  selectedOptions: SelectedOption[];
  quantity: number;
  variantId?: string | null;
};

/** Why a saved line is left out when the cart is restored. */
export type DroppedReason = "unavailable" | "option-gone" | "sold-out";

/** A saved line left out of a restored cart: its product's name (when it still exists) and its options. */
export type DroppedLine = { name: string | null; selectedOptions: SelectedOption[]; reason: DroppedReason };

/** "Notebook X (Color: Negro)": a line's product with the options chosen. */
export function lineTitle(name: string, selectedOptions: SelectedOption[]): string {
  return selectedOptions.length ? `${name} (${variantLabel(selectedOptions)})` : name;
}

/** What the restored cart tells the shopper about a line it left out (es-AR). */
export function droppedLineMessage(line: DroppedLine): string {
  const options = line.selectedOptions.length ? variantLabel(line.selectedOptions) : "";
  if (line.name === null) return "Un producto de tu carrito ya no existe: lo dejamos afuera.";
  if (line.reason === "option-gone")
    return `La opción que habías elegido de ${line.name}${options ? ` (${options})` : ""} ya no existe: la dejamos afuera. Podés elegir otra en la página del producto.`;
  if (line.reason === "sold-out")
    return `${lineTitle(line.name, line.selectedOptions)} se quedó sin stock: lo dejamos afuera.`;
  return `${lineTitle(line.name, line.selectedOptions)} ya no está a la venta: lo dejamos afuera.`;
}

/** Configuración > Recuperar ventas. */
export type WinBackSettings = {
  /** Hours after the last change of the checkout before the reminder goes. */
  reminderDelayHours: number;
  /** A second reminder 24 h after the first. */
  secondReminder: boolean;
  /** Days drafts and alerts are kept (personal data), then deleted. */
  retentionDays: number;
};

export const DEFAULT_WIN_BACK: WinBackSettings = { reminderDelayHours: 6, secondReminder: false, retentionDays: 30 };

/** Hours between the first reminder and the second. */
export const SECOND_REMINDER_HOURS = 24;

/** How long a reminder's restore link works. */
export const RESTORE_LINK_DAYS = 7;

/** The e-mails that are advertising: they carry the legend, the unsubscribe link and the RFC 8058 headers. */
export const MARKETING_KINDS = ["cart_reminder", "stock_alert"] as const;
export type MarketingKind = (typeof MARKETING_KINDS)[number];

export function isMarketingKind(kind: string): kind is MarketingKind {
  return (MARKETING_KINDS as readonly string[]).includes(kind);
}

/**
 * One address per mailbox for the opt-out list: trimmed and lower-cased (the domain is
 * case-insensitive and no Argentine provider treats the local part by case).
 */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A plausible address (the same check the checkout makes before it keeps a draft). */
export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

/** The draft's state as Admin > Carritos abandonados shows it. */
export type DraftState = "esperando" | "recordado" | "recuperado" | "dado de baja";

export function draftState(draft: { remindersSent: number; recovered: boolean; optedOut: boolean }): DraftState {
  if (draft.recovered) return "recuperado";
  if (draft.optedOut) return "dado de baja";
  return draft.remindersSent > 0 ? "recordado" : "esperando";
}

/**
 * Ley 25.326 art. 27 inc. 3 and Decreto 1558/01 Anexo I art. 27, as DNPDP Disposición 4/2009 asks
 * every advertising message to transcribe them, with the way to exercise the right (HTML).
 */
export function consentLegendHtml(unsubscribeUrl: string, escape: (text: string) => string): string {
  return (
    `<p style="margin:16px 0 0;font-size:11px;line-height:1.5;color:#64748b">` +
    `Este email es publicidad. Podés pedir que no te enviemos más emails como este: ` +
    `<a href="${escape(unsubscribeUrl)}" style="color:#1d4ed8">darte de baja</a> (un clic, sin iniciar sesión). ` +
    `El titular podrá en cualquier momento solicitar el retiro o bloqueo de su nombre de los bancos de datos a los que se refiere el presente artículo (art. 27 inc. 3, Ley 25.326). ` +
    `En toda comunicación con fines de publicidad que se realice por correo, teléfono, correo electrónico, Internet u otro medio a distancia a conocer, se deberá indicar, en forma expresa y destacada, la posibilidad del titular del dato de solicitar el retiro o bloqueo, total o parcial, de su nombre de la base de datos. A pedido del interesado, se deberá informar el nombre del responsable o usuario del banco de datos que proveyó la información (art. 27, Anexo I, Decreto 1558/01). ` +
    `La Agencia de Acceso a la Información Pública, órgano de control de la Ley 25.326, atiende las denuncias y reclamos por incumplimiento de las normas sobre protección de datos personales.` +
    `</p>`
  );
}

/** The line the checkout shows under the e-mail field. */
export const CHECKOUT_REMINDER_NOTICE =
  "Si no terminás la compra, podemos enviarte un recordatorio de tu carrito a este email. Cada recordatorio trae un enlace para darte de baja.";
