import { convert } from "html-to-text";
import { formatDateTime } from "./dates";
import { branchText } from "./carrier-quotes";
import { formatARS, fromCents } from "./money";
import { ORDER_STATUS_LABELS } from "./order-status";
import { paymentMethodLabel } from "./payment";
import { sanitizeRichText } from "./rich-text";
import type { MarketingEmailKey, SettingValues, StatusEmailStatus, StatusEmailTemplate } from "./settings";
import { type MarketingKind, consentLegendHtml } from "./win-back";

// What every e-mail the store sends says (orders, welcome, password reset, withdrawal), the one
// layout that wraps them all, and the preview Configuración shows. Pure: the outbox
// (models/outbox.server.ts) keeps messages, the delivery job (jobs/mail-delivery.server.ts) sends
// them through SMTP (services/smtp.server.ts).

export type EmailKind =
  | "password_reset"
  | "order_customer"
  | "order_admin"
  | "welcome"
  | "withdrawal"
  | "quote"
  | "company_review"
  | "company_invite"
  | `order_${StatusEmailStatus}`
  | MarketingKind;
/**
 * One message: `html` is its body; the layout (and the plain-text part) is added when it is sent.
 * `orderId`: the order it is about (its timeline lists it); `delaySeconds`: not sent before then.
 */
export type Email = {
  to: string;
  subject: string;
  html: string;
  kind: EmailKind;
  orderId?: string;
  delaySeconds?: number;
  meta?: Record<string, string>;
  /** A marketing e-mail's one-click unsubscribe address (RFC 8058 List-Unsubscribe). */
  listUnsubscribe?: string;
};

// ---------------------------------------------------------------- templates

/** Escapes text for HTML e-mail bodies. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** The variables e-mail templates may use. user_password is never filled: no password goes by e-mail. */
export type TemplateVariables = Partial<
  Record<
    | "order_id"
    | "customer_name"
    | "total"
    | "items_html"
    | "user_email"
    | "status"
    | "carrier"
    | "tracking_number"
    | "tracking_url"
    | "order_url"
    | "cart_url"
    | "product_name"
    | "product_url",
    string
  >
>;

const PLACEHOLDER = /\{\{\s*([a-zA-Z_]+)\s*\}\}/g;

function fill(template: string, variables: TemplateVariables): string {
  return template.replace(PLACEHOLDER, (_, name: string) =>
    Object.hasOwn(variables, name) ? (variables[name as keyof TemplateVariables] ?? "") : "",
  );
}

/**
 * Fills {{variable}} placeholders (values must already be HTML: escape text first), empties any
 * other placeholder, drops a link left without an address (a "Seguir mi envío" with no tracking
 * page), and sanitizes the result like every stored HTML.
 */
export function renderEmailTemplate(template: string, variables: TemplateVariables): string {
  const filled = fill(template, variables).replace(/<a\b[^>]*\bhref\s*=\s*(""|'')[^>]*>[\s\S]*?<\/a>/gi, "");
  return sanitizeRichText(filled);
}

/** A subject line with its placeholders filled from plain text (no HTML, one line). */
export function renderSubject(template: string, variables: TemplateVariables): string {
  return fill(template, variables)
    .replace(/[\r\n]+/g, " ")
    .trim()
    .slice(0, 300);
}

// ---------------------------------------------------------------- layout

type LayoutStore = Pick<SettingValues["store"], "name" | "address" | "email" | "phone" | "hours">;

/**
 * The one frame of every message the store sends (tables and inline styles, as e-mail clients
 * need): the store's name as its logo, the message, and a footer with the store's data, the
 * legal pages and the Botón de arrepentimiento. `siteUrl` is the store's public address.
 * A `marketing` message (a reminder, an alert) says it went to the address the shopper left.
 */
