import { useState } from "react";
import { DEFAULT_IVA_CONDITION, IVA_CONDITIONS, type IvaCondition, isIvaCondition, needsCuit } from "~/domain/invoice";
import { type SellerIvaCondition, invoiceClassFor } from "~/domain/arca-invoice";
import { controlClass } from "./checkout-field-input";
import { Options } from "~/components/ui/options";

/** "Condición frente al IVA", beside the CUIT: says which invoice the buyer gets (Factura A, B or C). */
export function IvaConditionField({
  initial,
  error,
  sellerIvaCondition,
}: {
  initial?: string;
  error?: string;
  sellerIvaCondition: SellerIvaCondition;
}) {
  const [ivaCondition, setIvaCondition] = useState(initial || DEFAULT_IVA_CONDITION);
  const condition = isIvaCondition(ivaCondition) ? ivaCondition : DEFAULT_IVA_CONDITION;
  return (
    <div>
      <label htmlFor="checkout-iva-condition" className="block text-sm font-medium text-slate-800">
        Condición frente al IVA
      </label>
      <select
        id="checkout-iva-condition"
        name="ivaCondition"
        value={ivaCondition}
        onChange={(e) => setIvaCondition(e.target.value as IvaCondition)}
        aria-invalid={error ? true : undefined}
        aria-describedby="checkout-iva-hint"
        className={controlClass}
      >
        <Options options={IVA_CONDITIONS} />
      </select>
      <p id="checkout-iva-hint" className="mt-1 text-xs text-slate-600" aria-live="polite">
        {error ??
          `Te enviamos Factura ${invoiceClassFor(sellerIvaCondition, condition)}.${needsCuit(condition) ? " Completá tu CUIT." : ""}`}
      </p>
    </div>
  );
}
