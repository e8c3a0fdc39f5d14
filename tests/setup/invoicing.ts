import type { InvoicingSettingsValue } from "~/domain/settings";
import { runInvoicing } from "~/jobs/invoicing.server";
import { saveSetting } from "~/models/settings.server";
import type { ArcaConfig } from "~/services/arca/config.server";

// Shared by the invoicing tests: the store set to invoice for the length of a test, and the
// invoicing job run until nothing is left to claim.

const OFF: InvoicingSettingsValue = {
  mode: "off",
  sellerIvaCondition: "responsable_inscripto",
  puntoVenta: 1,
  identificationThreshold: 417288,
};

/** Runs `fn` with the store invoicing as `value` says, then turns invoicing off again. */
export async function withInvoicing<T>(value: Partial<InvoicingSettingsValue>, fn: () => Promise<T>): Promise<T> {
  await saveSetting("invoicing", { ...OFF, mode: "on_payment", ...value });
  try {
    return await fn();
  } finally {
    await saveSetting("invoicing", OFF);
  }
}

/** Runs the invoicing job until a round finds nothing to do. */
export async function drainInvoicing(config: ArcaConfig): Promise<void> {
  for (;;) {
    const round = await runInvoicing(config, 10);
    if (round.authorised + round.failed + round.waiting + round.busy === 0) return;
  }
}

/** A buyer's checkout answers (the default checkout fields). */
export const BUYER_FIELDS = {
  first_name: "Ana",
  last_name: "Gómez",
  email: "ana@example.com",
  phone: "11 5555-1234",
  address: "Av. Corrientes 1234",
  city: "CABA",
  state: "Buenos Aires",
  zip: "C1043",
};