export function emailLayout(body: string, store: LayoutStore, siteUrl: string, marketing = false): string {
  const name = escapeHtml(store.name || "Vitec");
  const site = siteUrl.replace(/\/+$/, "");
  const link = (path: string, text: string) =>
    `<a href="${escapeHtml(site + path)}" style="color:#1d4ed8;text-decoration:underline">${text}</a>`;
  const contact = [store.address, store.phone, store.email].filter(Boolean).map(escapeHtml).join(" · ");
  const legal = [
    link("/terminos-y-condiciones", "Términos y condiciones"),
    link("/politica-de-privacidad", "Política de privacidad"),
    link("/arrepentimiento", "Botón de arrepentimiento"),
  ].join(" · ");
  return (
    `<!doctype html><html lang="es-AR"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="color-scheme" content="light"><title>${name}</title>` +
    `<style>@media (max-width:620px){.vt-card{padding:16px!important}.vt-outer{padding:8px!important}}` +
    `.vt-card table{width:100%;border-collapse:collapse}.vt-card td,.vt-card th{padding:4px 6px;border-bottom:1px solid #e2e8f0}</style>` +
    `</head><body style="margin:0;padding:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9">` +
    `<tr><td class="vt-outer" align="center" style="padding:24px 12px">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px">` +
    `<tr><td style="padding:0 4px 12px"><a href="${escapeHtml(site + "/")}" style="text-decoration:none">` +
    `<span style="display:inline-block;background:#1d4ed8;color:#ffffff;font-size:20px;font-weight:bold;letter-spacing:0.5px;padding:8px 14px;border-radius:8px">${name}</span></a></td></tr>` +
    `<tr><td class="vt-card" style="background:#ffffff;border-radius:8px;padding:24px;font-size:15px;line-height:1.5">${body}</td></tr>` +
    `<tr><td style="padding:16px 4px 0;font-size:12px;line-height:1.6;color:#64748b">` +
    `<p style="margin:0 0 6px"><strong>${name}</strong>${contact ? ` · ${contact}` : ""}</p>` +
    (store.hours ? `<p style="margin:0 0 6px">${escapeHtml(store.hours)}</p>` : "") +
    `<p style="margin:0 0 6px">${legal}</p>` +
    // A reminder or an alert is not about a purchase: it went to the address the shopper left.
    `<p style="margin:0">${marketing ? `Recibiste este email porque dejaste tu dirección en ${link("/", name)}.` : `Recibiste este email por tu compra o tu cuenta en ${link("/", name)}.`}</p>` +
    `</td></tr></table></td></tr></table></body></html>`
  );
}

