import { useEffect, useId, useRef, useState } from "react";
import { callApi } from "~/components/api-client";
import { formatARS, fromCents } from "~/domain/money";
import { Button } from "../ui/button";
import { FieldError, fieldAria } from "~/components/ui/field-error";

/** A coupon the server accepted for this cart, and what it takes off. */
export type AppliedCoupon = { code: string; discountCents: number };

type Answer = { ok: true; code: string; discountCents: number } | { ok: false; reason: string };

/**
 * "¿Tenés un cupón?": the code is checked by the server against this cart and payment method
 * (/api/coupon), again whenever either changes, and once more inside the order's transaction.
 */
export function CouponField({
  linesJson,
  paymentMethod,
  email,
  applied,
  onChange,
  refusal,
}: {
  linesJson: string;
  paymentMethod: string;
  /** The e-mail typed so far (uses per customer). */
  email: () => string;
  applied: AppliedCoupon | null;
  onChange: (coupon: AppliedCoupon | null) => void;
  /** Why the order refused the coupon, when it did. */
  refusal?: string;
}) {
  const id = useId();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const appliedCode = useRef<string | null>(null);
  appliedCode.current = applied?.code ?? null;

  const check = async (typed: string) => {
    setPending(true);
    const answer = await callApi<Answer>({
      path: "/api/coupon",
      body: { code: typed, lines: JSON.parse(linesJson) as unknown, paymentMethod, email: email() || null },
    });
    setPending(false);
    // The endpoint explains a refusal (an unknown code, too many tries) in the same shape.
    const result = answer?.ok ? answer.data : (answer?.body as Answer | undefined);
    if (!result || typeof result !== "object" || !("ok" in result)) {
      setError("No pudimos verificar el cupón. Intentá de nuevo.");
      return;
    }
    setError(result.ok ? null : result.reason);
    onChange(result.ok ? { code: result.code, discountCents: result.discountCents } : null);
  };

  // The cart or the payment method changed: the coupon may take off another amount, or no longer apply.
  useEffect(() => {
    if (appliedCode.current) void check(appliedCode.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on a new cart or method
  }, [linesJson, paymentMethod]);

  useEffect(() => {
    if (!refusal) return;
    setError(refusal);
    onChange(null);
  }, [refusal, onChange]);

  const shownError = error;
  return (
    <div>
      <label htmlFor={`${id}-code`} className="block text-sm font-medium text-slate-800">
        ¿Tenés un cupón?
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={`${id}-code`}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              if (code.trim()) void check(code);
            }
          }}
          autoComplete="off"
          maxLength={40}
          {...fieldAria(id, shownError)}
          className="h-10 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-sm uppercase"
        />
        <Button type="button" variant="outline" disabled={pending || !code.trim()} onClick={() => void check(code)}>
          {pending ? "Verificando…" : "Aplicar"}
        </Button>
      </div>
      <input type="hidden" name="coupon" value={applied?.code ?? ""} />
      <div aria-live="polite">
        {applied ? (
          <p className="mt-1 text-sm text-green-800">
            Cupón {applied.code} aplicado: -{formatARS(fromCents(applied.discountCents))}.{" "}
            <button
              type="button"
              className="font-semibold underline"
              onClick={() => {
                onChange(null);
                setCode("");
              }}
            >
              Quitar
            </button>
          </p>
        ) : null}
        <FieldError id={id} error={shownError} />
      </div>
    </div>
  );
}
