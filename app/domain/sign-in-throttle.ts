// Sign-in throttling per account (ADR 0004): the first failures are free (typos happen), then
// each further attempt must wait twice as long as the previous one, up to 15 minutes. Guessing a
// password therefore costs hours for a handful of tries, while the account's owner is never
// locked out for longer than 15 minutes.

export const FREE_SIGN_IN_FAILURES = 5;
export const MAX_SIGN_IN_DELAY_SECONDS = 15 * 60;
/** A run of failures is forgotten this long after its last attempt. */
export const SIGN_IN_FAILURE_MEMORY_SECONDS = 24 * 60 * 60;

/** Seconds to wait after the last attempt, once `failures` attempts in a row have failed. */
export function signInDelaySeconds(failures: number): number {
  if (failures < FREE_SIGN_IN_FAILURES) return 0;
  return Math.min(MAX_SIGN_IN_DELAY_SECONDS, 2 ** (failures - FREE_SIGN_IN_FAILURES));
}

/** "Esperá 8 segundos" / "Esperá 2 minutos": the wait, in Spanish, rounded up. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `Esperá ${seconds} ${seconds === 1 ? "segundo" : "segundos"}`;
  const minutes = Math.ceil(seconds / 60);
  return `Esperá ${minutes} ${minutes === 1 ? "minuto" : "minutos"}`;
}
