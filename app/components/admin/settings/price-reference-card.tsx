import { useId } from "react";
import { InputField } from "~/components/ui/field";
import type { PriceReferenceSettings } from "~/domain/settings";
import { SettingsCard } from "./settings-card";

/** [22/25] The period a regular price must hold before a sale to be shown struck through (ADR 0019). */
export function PriceReferenceCard({ value }: { value: PriceReferenceSettings }) {
  const id = useId();
  return (
    <SettingsCard
      settingKey="price_reference"
      title="Precio anterior en ofertas"
      description="La tienda muestra el precio tachado (“antes”) solo si ese precio estuvo vigente, sin interrupciones, durante este período antes de que empezara la oferta. Se aplica en la página del producto, las tarjetas, la búsqueda y los catálogos de Google y Meta."
    >
      {(errors) => (
        <InputField
          id={`${id}-days`}
          label="Período de referencia (días)"
          error={errors.days}
          hint="Por defecto 30 días. El reporte “Precios para Hot Sale” usa el mismo período."
          className="max-w-xs"
          name="days"
          inputMode="numeric"
          defaultValue={String(value.days)}
        />
      )}
    </SettingsCard>
  );
}
