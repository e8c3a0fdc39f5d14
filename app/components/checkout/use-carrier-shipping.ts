import { useEffect, useState } from "react";
import { useApi } from "~/components/api-client";
import { carrierPostalCode } from "~/domain/carrier-quotes";
import type { CheckoutCarrierOption, CheckoutShipping } from "~/models/checkout-shipping.server";

/** How long the postal code must stay as typed before the carriers are asked. */
const TYPING_PAUSE_MS = 400;

export type CarrierShippingState = {
  /** The carriers' options for the postal code and cart shown (none while asking or when none answer). */
  options: CheckoutCarrierOption[];
  /** Sentences about carriers left out this time (slow, failing, the cart over their limits). */
  notes: string[];
  pending: boolean;
};

/**
 * The carriers' options for this cart and postal code ([21/25]), asked of /api/shipping-quotes once
 * the shopper stops typing. Whatever goes wrong there, the checkout keeps the store's own methods:
 * a failed answer only means no carrier options.
 */
export function useCarrierShipping(linesJson: string, postalCode: string): CarrierShippingState {
  const [settled, setSettled] = useState<string | null>(null);
  const [state, setState] = useState<CarrierShippingState>({ options: [], notes: [], pending: false });
  const code = carrierPostalCode(postalCode.trim()) ? postalCode.trim() : null;

  useEffect(() => {
    if (!code) {
      setSettled(null);
      setState({ options: [], notes: [], pending: false });
      return;
    }
    const timer = setTimeout(() => setSettled(code), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [code]);

  useApi<CheckoutShipping>(
    settled && linesJson !== "[]"
      ? { path: "/api/shipping-quotes", body: { lines: JSON.parse(linesJson) as unknown, postalCode: settled } }
      : null,
    {
      onStart: () => setState((current) => ({ ...current, pending: true })),
      onAnswer: (answer) =>
        setState(
          answer.ok && answer.data.ok
            ? { options: answer.data.carrierOptions, notes: answer.data.notes, pending: false }
            : { options: [], notes: [], pending: false },
        ),
    },
  );
  return state;
}
