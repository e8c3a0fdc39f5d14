import { useId } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { fieldAria } from "~/components/ui/field-error";
import { useActionResult } from "~/components/use-action-result";
import { useViewer } from "~/components/viewer";
import type { ToastInput } from "~/schemas/toast";

type Answer = { ok: boolean; errors: Record<string, string | undefined>; toast?: ToastInput };

/** [23/25] "Avisame cuando haya stock": an e-mail (the signed-in customer's filled in), sent once when it is back. */
export function StockAlertForm({ productId, variantId }: { productId: string; variantId: string | null }) {
  const fetcher = useFetcher<Answer>();
  const id = useId();
  const viewer = useViewer();
  useActionResult(fetcher.data, fetcher.state);
  const error = fetcher.data?.errors.email ?? fetcher.data?.errors.productId ?? fetcher.data?.errors.variantId;
  if (fetcher.data?.ok) {
    return (
      <p role="status" className="mt-2 text-sm font-normal text-emerald-800">
        Listo: te avisamos por email apenas haya stock.
      </p>
    );
  }
  return (
    <fetcher.Form method="post" action="/api/stock-alert" className="mt-3 block font-normal" noValidate>
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="variantId" value={variantId ?? ""} />
      <Field id={`${id}-email`} label="Avisame cuando haya stock" error={error}>
        <div className="flex gap-2">
          <Input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            placeholder="tu@email.com"
            defaultValue={viewer.user?.email ?? ""}
            key={viewer.user?.email ?? "anon"}
            {...fieldAria(`${id}-email`, error)}
          />
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            Avisame
          </Button>
        </div>
      </Field>
    </fetcher.Form>
  );
}
