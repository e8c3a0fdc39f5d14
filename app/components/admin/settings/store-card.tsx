import { useId } from "react";
import { InputField } from "~/components/ui/field";
import type { StoreSettings } from "~/domain/settings";
import type { SettingFormErrors } from "~/schemas/settings";
import { SettingsCard } from "./settings-card";

type InputSpec = {
  name: string;
  label: string;
  value: string;
  type?: string;
  hint?: string;
  inputMode?: "numeric" | "tel";
};

function Group({ title, inputs, errors }: { title: string; inputs: InputSpec[]; errors: SettingFormErrors }) {
  const id = useId();
  return (
    <fieldset className="mt-2 first:mt-0">
      <legend className="mb-2 text-sm font-bold text-slate-900">{title}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {inputs.map((input) => {
          const inputId = `${id}-${input.name}`;
          const error = errors[input.name];
          return (
            <InputField
              id={inputId}
              key={input.name}
              label={input.label}
              error={error}
              hint={input.hint}
              name={input.name}
              type={input.type ?? "text"}
              inputMode={input.inputMode}
              defaultValue={input.value}
            />
          );
        })}
      </div>
    </fieldset>
  );
}

/** store: contact data (footer, WhatsApp links, e-mails) and the bank details shown for transfers. */
export function StoreCard({ store }: { store: StoreSettings }) {
  return (
    <SettingsCard
      settingKey="store"
      title="Datos de la tienda"
      description="Se muestran en el pie de página, en los enlaces de WhatsApp y, los datos bancarios, en el checkout al elegir transferencia."
    >
      {(errors) => (
        <div className="space-y-6">
          <Group
            title="Contacto"
            errors={errors}
            inputs={[
              { name: "name", label: "Nombre de la tienda", value: store.name },
              { name: "address", label: "Dirección", value: store.address },
              {
                name: "whatsapp",
                label: "WhatsApp",
                value: store.whatsapp,
                inputMode: "tel",
                hint: "Solo números, con código de país: 5491122334455.",
              },
              { name: "phone", label: "Teléfono", value: store.phone, type: "tel" },
              { name: "email", label: "Email de contacto", value: store.email, type: "email" },
              {
                name: "salesEmail",
                label: "Email de ventas",
                value: store.salesEmail,
                type: "email",
                hint: "Recibe los avisos de pedidos nuevos y los comprobantes.",
              },
              { name: "hours", label: "Horario de atención", value: store.hours },
            ]}
          />
          <Group
            title="Redes sociales"
            errors={errors}
            inputs={[
              { name: "social.instagram", label: "Instagram", value: store.social.instagram, type: "url" },
              { name: "social.facebook", label: "Facebook", value: store.social.facebook, type: "url" },
              { name: "social.linkedin", label: "LinkedIn", value: store.social.linkedin, type: "url" },
              { name: "social.tiktok", label: "TikTok", value: store.social.tiktok, type: "url" },
            ]}
          />
          <Group
            title="Datos bancarios (transferencias)"
            errors={errors}
            inputs={[
              { name: "bank.alias", label: "Alias", value: store.bank.alias },
              {
                name: "bank.cbu",
                label: "CBU / CVU",
                value: store.bank.cbu,
                inputMode: "numeric",
                hint: "22 dígitos.",
              },
              { name: "bank.holder", label: "Titular", value: store.bank.holder },
              { name: "bank.bankName", label: "Banco", value: store.bank.bankName },
            ]}
          />
          <Group
            title="Data Fiscal (AFIP/ARCA)"
            errors={errors}
            inputs={[
              {
                name: "dataFiscal.url",
                label: "Enlace del Data Fiscal",
                value: store.dataFiscal?.url ?? "",
                type: "url",
                hint: "El que da AFIP/ARCA al adherir el formulario 960 (http://qr.afip.gob.ar/?qr=...). Se muestra en el pie de cada página.",
              },
              {
                name: "dataFiscal.imageUrl",
                label: "Imagen del Data Fiscal (opcional)",
                value: store.dataFiscal?.imageUrl ?? "",
                type: "url",
                hint: "Vacío: la imagen estándar de AFIP.",
              },
            ]}
          />
        </div>
      )}
    </SettingsCard>
  );
}
