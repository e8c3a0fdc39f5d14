import {
  DEFAULT_PAYMENT_EXPIRY_MINUTES,
  PAYMENT_METHOD_KINDS,
  PAYMENT_METHOD_KIND_LABELS,
  type PaymentMethodKind,
} from "~/domain/payment";
import type { PaymentMethod } from "~/domain/settings";
import { formatDecimalInput } from "~/schemas/amount";
import { ListSettingsCard } from "./editable-list";

type Row = {
  name: string;
  instructions: string;
  discountPercent: string;
  kind: PaymentMethodKind;
  expiryMinutes: string;
};

const toRows = (methods: PaymentMethod[]): Row[] =>
  methods.map((m) => ({
    name: m.name,
    instructions: m.instructions ?? "",
    discountPercent: m.discountPercent ? formatDecimalInput(m.discountPercent) : "",
    kind: m.kind ?? "manual",
    expiryMinutes: String(m.expiryMinutes ?? DEFAULT_PAYMENT_EXPIRY_MINUTES),
  }));

/**
 * payment_methods: name, the instructions the shopper reads, an optional discount (e.g. for
 * transfers), and the kind: manual (staff confirm the payment) or Mercado Pago (paid online at
 * checkout; an unpaid order is cancelled after its expiry and its stock returned).
 */
export function PaymentMethodsCard({
  methods,
  onlineAvailable,
}: {
  methods: PaymentMethod[];
  onlineAvailable: boolean;
}) {
  return (
    <ListSettingsCard<Row>
      settingKey="payment_methods"
      title="Métodos de pago"
      description={`El método llamado «transferencia» muestra además los datos bancarios de la tienda en el checkout. El descuento se resta del subtotal de los productos (no del envío) y la ficha de cada producto muestra el precio con el mayor descuento. Un método de tipo Mercado Pago cobra online: el pedido reserva el stock hasta su vencimiento y se cancela si no se paga.${onlineAvailable ? "" : " Para habilitarlo, el servidor necesita las credenciales de Mercado Pago (ver README)."}`}
      initial={() => toRows(methods)}
      legend="Método de pago"
      itemLabel={(row, index) => `el método de pago ${row.name || index + 1}`}
      fieldsetClassName="grid gap-3 sm:grid-cols-[12rem_1fr_6rem_auto] sm:items-start lg:grid-cols-[12rem_1fr_6rem_13rem_7rem_auto]"
      addLabel="Agregar método de pago"
      newRow={(): Row => ({
        name: "",
        instructions: "",
        discountPercent: "",
        kind: "manual",
        expiryMinutes: String(DEFAULT_PAYMENT_EXPIRY_MINUTES),
      })}
    >
      {(row, _index, { text, select }) => (
        <>
          {text("name", "Nombre")}
          {text("instructions", "Instrucciones", { multiline: true })}
          {text("discountPercent", "Descuento (%)", { inputMode: "decimal", placeholder: "0" })}
          {select("kind", "Tipo", PAYMENT_METHOD_KINDS, PAYMENT_METHOD_KIND_LABELS)}
          {row.kind === "mercadopago" ? (
            text("expiryMinutes", "Vence (min)", { inputMode: "numeric" })
          ) : (
            <span aria-hidden className="hidden lg:block" />
          )}
        </>
      )}
    </ListSettingsCard>
  );
}