/** The plain-text part of a message, from its HTML (links as "text [address]"). */
export function emailText(html: string): string {
  return convert(html, {
    wordwrap: 78,
    selectors: [
      { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
      { selector: "img", format: "skip" },
      { selector: "h2", options: { uppercase: false } },
      { selector: "table", format: "dataTable" },
    ],
  });
}

// ---------------------------------------------------------------- messages

/** What every order e-mail can show of the order: its lines, totals and payment. */
export type OrderLinesData = {
  orderId: string;
  /** The order number shown to people (#1a2b3c4d). */
  number: string;
  customerName: string;
  customerEmail: string | null;
  items: { name: string; quantity: number; price: string; subtotal: string }[];
  totalCents: number;
  shippingMethod: string;
  /** The carrier's branch the customer picks the order up at ("retiro en sucursal"). */
  shippingBranch?: { name: string; address: string; locality: string; hours: string } | null;
  shippingCents: number;
  discountCents: number;
  /** The coupon the order was placed with, and what it took off. */
  coupon?: { code: string; cents: number } | null;
  paymentMethod: string;
  /** Paid online and not paid yet: where to pay (the confirmation page) and until when. */
  onlinePayment: { payUrl: string; expiresAt: Date } | null;
};

export type OrderEmailData = OrderLinesData & { templates: { customer: string; admin: string }; salesEmail: string };

function itemsHtml(data: OrderLinesData): string {
  const cell = 'style="text-align: left"';
  const right = 'style="text-align: right"';
  const rows = data.items
    .map(
      (item) =>
        `<tr><td ${cell}>${escapeHtml(item.name)}</td><td ${right}>${item.quantity}</td><td ${right}>${escapeHtml(formatARS(item.price))}</td><td ${right}>${escapeHtml(formatARS(item.subtotal))}</td></tr>`,
    )
    .join("");
  const coupon =
    data.coupon && data.coupon.cents > 0
      ? `<tr><td ${cell}>Cupón ${escapeHtml(data.coupon.code)}</td><td></td><td></td><td ${right}>-${escapeHtml(formatARS(fromCents(data.coupon.cents)))}</td></tr>`
      : "";
  const discount =
    data.discountCents > 0
      ? `<tr><td ${cell}>Descuento por pago con ${escapeHtml(data.paymentMethod)}</td><td></td><td></td><td ${right}>-${escapeHtml(formatARS(fromCents(data.discountCents)))}</td></tr>`
      : "";
  const shipping = `<tr><td ${cell}>Envío: ${escapeHtml(data.shippingMethod)}${data.shippingBranch ? `<br>Retirás en: ${escapeHtml(branchText(data.shippingBranch))}` : ""}</td><td></td><td></td><td ${right}>${escapeHtml(formatARS(fromCents(data.shippingCents)))}</td></tr>`;
  const table = `<table><thead><tr><th ${cell}>Producto</th><th ${right}>Cantidad</th><th ${right}>Precio</th><th ${right}>Subtotal</th></tr></thead><tbody>${rows}${coupon}${discount}${shipping}</tbody></table>`;
  return table + paymentHtml(data);
}

/** Whether the order is paid: an online order is not paid yet when it is placed, and says where to pay. */
function paymentHtml(data: OrderLinesData): string {
  const method = escapeHtml(paymentMethodLabel(data.paymentMethod));
  if (!data.onlinePayment) return `<p>Pago: ${method}.</p>`;
  return (
    `<p>Pago: ${method}, <strong>pendiente</strong>. ` +
    `<a href="${escapeHtml(data.onlinePayment.payUrl)}">Pagá tu pedido con Mercado Pago</a> antes del ${escapeHtml(formatDateTime(data.onlinePayment.expiresAt))}; después, el pedido se cancela.</p>`
  );
}

/** The customer's confirmation and the store's notice of a new order (the spec's two templates). */
export function orderPlacedEmails(data: OrderEmailData): Email[] {
  const name = data.customerName || "cliente";
  const variables = orderVariables(data);
  const emails: Email[] = [];
  if (data.customerEmail) {
    emails.push({
      to: data.customerEmail,
      kind: "order_customer",
      subject: `Recibimos tu pedido #${data.number}`,
      html: renderEmailTemplate(data.templates.customer, variables),
      orderId: data.orderId,
    });
  }
  if (data.salesEmail) {
    emails.push({
      to: data.salesEmail,
      kind: "order_admin",
      subject: `Nuevo pedido #${data.number} de ${name}`,
      html: renderEmailTemplate(data.templates.admin, variables),
      orderId: data.orderId,
    });
  }
  return emails;
}

/** The order's variables shared by every order template. */
function orderVariables(data: OrderLinesData): TemplateVariables {
  return {
    order_id: escapeHtml(data.number),
    customer_name: escapeHtml(data.customerName || "cliente"),
    total: escapeHtml(formatARS(fromCents(data.totalCents))),
    items_html: itemsHtml(data),
  };
}

export type StatusEmailData = OrderLinesData & {
  status: StatusEmailStatus;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  /** Where the customer sees the order: Mi Cuenta, or the confirmation page for a guest. */
  orderUrl: string;
  /**
   * The order's factura, when one is queued: its PDF's address once ARCA authorised it, or null
   * while it waits for the CAE (the e-mail then says it will be on the order's page).
   */
  invoice?: { url: string | null } | null;
};

/** The paragraph of a status e-mail about the order's factura (HTML). */
function invoiceParagraph(data: StatusEmailData): string {
  if (!data.invoice) return "";
  if (data.invoice.url) {
    return `<p><a href="${escapeHtml(data.invoice.url)}">Descargá tu factura</a></p>`;
  }
  return `<p>Tu factura electrónica va a estar en <a href="${escapeHtml(data.orderUrl)}">la página de tu pedido</a> apenas ARCA la autorice.</p>`;
}

/** What a status e-mail's placeholders are filled with: HTML-escaped for the body, plain for the subject. */
function statusVariables(data: StatusEmailData, html: boolean): TemplateVariables {
  const text = (value: string | null) => (html ? escapeHtml(value ?? "") : (value ?? ""));
  return {
    ...(html
      ? orderVariables(data)
      : {
          order_id: data.number,
          customer_name: data.customerName || "cliente",
          total: formatARS(fromCents(data.totalCents)),
        }),
    status: text(ORDER_STATUS_LABELS[data.status]),
    carrier: text(data.carrier),
    tracking_number: text(data.trackingNumber),
    tracking_url: text(data.trackingUrl),
    order_url: text(data.orderUrl),
  };
}

/** The customer's e-mail for an order that reached `data.status` (null without an e-mail address). */
export function orderStatusEmail(data: StatusEmailData, template: StatusEmailTemplate): Email | null {
  if (!data.customerEmail) return null;
  return {
    to: data.customerEmail,
    kind: `order_${data.status}`,
    subject: renderSubject(template.subject, statusVariables(data, false)),
    html: renderEmailTemplate(template.html, statusVariables(data, true)) + invoiceParagraph(data),
    orderId: data.orderId,
    meta: { status: data.status },
  };
}

/** The welcome of a new account (email_template_welcome_user; never the password). */
export function welcomeEmail(to: string, template: string): Email {
  return {
    to,
    kind: "welcome",
    subject: "¡Bienvenido a Vitec!",
    html: renderEmailTemplate(template, { user_email: escapeHtml(to) }),
  };
}

/** The one-hour, single-use link of "¿Olvidaste tu contraseña?". */
export function passwordResetEmail(user: { email: string; name?: string | null }, link: string): Email {
  return {
    to: user.email,
    kind: "password_reset",
    subject: "Restablecé tu contraseña de Vitec",
    html: `<p>Hola ${escapeHtml(user.name || "")},</p><p>Recibimos un pedido para restablecer la contraseña de tu cuenta. Si fuiste vos, hacé clic en el enlace (vence en 1 hora):</p><p><a href="${escapeHtml(link)}">Restablecer mi contraseña</a></p><p>Si no lo pediste, ignorá este email: tu contraseña no cambia.</p>`,
  };
}

export type WithdrawalEmailData = {
  orderId: string;
  number: string;
  orderCreatedAt: Date;
  customerName: string;
  /** Where the shopper's copy goes: the order's e-mail. */
  customerEmail: string;
  code: string;
  /** The e-mail the request was made with. */
  requestEmail: string;
  requestedAt: Date;
  reason: string | null;
  salesEmail: string;
  /** The store's public address (links in the store's notice). */
  siteUrl: string;
};

/** Botón de arrepentimiento: the shopper's receipt with the code, and the store's notice. */
export function withdrawalEmails(data: WithdrawalEmailData): Email[] {
  const number = escapeHtml(data.number);
  const code = escapeHtml(data.code);
  const reason = data.reason
    ? `<p><strong>Motivo indicado:</strong><br>${escapeHtml(data.reason).replace(/\n/g, "<br>")}</p>`
    : "";
  const emails: Email[] = [
    {
      to: data.customerEmail,
      kind: "withdrawal",
      orderId: data.orderId,
      subject: `Tu solicitud de arrepentimiento ${data.code} (pedido #${data.number})`,
      html:
        `<p>Hola${data.customerName ? ` ${escapeHtml(data.customerName)}` : ""},</p>` +
        `<p>Registramos tu solicitud de arrepentimiento del pedido <strong>#${number}</strong> el ${escapeHtml(formatDateTime(data.requestedAt))}.</p>` +
        `<p>Tu código de identificación es: <strong>${code}</strong></p>` +
        `<p>Guardalo: te lo vamos a pedir en cualquier consulta sobre tu solicitud. Nos vamos a comunicar con vos para coordinar la devolución del producto y el reintegro del dinero, sin costo para vos.</p>` +
        reason +
        `<p>Vitec</p>`,
    },
  ];
  if (data.salesEmail) {
    const adminLink = `${data.siteUrl}/admin/ordenes?withdrawal=any&q=${data.number}&open=${data.orderId}`;
    emails.push({
      to: data.salesEmail,
      kind: "withdrawal",
      orderId: data.orderId,
      subject: `Arrepentimiento del pedido #${data.number} (${data.code})`,
      html:
        `<p>Se registró una solicitud de arrepentimiento (Botón de arrepentimiento, Res. 424/2020).</p>` +
        `<ul>` +
        `<li><strong>Código:</strong> ${code}</li>` +
        `<li><strong>Pedido:</strong> #${number}, del ${escapeHtml(formatDateTime(data.orderCreatedAt))}</li>` +
        `<li><strong>Cliente:</strong> ${escapeHtml(data.customerName || "(sin nombre)")} &lt;${escapeHtml(data.requestEmail)}&gt;</li>` +
        `<li><strong>Solicitada:</strong> ${escapeHtml(formatDateTime(data.requestedAt))}</li>` +
        `</ul>` +
        reason +
        `<p><a href="${escapeHtml(adminLink)}">Ver el pedido en el panel</a></p>`,
    });
  }
  return emails;
}

// ---------------------------------------------------------------- quotes ([25/25], ADR 0022)

export type QuoteEmailData = {
  number: number;
  legalName: string;
  /** The quote's page (with its access token) and its PDF. */
  link: string;
  pdfLink: string;
  totalLabel: string;
  validUntilLabel: string;
  conditions: string;
};

/** The priced quote, to the member who asked for it: its total, validity, link and PDF. */
export function quoteSentEmail(to: string, data: QuoteEmailData): Email {
  const conditions = data.conditions
    ? `<p><strong>Condiciones:</strong><br>${escapeHtml(data.conditions).replace(/\n/g, "<br>")}</p>`
    : "";
  return {
    to,
    kind: "quote",
    subject: `Tu cotización N° ${data.number} de Vitec`,
    html:
      `<p>Hola,</p>` +
      `<p>Preparamos la cotización <strong>N° ${data.number}</strong> para ${escapeHtml(data.legalName)}: ` +
      `total <strong>${escapeHtml(data.totalLabel)}</strong>, válida hasta el ${escapeHtml(data.validUntilLabel)}.</p>` +
      conditions +
      `<p><a href="${escapeHtml(data.link)}">Ver la cotización y aceptarla</a></p>` +
      `<p><a href="${escapeHtml(data.pdfLink)}">Descargar la cotización en PDF</a></p>` +
      `<p>Si necesitás cambios, pedilos desde el mismo enlace.</p><p>Vitec</p>`,
  };
}

/** To the store: a company asked for a quote, or for changes to one. */
export function quoteStoreEmail(
  to: string,
  data: { number: number; legalName: string; note: string; adminLink: string; changes: boolean },
): Email {
  const note = data.note ? `<p><strong>Nota:</strong><br>${escapeHtml(data.note).replace(/\n/g, "<br>")}</p>` : "";
  return {
    to,
    kind: "quote",
    subject: data.changes
      ? `Cambios pedidos a la cotización N° ${data.number} (${data.legalName})`
      : `Nueva cotización pedida N° ${data.number} (${data.legalName})`,
    html:
      `<p>${escapeHtml(data.legalName)} ${data.changes ? "pidió cambios a" : "pidió"} la cotización N° ${data.number}.</p>` +
      note +
      `<p><a href="${escapeHtml(data.adminLink)}">Abrirla en el panel</a></p>`,
  };
}

// ---------------------------------------------------------------- business buyers (ADR 0022)

export type CompanyReviewEmailData = {
  legalName: string;
  status: "approved" | "rejected";
  groupName: string | null;
  /** Cuenta corriente: null when the company cannot buy on account. */
  creditLimit: number | null;
  paymentTermsDays: number;
  siteUrl: string;
  /** To an invited contact who has not joined yet: their invitation's page ("Unirme"). */
  joinLink?: string;
};

/**
 * What staff decided about a company, to one of its members; when approved, what they can now do.
 * An invited contact (with `joinLink`) hears of the approval only, with how to join first.
 */
export function companyReviewEmail(to: string, data: CompanyReviewEmailData): Email {
  const name = escapeHtml(data.legalName);
  if (data.status === "rejected") {
    return {
      to,
      kind: "company_review",
      subject: `No pudimos aprobar la cuenta de ${data.legalName}`,
      html:
        `<p>Revisamos la cuenta de empresa de <strong>${name}</strong> y por ahora no pudimos aprobarla.</p>` +
        `<p>Podés seguir comprando en la tienda a precio público. Si querés que la revisemos de nuevo, escribinos desde <a href="${escapeHtml(data.siteUrl)}/contacto">Contacto</a>.</p>` +
        `<p>Vitec</p>`,
    };
  }
  const account =
    data.creditLimit === null
      ? ""
      : `<li>Comprar en <strong>cuenta corriente</strong> hasta ${escapeHtml(formatARS(data.creditLimit))}, con ${data.paymentTermsDays} días de plazo para pagar cada factura.</li>`;
  return {
    to,
    kind: "company_review",
    subject: `¡${data.legalName} ya compra como empresa en Vitec!`,
    html:
      `<p>Aprobamos la cuenta de empresa de <strong>${name}</strong>` +
      (data.groupName ? ` en el grupo <strong>${escapeHtml(data.groupName)}</strong>` : "") +
      `.</p>` +
      (data.joinLink
        ? `<p>Te invitaron a comprar para ${name}. Para sumarte, creá tu cuenta (o ingresá) con este mismo email, <strong>${escapeHtml(to)}</strong>, y tocá «Unirme»:</p>` +
          `<p><a href="${escapeHtml(data.joinLink)}">Unirme a ${name}</a></p><p>Una vez que te sumes, cuando ingresás con tu cuenta podés:</p><ul>`
        : `<p>Desde ahora, cuando ingresás con tu cuenta podés:</p><ul>`) +
      `<li>Ver los precios de tu empresa en la tienda, el carrito y el checkout.</li>` +
      `<li>Pedir una cotización desde tu carrito.</li>` +
      account +
      `</ul><p><a href="${escapeHtml(data.siteUrl)}/store">Ir a la tienda</a></p><p>Vitec</p>`,
  };
}

export type CompanyInviteEmailData = {
  legalName: string;
  role: "buyer" | "approver";
  invitedBy: string;
  /** The invitation's page: sign in (or create the account) with this e-mail and accept it. */
  link: string;
};

/** An invitation to buy for a company, sent to an e-mail with no account in the store yet. */
export function companyInviteEmail(to: string, data: CompanyInviteEmailData): Email {
  const role = data.role === "approver" ? "comprar y administrar la cuenta" : "comprar";
  return {
    to,
    kind: "company_invite",
    subject: `Te invitaron a comprar para ${data.legalName} en Vitec`,
    html:
      `<p>${escapeHtml(data.invitedBy)} te invitó a ${role} para <strong>${escapeHtml(data.legalName)}</strong> en Vitec.</p>` +
      `<p>Para sumarte, creá tu cuenta (o ingresá) con este mismo email, <strong>${escapeHtml(to)}</strong>, y aceptá la invitación:</p>` +
      `<p><a href="${escapeHtml(data.link)}">Aceptar la invitación</a></p>` +
      `<p>Si no esperabas este email, ignoralo.</p><p>Vitec</p>`,
  };
}

// ---------------------------------------------------------------- win back (marketing, ADR 0021)

/** A line of a cart reminder, at today's price. */
export type ReminderLine = { name: string; quantity: number; price: string; subtotal: string };

export type CartReminderData = {
  to: string;
  lines: ReminderLine[];
  totalCents: number;
  /** The signed link that restores the cart and lands on /checkout. */
  cartUrl: string;
  /** Where the address opts out (GET: a confirm page; POST: one click). */
  unsubscribeUrl: string;
};

function reminderLinesHtml(lines: ReminderLine[]): string {
  const cell = 'style="text-align: left"';
  const right = 'style="text-align: right"';
  const rows = lines
    .map(
      (l) =>
        `<tr><td ${cell}>${escapeHtml(l.name)}</td><td ${right}>${l.quantity}</td><td ${right}>${escapeHtml(formatARS(l.price))}</td><td ${right}>${escapeHtml(formatARS(l.subtotal))}</td></tr>`,
    )
    .join("");
  return `<table><thead><tr><th ${cell}>Producto</th><th ${right}>Cantidad</th><th ${right}>Precio de hoy</th><th ${right}>Subtotal</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** Unsolicited advertising says "Publicidad" in its subject (Disposición 4/2009) unless the template already does. */
function advertisingSubject(subject: string): string {
  return /publicidad/i.test(subject) ? subject : `Publicidad: ${subject}`;
}

/** A marketing message: the body, then the consent legend with the unsubscribe link; the headers' address. */
function marketingEmail(kind: MarketingKind, to: string, subject: string, body: string, unsubscribeUrl: string): Email {
  return {
    to,
    kind,
    subject,
    html: body + consentLegendHtml(unsubscribeUrl, escapeHtml),
    listUnsubscribe: unsubscribeUrl,
  };
}

/** The abandoned checkout's reminder (email_cart_reminder): the lines at today's prices and the restore link. */
export function cartReminderEmail(data: CartReminderData, template: { subject: string; html: string }): Email {
  const variables: TemplateVariables = {
    items_html: reminderLinesHtml(data.lines),
    total: escapeHtml(formatARS(fromCents(data.totalCents))),
    cart_url: escapeHtml(data.cartUrl),
  };
  const subject = advertisingSubject(renderSubject(template.subject, { total: formatARS(fromCents(data.totalCents)) }));
  return marketingEmail(
    "cart_reminder",
    data.to,
    subject,
    renderEmailTemplate(template.html, variables),
    data.unsubscribeUrl,
  );
}

export type StockAlertData = { to: string; productName: string; productUrl: string; unsubscribeUrl: string };

/** "Avisame cuando haya stock" (email_stock_alert): the product is back, with a link to it. */
export function stockAlertEmail(data: StockAlertData, template: { subject: string; html: string }): Email {
  const subject = renderSubject(template.subject, { product_name: data.productName });
  const html = renderEmailTemplate(template.html, {
    product_name: escapeHtml(data.productName),
    product_url: escapeHtml(data.productUrl),
  });
  return marketingEmail("stock_alert", data.to, subject, html, data.unsubscribeUrl);
}

// ---------------------------------------------------------------- preview

const SAMPLE_ORDER: OrderLinesData = {
  orderId: "5f3c2a1b-0000-4000-8000-000000000000",
  number: "5f3c2a1b",
  customerName: "María González",
  customerEmail: "maria.gonzalez@ejemplo.com",
  items: [
    { name: 'Notebook Lenovo IdeaPad 3 15,6"', quantity: 1, price: "899999.00", subtotal: "899999.00" },
    { name: "Mouse inalámbrico Logitech M185", quantity: 2, price: "18500.00", subtotal: "37000.00" },
  ],
  totalCents: 94989900,
  shippingMethod: "Envío a todo el país",
  shippingCents: 1290000,
  discountCents: 0,
  paymentMethod: "transferencia",
  onlinePayment: null,
};

export type EmailPreview = { subject: string; html: string; text: string };

/**
 * A template as the customer would get it, filled with a sample order (Configuración shows it
 * beside the editor): the same rendering, layout and plain-text part as a real message.
 */
export function previewEmail(
  key:
    | "email_template_customer"
    | "email_template_admin"
    | "email_template_welcome_user"
    | `email_status_${StatusEmailStatus}`
    | MarketingEmailKey,
  template: { html: string; subject: string },
  settings: Pick<SettingValues, "store" | "carriers">,
  siteUrl: string,
): EmailPreview {
  let email: Email | null;
  const sampleUnsubscribe = `${siteUrl}/baja?t=ejemplo`;
  if (key === "email_cart_reminder") {
    email = cartReminderEmail(
      {
        to: SAMPLE_ORDER.customerEmail!,
        lines: SAMPLE_ORDER.items,
        totalCents: 93699900,
        cartUrl: `${siteUrl}/carrito/recuperar?t=ejemplo`,
        unsubscribeUrl: sampleUnsubscribe,
      },
      template,
    );
  } else if (key === "email_stock_alert") {
    email = stockAlertEmail(
      {
        to: SAMPLE_ORDER.customerEmail!,
        productName: SAMPLE_ORDER.items[0]!.name,
        productUrl: `${siteUrl}/product/ejemplo`,
        unsubscribeUrl: sampleUnsubscribe,
      },
      template,
    );
  } else if (key === "email_template_welcome_user") {
    email = welcomeEmail(SAMPLE_ORDER.customerEmail!, template.html);
  } else if (key === "email_template_customer" || key === "email_template_admin") {
    const [customer, admin] = orderPlacedEmails({
      ...SAMPLE_ORDER,
      templates: { customer: template.html, admin: template.html },
      salesEmail: settings.store.salesEmail || "ventas@ejemplo.com",
    });
    email = key === "email_template_customer" ? customer! : (admin ?? customer!);
  } else {
    const status = key.slice("email_status_".length) as StatusEmailStatus;
    const carrier = settings.carriers.find((c) => c.trackingUrl) ?? settings.carriers[0] ?? null;
    const trackingNumber = "AR123456789";
    email = orderStatusEmail(
      {
        ...SAMPLE_ORDER,
        status,
        carrier: carrier?.name ?? "Correo Argentino",
        trackingNumber,
        trackingUrl: carrier?.trackingUrl ? carrier.trackingUrl.replaceAll("{tracking}", trackingNumber) : null,
        orderUrl: `${siteUrl}/cuenta/pedidos/${SAMPLE_ORDER.orderId}`,
      },
      { enabled: true, ...template },
    );
  }
  const html = emailLayout(email!.html, settings.store, siteUrl, Boolean(email!.listUnsubscribe));
  return { subject: email!.subject, html, text: emailText(html) };
}
