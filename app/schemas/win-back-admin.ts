import { z } from "zod";

/** Admin > Carritos abandonados: "Enviar recordatorio" on one draft. */
export const SendReminderSchema = z.object({
  intent: z.literal("send-reminder", { error: "Acción desconocida." }),
  draftId: z.uuid("No encontramos ese carrito."),
});
