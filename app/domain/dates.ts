// Dates shown to people are written in the store's time zone (Buenos Aires), on the server, so a
// page never differs between the server's render and the browser. One formatter per style.

export const STORE_TIME_ZONE = "America/Argentina/Buenos_Aires";
/** Argentina keeps UTC-3 all year (no daylight saving time since 2009): the store's offset. */
const STORE_OFFSET = "-03:00";
const STORE_OFFSET_MS = -3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

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
const SHORT_DATE = new Intl.DateTimeFormat("es-AR", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: STORE_TIME_ZONE,
});
const SORTABLE_DATE_TIME = new Intl.DateTimeFormat("sv-SE", {
  timeZone: STORE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

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

/** "21/11/2026": dates in the admin's lists. */
export function formatShortDate(date: Date): string {
  return SHORT_DATE.format(date);
}

/** "2026-11-24 14:05" in the store's time zone (sorts as text, read by every spreadsheet). */
export function formatSortableDateTime(date: Date): string {
  return SORTABLE_DATE_TIME.format(date);
}

/** The instant a store-local "2026-11-24T10:00" (an `<input type="datetime-local">`) names. */
export function fromStoreLocalInput(value: string): Date {
  return new Date(`${value}:00${STORE_OFFSET}`);
}

/** The instant as a store-local "2026-11-24T10:00" for an `<input type="datetime-local">`. */
export function toStoreLocalInput(date: Date): string {
  return new Date(date.getTime() + STORE_OFFSET_MS).toISOString().slice(0, 16);
}

/** Midnight (in the store's time zone) that starts the day `date` falls on. */
export function startOfStoreDay(date: Date): Date {
  const local = date.getTime() + STORE_OFFSET_MS;
  return new Date(Math.floor(local / DAY_MS) * DAY_MS - STORE_OFFSET_MS);
}

/**
 * The instants that bound the store's days `from` to `to` (yyyy-mm-dd, both included; Buenos
 * Aires is UTC-3 all year): `start` inclusive, `end` exclusive (the next day's midnight).
 */
export function storeDayRange(from: string | null, to: string | null): { start: Date | null; end: Date | null } {
  const start = from ? new Date(`${from}T00:00:00${STORE_OFFSET}`) : null;
  let end: Date | null = null;
  if (to) {
    end = new Date(`${to}T00:00:00${STORE_OFFSET}`);
    end.setUTCDate(end.getUTCDate() + 1);
  }
  return { start, end };
}

/** A yyyy-mm-dd date that exists (what an `<input type="date">` sends). */
export function isIsoDay(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}
