import { useEffect, useMemo, useRef } from "react";
import { useFetcher } from "react-router";
import type { CartItem } from "~/domain/cart";
import { isEmailAddress } from "~/domain/win-back";
import { CHECKOUT_FIELD_PREFIX } from "~/schemas/form-limits";

const EMAIL_FIELD = `${CHECKOUT_FIELD_PREFIX}email`;

/**
 * [23/25] Keeps the server's checkout draft (ADR 0021): once the shopper has typed a valid e-mail
 * in the checkout's e-mail field, and again after each change of the cart, a small fetcher POST
 * sends the address and the cart's lines (products, options, quantities) to /api/checkout-draft.
 */
export function useCheckoutDraft(items: CartItem[]): void {
  const fetcher = useFetcher();
  const { submit } = fetcher;
  const email = useRef("");
  const sent = useRef("");
  const lines = useMemo(
    () => items.map((i) => ({ productId: i.id, quantity: i.quantity, selectedOptions: i.selectedOptions })),
    [items],
  );
  const latest = useRef(lines);
  latest.current = lines;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const send = () => {
      if (!isEmailAddress(email.current) || latest.current.length === 0) return;
      const body = { email: email.current.trim(), lines: latest.current };
      const key = JSON.stringify(body);
      if (key === sent.current) return;
      sent.current = key;
      void submit(body, { method: "post", action: "/api/checkout-draft", encType: "application/json" });
    };
    const onInput = (event: Event) => {
      const target = event.target;
      if (!(target instanceof HTMLInputElement) || target.name !== EMAIL_FIELD) return;
      email.current = target.value;
      clearTimeout(timer);
      timer = setTimeout(send, event.type === "change" ? 0 : 800);
    };
    // A prefilled address (a signed-in customer's) counts as typed.
    const field = document.querySelector<HTMLInputElement>(`input[name="${EMAIL_FIELD}"]`);
    if (field?.value) email.current = field.value;
    send();
    document.addEventListener("input", onInput);
    document.addEventListener("change", onInput);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("input", onInput);
      document.removeEventListener("change", onInput);
    };
  }, [submit, lines]);
}
