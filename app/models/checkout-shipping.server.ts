import { eq } from "drizzle-orm";
import { type DbOrTx, getDb } from "~/db/client.server";
import type { OrderShippingBranch, OrderShippingQuote } from "~/db/schema/orders";
import { shippingQuotes } from "~/db/schema/shipping";
import { CARRIER_NAMES, type CarrierId, carrierPostalCode, deliveryDaysText } from "~/domain/carrier-quotes";
import { fromCents } from "~/domain/money";
import { computeOrderTotals } from "~/domain/order-totals";
import type { SelectedOption } from "~/domain/pricing";
import type { ShippingOption } from "~/domain/shipping";
import { hasVariants } from "~/domain/variants";
import { isUuid } from "~/domain/uuid";
import type { CartLineInput } from "~/schemas/cart";
import { configuredCarriers } from "~/services/carriers/index.server";
import type { Branch } from "~/services/carriers/types";
import { checkCartLines } from "./cart.server";
import { getProductsForCart } from "./product.server";
import {
  QUOTE_NOT_FOUND,
  type QuoteForOrder,
  branchesNear,
  findQuoteForOrder,
  parcelLinesFor,
  parcelsHash,
  quoteShippingOptions,
} from "./shipping-quotes.server";
import { getSettings } from "./settings.server";
import { listVariants, variantOf } from "./variants.server";

// The checkout's shipping step with carriers ([21/25], ADR 0018): what /api/shipping-quotes answers
// (the store's own methods and every carrier's options, each "retiro en sucursal" with the nearest
// branches), and what the order's transaction checks again (the quote by its id, the branch among
// the carrier's near the postal code). Carriers are asked within the budget; one that fails or is
// slow is left out with a note, so the store's own methods are always there.

/** A carrier's option as the checkout shows it. */
export type CheckoutCarrierOption = {
  quoteId: string;
  carrier: CarrierId;
  carrierName: string;
  service: "domicilio" | "sucursal";
  serviceName: string;
  /** With IVA, in pesos. */
  price: number;
  /** "2 a 4 días hábiles", or null when the carrier does not say. */
  deliveryText: string | null;
  /** For "retiro en sucursal": the nearest branches to pick one from. */
  branches: Branch[];
};

export type CheckoutShipping =
  | {
      ok: true;
      postalCode: string;
      zoneOptions: ShippingOption[];
      carrierOptions: CheckoutCarrierOption[];
      /** Sentences for the shopper about carriers left out this time. */
      notes: string[];
    }
  | { ok: false; error: string };

export const BRANCH_REQUIRED = "Elegí la sucursal donde vas a retirar tu pedido.";
const branchNotNear = (carrier: string) =>
  `La sucursal elegida no es una de ${carrier} cerca de tu código postal. Elegí otra sucursal.`;
const CARRIER_GONE = "Ese envío ya no está disponible. Elegí otro método de envío.";

/** A cart's lines as parcels need them: the variant each line is (products that sell variants). */
async function cartItems(lines: readonly CartLineInput[]) {
  const rows = await getProductsForCart(lines.map((l) => l.productId));
  const variants = await listVariants(rows.filter((r) => hasVariants(r.meta.option_groups)).map((r) => r.id));
  return lines.map((line) => ({
    productId: line.productId,
    variantId: variantOf(variants.get(line.productId), line.selectedOptions as SelectedOption[])?.id ?? null,
    quantity: line.quantity,
  }));
}

/** Every shipping option for this cart and postal code, for the checkout (never throws for a carrier). */
export async function checkoutShipping(lines: CartLineInput[], postalCode: string): Promise<CheckoutShipping> {
  const code = carrierPostalCode(postalCode);
  const checked = await checkCartLines(lines);
  // The goods' value as the order will price it: the carriers insure it.
  const declaredValueCents = computeOrderTotals(
    checked.flatMap((line, i) =>
      line.status === "ok" ? [{ unitPrice: line.unitPrice, quantity: lines[i]!.quantity }] : [],
    ),
    0,
  ).subtotalCents;
  const parcelLines = await parcelLinesFor(getDb(), await cartItems(lines));
  const { adapters, config } = configuredCarriers();
  const [quotes, branches] = await Promise.all([
    quoteShippingOptions({ postalCode, lines: parcelLines, declaredValueCents }),
    Promise.all(
      adapters.map(async (adapter) => ({
        carrier: adapter.id,
        answer: code ? await branchesNear(adapter, code, config.budgetMs) : null,
      })),
    ),
  ]);
  if (!quotes.ok) return quotes;
  const notes = quotes.unavailable.map((u) => u.message);
  const carrierOptions = quotes.carrierOptions.flatMap((quote): CheckoutCarrierOption[] => {
    const near = branches.find((b) => b.carrier === quote.carrier)?.answer;
    const carrierBranches = quote.service === "sucursal" ? (near?.ok ? near.branches : null) : [];
    if (carrierBranches === null) {
      const note = near && !near.ok ? near.error : `No pudimos ver las sucursales de ${quote.carrierName}.`;
      if (!notes.includes(note)) notes.push(note);
      return [];
    }
    return [
      {
        quoteId: quote.quoteId,
        carrier: quote.carrier,
        carrierName: quote.carrierName,
        service: quote.service,
        serviceName: quote.serviceName,
        price: fromCents(quote.priceCents),
        deliveryText: deliveryDaysText(quote.deliveryDaysMin, quote.deliveryDaysMax),
        branches: carrierBranches,
      },
    ];
  });
  return { ok: true, postalCode: quotes.postalCode, zoneOptions: quotes.zoneOptions, carrierOptions, notes };
}

