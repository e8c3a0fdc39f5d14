// The audit log (what staff need to trust the store): who changed what, when, before and after.
// This module decides what goes in an entry; app/models/audit.server.ts writes and reads them.

export type AuditValues = Record<string, unknown>;

/**
 * The watched fields that differ between two versions, as the entry's before and after. Values
 * are compared by their JSON (so "100.00" and 100 differ, as they would in the table). Null when
 * nothing watched changed: no entry is written for a save that changed nothing that matters.
 */
export function auditDiff(
  before: AuditValues | null,
  after: AuditValues | null,
  fields: readonly string[],
): { before: AuditValues | null; after: AuditValues | null } | null {
  if (!before && !after) return null;
  if (!before || !after) return { before: pick(before, fields), after: pick(after, fields) };
  const changed = fields.filter((f) => JSON.stringify(before[f] ?? null) !== JSON.stringify(after[f] ?? null));
  if (changed.length === 0) return null;
  return { before: pick(before, changed), after: pick(after, changed) };
}

function pick(values: AuditValues | null, fields: readonly string[]): AuditValues | null {
  if (!values) return null;
  return Object.fromEntries(fields.map((f) => [f, values[f] ?? null]));
}

/** What each action is called in the admin screen. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  "product.create": "Creó el producto",
  "product.update": "Modificó el producto",
  "product.delete": "Eliminó el producto",
  "product.duplicate": "Duplicó el producto",
  "product.import": "Importó por CSV",
  "product.reprice": "Recalculó los precios en dólares",
  "order.status": "Cambió el estado del pedido",
  "order.update": "Modificó el pedido",
  "order.payment": "Actualizó el pago",
  "order.payment_flag": "Marcó un pago para revisar",
  "order.refund": "Reembolsó el pago",
  "order.expire": "Canceló el pedido impago y devolvió el stock",
  "order.place": "Hizo el pedido",
  "order.withdraw": "Aceptó el arrepentimiento y canceló el pedido",
  "order.return": "Recibió la devolución y volvió las unidades al stock",
  "order.note": "Agregó una nota al pedido",
  "order.invoice": "Pidió la factura a ARCA",
  "order.label": "Cargó el envío en el transportista",
  "order.tracking": "Informó un movimiento del envío",
  "order.shipment_cancel": "Anuló el envío en el transportista",
  "setting.update": "Cambió la configuración",
  "setting.arca_certificate": "Cargó el certificado de ARCA",
  "user.create": "Creó la cuenta",
  "user.update": "Modificó la cuenta",
  "user.role": "Cambió el rol",
  "user.delete": "Eliminó la cuenta",
  "review.moderate": "Moderó la opinión",
  "withdrawal.handle": "Atendió el arrepentimiento",
  "coupon.create": "Creó el cupón",
  "coupon.update": "Modificó el cupón",
  "company.review": "Revisó la empresa",
  "company.group": "Creó el grupo de clientes",
  "company.member": "Cambió los miembros de la empresa",
  "company.price_list": "Cambió la lista de precios del grupo",
};

export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  product: "Productos",
  order: "Pedidos",
  setting: "Configuración",
  user: "Cuentas y roles",
  category: "Categorías",
  review: "Opiniones",
  withdrawal: "Arrepentimientos",
  coupon: "Cupones",
  company: "Empresas",
};

/** Field names as staff read them. */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  name: "Nombre",
  price: "Precio",
  salePrice: "Precio de oferta",
  stock: "Stock",
  status: "Estado",
  ivaRate: "IVA",
  role: "Rol",
  email: "Email",
  value: "Valor",
  paymentStatus: "Estado del pago",
  invoice: "Factura electrónica",
  paymentId: "Pago de Mercado Pago",
  amount: "Monto",
  flag: "Aviso",
  groupId: "Grupo de clientes",
  creditLimit: "Límite de crédito",
  paymentTermsDays: "Plazo de pago (días)",
  defaultPercent: "Descuento general (%)",
};
