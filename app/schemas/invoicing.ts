import { z } from "zod";
import { toStoreLocalInput } from "~/domain/dates";
import { dayParam } from "./list-query";

/** `?desde=&hasta=` of Admin > Facturación and its CSV: without them, this month so far. */
export const InvoiceBookQuerySchema = z.object({ desde: dayParam, hasta: dayParam }).transform(({ desde, hasta }) => {
  const today = toStoreLocalInput(new Date()).slice(0, 10);
  return { desde: desde ?? (hasta ? null : `${today.slice(0, 8)}01`), hasta: hasta ?? (desde ? null : today) };
});
export type InvoiceBookQuery = z.infer<typeof InvoiceBookQuerySchema>;
