import { getDb } from "~/db/client.server";
import { runNextImport } from "~/models/product-imports.server";
import { every } from "./every.server";

// Product imports queued by the wizard (app/models/product-imports.server.ts) are written here,
// in the background, all or nothing: each import is claimed once across processes (FOR UPDATE
// SKIP LOCKED, with a lease a crashed runner lets go of). The wizard also starts a round right
// after queueing, so a small file is imported at once; this worker picks up whatever is left.

/** Runs every queued import, one after the other; returns how many ran. */
export async function runQueuedImports(db = getDb()): Promise<number> {
  let ran = 0;
  while (await runNextImport(db)) ran++;
  return ran;
}

let round: Promise<number> | null = null;

/** Starts a round now unless one is running in this process (the wizard calls it after queueing). */
export function kickImports(): void {
  round ??= runQueuedImports()
    .catch((error) => {
      console.error("[product-import] round failed:", error instanceof Error ? error.message : error);
      return 0;
    })
    .finally(() => {
      round = null;
    });
}

/** Looks for queued imports every `intervalMs` (server/serve.ts); returns a stop function. */
export function startProductImportWorker(intervalMs = 5_000): () => void {
  return every("product-import", intervalMs, () => runQueuedImports());
}
