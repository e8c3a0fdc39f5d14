import { z } from "zod";
import { OrderFieldEditSchema, OrderIdSchema, OrderNoteSchema, OrderStatusSchema } from "./admin";

// The admin orders screen's action: the forms it takes, by intent. The status, field and note
// forms are checked here as their model checks them; refunds and withdrawals pass the order id as
// sent and their models answer for a missing or unknown order.

/** The form fields read as lists: `orderId`, every order Facturar or Generar etiqueta was given. */
export const ORDER_ACTION_LISTS = ["orderId"] as const;

/** One order's id: the last `orderId` sent, as a single field reads (ORDER_ACTION_LISTS reads them all). */
const lastId = z.array(z.string()).transform((ids) => ids.at(-1));
const oneOrderId = lastId.pipe(OrderIdSchema);

export const OrderActionSchema = z.discriminatedUnion(
  "intent",
  [
    OrderStatusSchema.extend({ intent: z.literal("update-status"), orderId: oneOrderId }),
    OrderFieldEditSchema.extend({ intent: z.literal("update-field"), orderId: oneOrderId }),
    OrderNoteSchema.extend({ intent: z.literal("add-note"), orderId: oneOrderId }),
    z.object({ intent: z.literal("refund"), orderId: lastId, paymentId: z.string().optional() }),
    z.object({ intent: z.enum(["withdrawal-accept", "withdrawal-handled", "return-received"]), orderId: lastId }),
    // Reintentar anulación: the carrier did not cancel the shipment of a cancelled order.
    z.object({ intent: z.literal("retry-cancel"), orderId: lastId }),
    // Facturar and Generar etiqueta: one order (its details) or the selected ones (the table's bulk button).
    z.object({ intent: z.enum(["invoice", "label"]), orderId: z.array(z.string()) }),
  ],
  { error: "Acción desconocida." },
);

export type OrderAction = z.infer<typeof OrderActionSchema>;
