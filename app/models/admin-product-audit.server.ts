import { products } from "~/db/schema/catalog";
import type { AuditEntry } from "./audit.server";

// What the audit log keeps of a product change, shared by every write of the products screen.

/** What the audit log keeps of a product change: price, stock and status (and what identifies it). */
export const PRODUCT_AUDIT_FIELDS = ["name", "price", "salePrice", "stock", "status", "ivaRate"] as const;

export const auditColumns = {
  id: products.id,
  name: products.name,
  price: products.price,
  salePrice: products.salePrice,
  stock: products.stock,
  status: products.status,
  ivaRate: products.ivaRate,
};

export type AuditedProduct = {
  id: string;
  name: string;
  price: string | null;
  salePrice: string | null;
  stock: number;
  status: string;
  ivaRate: number;
};

export function productEntry(action: string, product: AuditedProduct, side: "before" | "after"): AuditEntry {
  const { id, ...fields } = product;
  return {
    action,
    entityType: "product",
    entityId: id,
    entityLabel: product.name,
    before: side === "before" ? fields : null,
    after: side === "after" ? fields : null,
  };
}
