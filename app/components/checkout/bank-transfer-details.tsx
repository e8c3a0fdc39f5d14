import { Icon } from "~/components/ui/icon";
import type { StoreSettings } from "~/domain/settings";

/** Alias, account number and holder to pay by bank transfer, and where to send the proof of payment. */
export function BankTransferDetails({
  bank,
  salesEmail,
  orderNumber,
  headingLevel = 3,
}: {
  bank: StoreSettings["bank"];
  salesEmail: string;
  orderNumber?: string;
  /** 3 under a "Cómo pagar" heading; 2 where no heading comes before it (the checkout form). */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const rows: [string, string][] = [
    ["Alias", bank.alias],
    ["CBU (número de cuenta)", bank.cbu],
    ["Titular", bank.holder],
  ];
  if (bank.bankName) rows.push(["Banco", bank.bankName]);
  return (
    <section
      aria-labelledby="bank-transfer-title"
      className="mt-4 rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm"
    >
      <Heading id="bank-transfer-title" className="flex items-center gap-2 font-semibold text-slate-900">
        <Icon name="landmark" className="size-5 text-brand-700" />
        Datos para la transferencia
      </Heading>
      <dl className="mt-3 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-semibold break-all text-slate-900 select-all">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-slate-700">
        Enviá el comprobante a{" "}
        <a href={`mailto:${salesEmail}`} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          {salesEmail}
        </a>
        {orderNumber ? (
          <>
            {" "}
            indicando tu número de pedido <strong>#{orderNumber}</strong>.
          </>
        ) : (
          " indicando tu número de pedido."
        )}
      </p>
    </section>
  );
}
