// Dates shown to people are written in the store's time zone (Buenos Aires), on the server, so a
// page never differs between the server's render and the browser. One formatter per style.

export const STORE_TIME_ZONE = "America/Argentina/Buenos_Aires";

const LONG_DATE_TIME = new Intl.DateTimeFormat("es-AR", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: STORE_TIME_ZONE,
});
const SHORT_DATE_TIME = new Intl.DateTimeFormat("es-AR", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: STORE_TIME_ZONE,
});
const LONG_DATE = new Intl.DateTimeFormat("es-AR", { dateStyle: "long", timeZone: STORE_TIME_ZONE });

/** "21 de noviembre de 2026, 14:05": what shoppers read (orders, e-mails). */
export function formatDateTime(date: Date): string {
  return LONG_DATE_TIME.format(date);
}

/** "21/11/26, 14:05": the admin's tables. */
export function formatShortDateTime(date: Date): string {
  return SHORT_DATE_TIME.format(date);
}

/** "21 de noviembre de 2026". */
export function formatDate(date: Date): string {
  return LONG_DATE.format(date);
}
