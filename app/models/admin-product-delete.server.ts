import { inArray } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { products } from "~/db/schema/catalog";
import { type AuditActor, recordAudit } from "./audit.server";
import { auditColumns, productEntry } from "./admin-product-audit.server";

// Deleting products from the admin table (one or many), audited.

/** Deletes products by id; returns how many were deleted (relations go with them). Audited. */
export async function deleteProducts(actor: AuditActor, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return getDb().transaction(async (tx) => {
    const deleted = await tx.delete(products).where(inArray(products.id, ids)).returning(auditColumns);
    await recordAudit(
      tx,
      actor,
      deleted.map((p) => productEntry("product.delete", p, "before")),
    );
    return deleted.length;
  });
}
