// Payment methods as the shopper reads them. The methods themselves are the payment_methods setting.

/** The payment method that shows the store's bank details (spec: the method named transferencia). */
export function isBankTransfer(paymentMethod: string | null | undefined): boolean {
  return (paymentMethod ?? "").trim().toLowerCase() === "transferencia";
}

/** The name of a payment method on screens and e-mails ("Transferencia bancaria" for transferencia). */
export function paymentMethodLabel(paymentMethod: string | null | undefined): string {
  if (!paymentMethod) return "—";
  return isBankTransfer(paymentMethod) ? "Transferencia bancaria" : paymentMethod;
}
