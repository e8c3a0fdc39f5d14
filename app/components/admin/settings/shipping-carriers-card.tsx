import { useId } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { InputField } from "~/components/ui/field";
import { useActionResult } from "~/components/use-action-result";
import type { Box } from "~/domain/parcels";
import type { CarrierStatus, CarriersStatus } from "~/models/carrier-settings.server";
import type { ToastInput } from "~/schemas/toast";
import { CardFrame, SettingsCard } from "./settings-card";

// Configuración > Envíos ([21/25]): the carriers the server is set up for (their credentials are
// environment variables: the card names those set, never their values), the origin postal code,
// "Probar conexión" per carrier, and the default parcel for products without weight or size.

export type CarrierTestData = { ok: boolean; intent: "carrier-test"; message: string; toast: ToastInput };

function CarrierRow({ status }: { status: CarrierStatus }) {
  const test = useFetcher<CarrierTestData>();
  useActionResult(test.data, test.state);
  const testing = test.state !== "idle";
  return (
    <li className="rounded-lg border border-slate-200 p-3" aria-label={status.name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{status.name}</h3>
        <span
          className={`rounded px-2 py-0.5 text-xs font-medium ${status.configured ? "bg-green-100 text-green-800" : "bg-slate-100 text-slate-700"}`}
        >
          {status.configured
            ? status.labels
              ? "Configurado, con etiquetas"
              : "Configurado (cotiza)"
            : "Sin configurar"}
        </span>
      </div>
      <ul className="mt-2 grid gap-x-4 gap-y-0.5 text-xs sm:grid-cols-2">
        {status.variables.map((v) => (
          <li key={v.name} className={v.set ? "text-slate-800" : "text-slate-500"}>
            <span aria-hidden>{v.set ? "✓" : "·"}</span> <code>{v.name}</code> {v.set ? "cargada" : "sin cargar"}
            {v.required ? "" : " (opcional)"}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-600">{status.labelsHint}</p>
      {status.configured ? (
        <test.Form method="post" className="mt-2 flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="carrier-test" />
          <input type="hidden" name="carrier" value={status.carrier} />
          <Button type="submit" size="sm" variant="outline" disabled={testing}>
            {testing ? "Probando..." : `Probar conexión con ${status.name}`}
          </Button>
          <p role="status" className={`text-sm ${test.data && !test.data.ok ? "text-red-700" : "text-slate-700"}`}>
            {testing ? `Consultando a ${status.name}…` : (test.data?.message ?? "")}
          </p>
        </test.Form>
      ) : null}
    </li>
  );
}

export function ShippingCarriersCard({ status, parcel }: { status: CarriersStatus; parcel: Box }) {
  const id = useId();
  const sides = [
    { name: "lengthCm", label: "Largo (cm)" },
    { name: "widthCm", label: "Ancho (cm)" },
    { name: "heightCm", label: "Alto (cm)" },
  ] as const;
  return (
    <>
      <CardFrame
        title="Envíos con transportistas"
        description="OCA y Correo Argentino cotizan en el checkout y generan etiquetas en Órdenes. Sus credenciales se cargan en las variables de entorno del servidor (no se muestran acá)."
      >
        <div className="space-y-3 px-4 py-4 sm:px-5">
          <p className="text-sm">
            <span className="text-slate-600">Código postal de origen (CARRIER_ORIGIN_POSTAL_CODE): </span>
            {status.originPostalCode ?? <span className="text-red-700">sin cargar: ningún transportista cotiza</span>}
          </p>
          <ul className="space-y-3">
            {status.carriers.map((c) => (
              <CarrierRow key={c.carrier} status={c} />
            ))}
          </ul>
        </div>
      </CardFrame>
      <SettingsCard
        settingKey="default_parcel"
        title="Paquete por defecto"
        description="El peso y las medidas de una unidad cuyo producto no los tiene cargados, para cotizar y generar etiquetas."
      >
        {(errors) => (
          <div className="grid gap-3 sm:grid-cols-4">
            <InputField
              id={`${id}-weight`}
              label="Peso (g)"
              error={errors.weightGrams}
              name="weightGrams"
              inputMode="numeric"
              defaultValue={String(parcel.weightGrams)}
            />
            {sides.map((side) => (
              <InputField
                key={side.name}
                id={`${id}-${side.name}`}
                label={side.label}
                error={errors[side.name]}
                name={side.name}
                inputMode="decimal"
                defaultValue={String(parcel[side.name]).replace(".", ",")}
              />
            ))}
          </div>
        )}
      </SettingsCard>
    </>
  );
}
