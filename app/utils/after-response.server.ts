// Work that must not be part of an answer's timing: it starts once the current request's
// handler has returned (the next turn of the event loop), so the answer is the same, in what it
// says and in how long it takes, whatever the work finds (ADR 0013: the password-reset request).
// Failures are logged; the work is never retried here (the outbox retries e-mails).

// Shared through globalThis: the production server (server/serve.ts) and the app's build are two
// copies of this module, and the server waits for this work on shutdown.
const KEY = Symbol.for("vitec.after-response");
const pending: Set<Promise<void>> = ((globalThis as Record<symbol, unknown>)[KEY] as Set<Promise<void>>) ?? new Set();
(globalThis as Record<symbol, unknown>)[KEY] = pending;

/** Runs `work` after the answer; `label` names it in the log if it fails. */
export function afterResponse(label: string, work: () => Promise<unknown>): void {
  const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .then(
      () => undefined,
      (error: unknown) => console.error(`[${label}] failed:`, error instanceof Error ? error.message : error),
    )
    .finally(() => pending.delete(run));
  pending.add(run);
}

/** Resolves once the work started so far (and any it started) has finished: tests, shutdown. */
export async function afterResponseSettled(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
