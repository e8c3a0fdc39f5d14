import { WITHDRAWAL_LIMITS } from "~/schemas/form-limits";
import { EnquiryForm } from "./enquiry-form";
import { FormField } from "./form-field";

/** The /arrepentimiento form: the enquiry forms' pattern (plain POST, works without JavaScript). */
export function WithdrawalForm() {
  return (
    <EnquiryForm submitLabel="Solicitar arrepentimiento" pendingLabel="Registrando..." hasOptionalFields>
      <FormField
        name="orderNumber"
        label="Número de pedido"
        autoComplete="off"
        maxLength={WITHDRAWAL_LIMITS.orderNumber}
        placeholder="Ej.: 1a2b3c4d"
      />
      <FormField
        name="email"
        label="Email de la compra"
        type="email"
        autoComplete="email"
        maxLength={WITHDRAWAL_LIMITS.email}
      />
      <FormField name="reason" label="Motivo" multiline optional maxLength={WITHDRAWAL_LIMITS.reason} />
    </EnquiryForm>
  );
}
