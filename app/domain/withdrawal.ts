// Botón de arrepentimiento (Res. 424/2020 of the Secretaría de Comercio Interior; Ley 24.240,
// art. 34): a shopper may withdraw from a purchase within 10 calendar days, without an account,
// and gets an identification code for the request at once.

import { startOfStoreDay } from "./dates";

/** The withdrawal window: 10 calendar days (días corridos) after the order was placed. */
export const WITHDRAWAL_WINDOW_DAYS = 10;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The first instant when a withdrawal is no longer accepted. Days are counted as the Civil and
 * Commercial Code counts them (art. 6): the order's own day does not count, each day runs from
 * midnight to midnight in the store's time zone, and the 10th day is whole. An order placed on
 * 1 March at 15:00 can be withdrawn until 11 March at 23:59:59 (Argentina time).
 */
export function withdrawalDeadline(orderCreatedAt: Date): Date {
  return new Date(startOfStoreDay(orderCreatedAt).getTime() + (WITHDRAWAL_WINDOW_DAYS + 1) * DAY_MS);
}

/** The last day a withdrawal is accepted, as the store's calendar date (for messages). */
export function lastWithdrawalDay(orderCreatedAt: Date): Date {
  return new Date(withdrawalDeadline(orderCreatedAt).getTime() - 1);
}

/** True while a withdrawal of an order placed at `orderCreatedAt` is accepted. */
export function isWithinWithdrawalWindow(orderCreatedAt: Date, now: Date): boolean {
  return now.getTime() < withdrawalDeadline(orderCreatedAt).getTime();
}

// ---------------------------------------------------------------- identification code

export const WITHDRAWAL_CODE_PREFIX = "ARR-";
export const WITHDRAWAL_CODE_LENGTH = 8;
/**
 * Uppercase letters and digits without the ones people confuse when they read a code aloud or
 * copy it (0/O, 1/I). 32 symbols: one random byte's low 5 bits pick one without bias.
 */
export const WITHDRAWAL_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** "ARR-" and 8 symbols of the alphabet, one per random byte (the caller brings the randomness). */
export function withdrawalCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < WITHDRAWAL_CODE_LENGTH) {
    throw new Error(`withdrawalCodeFromBytes needs ${WITHDRAWAL_CODE_LENGTH} random bytes`);
  }
  let code = WITHDRAWAL_CODE_PREFIX;
  for (let i = 0; i < WITHDRAWAL_CODE_LENGTH; i++) code += WITHDRAWAL_CODE_ALPHABET[bytes[i]! & 31];
  return code;
}

const CODE_PATTERN = new RegExp(`^${WITHDRAWAL_CODE_PREFIX}[${WITHDRAWAL_CODE_ALPHABET}]{${WITHDRAWAL_CODE_LENGTH}}$`);

export function isWithdrawalCode(value: string): boolean {
  return CODE_PATTERN.test(value);
}

// ---------------------------------------------------------------- order number

/**
 * What a shopper types as the order number: the 8 characters shown as "#1a2b3c4d", or the full
 * id. Spaces, a leading "#" and upper case are forgiven. Null when it is neither.
 */
export function parseOrderReference(input: string): { kind: "number" | "id"; value: string } | null {
  const text = input.trim().replace(/^#\s*/, "").toLowerCase();
  if (/^[0-9a-f]{8}$/.test(text)) return { kind: "number", value: text };
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(text)) return { kind: "id", value: text };
  return null;
}
