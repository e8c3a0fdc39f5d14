import { useId } from "react";
import { Checkbox } from "~/components/ui/checkbox";
import { InputField } from "~/components/ui/field";
import type { WinBackSettings } from "~/domain/win-back";
import { SettingsCard } from "./settings-card";

/** The card's two whole numbers: hours before the reminder and days drafts and alerts are kept. */
const NUMBER_FIELDS = [
  {
    name: "reminderDelayHours",
    idSuffix: "delay",
    label: "Horas de espera antes del recordatorio",
    hint: "Desde el último cambio en el checkout (Tiendanube usa 6).",
  },
  {
    name: "retentionDays",
    idSuffix: "retention",
    label: "Días que se guardan carritos y avisos",
    hint: "Son datos personales: pasado ese plazo se borran solos.",
  },
] as const;

/** [23/25] win_back: when the cart reminder goes, a second one, and how long drafts and alerts are kept. */
export function WinBackCard({ value }: { value: WinBackSettings }) {
  const id = useId();
  return (
    <SettingsCard
      settingKey="win_back"
      title="Recuperar ventas"
      description={
        <p>
          Recordatorio de carrito abandonado y avisos de stock. Cada uno se apaga desde su email más abajo. Nunca se
          escribe a quien se dio de baja.
        </p>
      }
    >
      {(errors) => (
        <div className="grid gap-3 sm:grid-cols-2">
          {NUMBER_FIELDS.map(({ name, idSuffix, label, hint }) => (
            <InputField
              key={name}
              id={`${id}-${idSuffix}`}
              label={label}
              error={errors[name]}
              hint={hint}
              name={name}
              inputMode="numeric"
              defaultValue={String(value[name])}
            />
          ))}
          <label className="flex items-center gap-2 text-sm font-medium text-slate-800 sm:col-span-2">
            <Checkbox name="secondReminder" defaultChecked={value.secondReminder} />
            Enviar un segundo recordatorio 24 horas después del primero
          </label>
        </div>
      )}
    </SettingsCard>
  );
}