/**
 * The branch an order with this quote goes to, checked with the carrier before the order's
 * transaction (no carrier call holds the order's locks): required for "retiro en sucursal" and
 * one of that carrier's branches near the postal code; null for home delivery. The quote itself
 * is checked again in the transaction (carrierShippingForOrder).
 */
export async function verifyBranch(input: {
  quoteId: string;
  branchId: string | undefined;
  postalCode: string;
}): Promise<{ ok: true; branch: Branch | null } | { ok: false; error: string }> {
  if (!isUuid(input.quoteId)) return { ok: false, error: QUOTE_NOT_FOUND };
  const [row] = await getDb()
    .select({ carrier: shippingQuotes.carrier, service: shippingQuotes.service })
    .from(shippingQuotes)
    .where(eq(shippingQuotes.id, input.quoteId));
  if (!row) return { ok: false, error: QUOTE_NOT_FOUND };
  if (row.service !== "sucursal") return { ok: true, branch: null };
  if (!input.branchId) return { ok: false, error: BRANCH_REQUIRED };
  const adapter = configuredCarriers().adapters.find((a) => a.id === row.carrier);
  if (!adapter) return { ok: false, error: CARRIER_GONE };
  const near = await branchesNear(adapter, input.postalCode);
  if (!near.ok) return near;
  const branch = near.branches.find((b) => b.id === input.branchId);
  return branch ? { ok: true, branch } : { ok: false, error: branchNotNear(CARRIER_NAMES[row.carrier]) };
}

export type CarrierShipping = {
  option: ShippingOption;
  columns: {
    shippingCarrier: CarrierId;
    shippingService: "domicilio" | "sucursal";
    shippingBranch: OrderShippingBranch | null;
    shippingQuote: OrderShippingQuote;
  };
};

/**
 * Inside the order's transaction: the quote the browser named, priced from its stored row for
 * this order's own postal code, cart and value (never a price the browser sent), and the columns
 * the order keeps. A branch verified before must belong to the quote's carrier.
 */
export async function carrierShippingForOrder(
  tx: DbOrTx,
  input: {
    quoteId: string;
    branch: Branch | null;
    postalCode: string;
    items: readonly { productId: string; variantId: string | null; quantity: number }[];
    declaredValueCents: number;
  },
): Promise<{ ok: true; shipping: CarrierShipping } | { ok: false; error: string }> {
  const { default_parcel } = await getSettings(["default_parcel"], tx);
  const hash = parcelsHash(await parcelLinesFor(tx, input.items), default_parcel);
  const found = await findQuoteForOrder(tx, {
    quoteId: input.quoteId,
    postalCode: input.postalCode,
    parcelsHash: hash,
    declaredValueCents: input.declaredValueCents,
  });
  if (!found.ok) return found;
  const quote: QuoteForOrder = found.quote;
  if (quote.service === "sucursal" && !input.branch) return { ok: false, error: BRANCH_REQUIRED };
  const price = fromCents(quote.priceCents);
  return {
    ok: true,
    shipping: {
      option: { name: quote.serviceName, cost: price },
      columns: {
        shippingCarrier: quote.carrier,
        shippingService: quote.service,
        shippingBranch: quote.service === "sucursal" ? input.branch : null,
        shippingQuote: {
          quoteId: quote.quoteId,
          serviceName: quote.serviceName,
          carrierRef: quote.carrierRef,
          postalCode: quote.postalCode,
          price: price.toFixed(2),
          netPrice: null,
          deliveryDaysMin: quote.deliveryDaysMin,
          deliveryDaysMax: quote.deliveryDaysMax,
          parcels: quote.parcels,
        },
      },
    },
  };
}
