import { mkdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect } from "@playwright/test";

// The store's invoicing setting (Configuración > Facturación) is one for the whole store, and the
// browser suite runs two spec files at once: the specs that switch invoicing on take turns here
// (a folder created atomically in the run's data folder is the turn), so one spec's "off" never
// lands in the middle of another's invoiced sale. A turn left by a crashed worker expires.

const TURN = () => path.join(process.env.E2E_DATA_DIR!, "invoicing-turn");
const STALE_MS = 180_000;

export async function withInvoicingTurn<T>(work: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      mkdirSync(TURN());
      break;
    } catch {
      try {
        if (Date.now() - statSync(TURN()).mtimeMs > STALE_MS) rmSync(TURN(), { recursive: true, force: true });
      } catch {
        // Released meanwhile.
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(TURN(), { recursive: true, force: true });
  }
}

/** Saves Configuración > Facturación's mode as staff (the other fields as the suite uses them). */
export async function saveInvoicingMode(staff: Page, baseURL: string, mode: "on_payment" | "manual" | "off") {
  const saved = await staff.request.post("/admin/configuracion", {
    headers: { Origin: baseURL },
    form: {
      intent: "save",
      key: "invoicing",
      mode,
      sellerIvaCondition: "responsable_inscripto",
      puntoVenta: "1",
      identificationThreshold: "10000000",
    },
  });
  expect(saved.ok()).toBe(true);
}
