import type { OrderContact } from "./checkout-fields";
import { CSV_BOM, formatCsvNumber, neutraliseCell, toCsv } from "./csv";
import { formatSortableDateTime } from "./dates";
import { ORDER_STATUS_LABELS, type OrderStatus } from "./order-status";
import { ORDER_PAYMENT_STATUS_LABELS, type OrderPaymentStatus } from "./payment";

// The orders export for the accountant: one row per order with the figures of the invoice, in
// the same file format as the products export (UTF-8 with BOM, semicolons, "1234,50"), and any
// cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) neutralised with an apostrophe.

export type ExportOrder = OrderContact & {
  number: string;
  createdAt: Date;
  status: OrderStatus;
  paymentStatus: OrderPaymentStatus | null;
  invoiceType: string | null;
  paymentMethod: string | null;
  shippingMethod: string | null;
  subtotal: string | number;
  shippingCost: string | number;
  discount: string | number;
  total: string | number;
  carrier: string | null;
  trackingNumber: string | null;
  address: { line1?: string; city?: string; state?: string; zip?: string };
  /** "2 x Notebook; 1 x Mouse". */
  items: string;
};

export const ORDER_EXPORT_COLUMNS = [
  "Pedido",
  "Fecha",
  "Estado",
  "Pago online",
  "Nombre",
  "Apellido",
  "Email",
  "Teléfono",
  "CUIT",
  "Empresa",
  "Factura",
  "Método de pago",
  "Método de envío",
  "Subtotal",
  "Envío",
  "Descuento",
  "Total",
  "Transportista",
  "Seguimiento",
  "Dirección",
  "Ciudad",
  "Provincia",
  "Código postal",
  "Productos",
] as const;

export function orderToExportRow(o: ExportOrder): string[] {
  const cells = [
    `#${o.number}`,
    formatSortableDateTime(o.createdAt),
    ORDER_STATUS_LABELS[o.status],
    o.paymentStatus ? ORDER_PAYMENT_STATUS_LABELS[o.paymentStatus] : "",
    o.customerName ?? "",
    o.customerLastname ?? "",
    o.customerEmail ?? "",
    o.customerPhone ?? "",
    o.billingCuit ?? "",
    o.billingCompany ?? "",
    o.invoiceType ? `Factura ${o.invoiceType}` : "",
    o.paymentMethod ?? "",
    o.shippingMethod ?? "",
    formatCsvNumber(o.subtotal),
    formatCsvNumber(o.shippingCost),
    formatCsvNumber(o.discount),
    formatCsvNumber(o.total),
    o.carrier ?? "",
    o.trackingNumber ?? "",
    o.address.line1 ?? "",
    o.address.city ?? "",
    o.address.state ?? "",
    o.address.zip ?? "",
    o.items,
  ];
  return cells.map(neutraliseCell);
}

/** The file: BOM, header and one row per order. */
export function buildOrdersCsv(orders: readonly ExportOrder[]): string {
  return CSV_BOM + toCsv(ORDER_EXPORT_COLUMNS, orders.map(orderToExportRow));
}
