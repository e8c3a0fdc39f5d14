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

/**
 * The instants that bound the store's days `from` to `to` (yyyy-mm-dd, both included; Buenos
 * Aires is UTC-3 all year): `start` inclusive, `end` exclusive (the next day's midnight).
 */
export function storeDayRange(from: string | null, to: string | null): { start: Date | null; end: Date | null } {
  const start = from ? new Date(`${from}T00:00:00-03:00`) : null;
  let end: Date | null = null;
  if (to) {
    end = new Date(`${to}T00:00:00-03:00`);
    end.setUTCDate(end.getUTCDate() + 1);
  }
  return { start, end };
}

/** A yyyy-mm-dd date that exists (what an `<input type="date">` sends). */
export function isIsoDay(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}
