import { useCallback, useMemo, useState } from "react";
import { useApi } from "~/components/api-client";
import { type CartItem, cartLinesInput, lineUnitPrice } from "~/domain/cart";
import type { CheckedCartLine } from "~/models/cart.server";
import type { SummaryLine } from "./checkout-summary";

type CheckState = { lines: Map<string, CheckedCartLine> | null; pending: boolean; failed: boolean };

/**
 * The cart as the server prices it: asks /api/cart/check for the current price and stock of every
 * line (again when the cart changes, and on `recheck()` after a refused order) and gives the
 * checkout's summary lines: checking, unavailable, or priced with the units left.
 */
export function useCartCheck(items: CartItem[]) {
  const [checkRound, setCheckRound] = useState(0);
  const [check, setCheck] = useState<CheckState>({ lines: null, pending: true, failed: false });
  const linesJson = useMemo(() => JSON.stringify(cartLinesInput(items)), [items]);

  // Ask the server for the current price and stock of every line (again after a refused order).
  useApi<{ lines: CheckedCartLine[] }>(
    { path: "/api/cart/check", body: { lines: JSON.parse(linesJson) as unknown } },
    {
      onStart: () => setCheck((current) => ({ ...current, pending: true, failed: false })),
      onAnswer: (answer) => {
        if (answer.ok) {
          setCheck({ lines: new Map(answer.data.lines.map((l) => [l.cartId, l])), pending: false, failed: false });
        } else {
          console.error("No se pudieron verificar los precios del carrito", answer.status);
          setCheck((current) => ({ ...current, pending: false, failed: true }));
        }
      },
    },
    checkRound,
  );

  const summaryLines: SummaryLine[] = items.map((item) => {
    const checked = check.lines?.get(item.cartId);
    return {
      cartId: item.cartId,
      name: checked?.status === "ok" ? checked.name : item.name,
      imageUrl: checked?.status === "ok" ? checked.imageUrl : item.image_url,
      options: item.selectedOptions,
      quantity: item.quantity,
      check: !checked
        ? { status: "checking" }
        : checked.status === "unavailable"
          ? { status: "unavailable" }
          : {
              status: "ok",
              unitPrice: checked.unitPrice,
              stock: checked.stock,
              // A member's group price is not kept in the cart: the server's is the one to compare.
              cartPrice: checked.groupPrice != null ? checked.unitPrice : lineUnitPrice(item),
              ivaRate: checked.ivaRate,
              groupMinimum: checked.groupMinimum ?? null,
            },
    };
  });

  const recheck = useCallback(() => setCheckRound((n) => n + 1), []);
  return { linesJson, summaryLines, check, recheck };
}
