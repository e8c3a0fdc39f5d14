import { useId } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, Input, InputField, SelectField } from "~/components/ui/field";
import { Options } from "~/components/ui/options";
import { useActionResult } from "~/components/use-action-result";
import { SELLER_IVA_CONDITIONS } from "~/domain/arca-invoice";
import { formatCuit } from "~/domain/cuit";
import { formatDateTime } from "~/domain/dates";
import type { InvoicingSettingsValue } from "~/domain/settings";
import type { ArcaActionData, CredentialsStatus } from "~/models/invoice-admin.server";
import { formatDecimalInput } from "~/schemas/amount";
import { SettingsCard } from "./settings-card";

const MODES = [
  { value: "off", label: "No facturar con ARCA" },
  { value: "on_payment", label: "Cuando se aprueba el pago" },
  { value: "manual", label: "A mano (botón Facturar en Órdenes)" },
] as const;

const ENVIRONMENT_LABELS = { homologacion: "Homologación (pruebas)", produccion: "Producción" } as const;

/** The seller's data every comprobante prints. */
const SELLER_FIELDS = [
  {
    name: "legalName",
    label: "Razón social",
    hint: "Como figura en ARCA. Vacío: el nombre de la tienda.",
    type: "text",
  },
  {
    name: "grossIncome",
    label: "Ingresos Brutos",
    hint: "El número de inscripción (o «Convenio multilateral» y su número).",
    type: "text",
  },
  { name: "activityStart", label: "Inicio de actividades", hint: "Se imprime en cada comprobante.", type: "date" },
] as const;

/** invoicing: when to invoice, the store's IVA condition, CUIT, point of sale and ARCA's threshold. */
export function InvoicingCard({ invoicing, arca }: { invoicing: InvoicingSettingsValue; arca: CredentialsStatus }) {
  const id = useId();
  return (
    <SettingsCard
      settingKey="invoicing"
      title="Facturación"
      description={
        <>
          Factura electrónica con ARCA. Entorno: <strong>{ENVIRONMENT_LABELS[arca.environment]}</strong> (lo fija
          ARCA_ENV en el servidor).
        </>
      }
    >
      {(errors) => (
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            id={`${id}-mode`}
            label="Cuándo facturar"
            error={errors.mode}
            name="mode"
            defaultValue={invoicing.mode}
          >
            <Options options={MODES} />
          </SelectField>
          <SelectField
            id={`${id}-iva`}
            label="Condición frente al IVA de la tienda"
            error={errors.sellerIvaCondition}
            name="sellerIvaCondition"
            defaultValue={invoicing.sellerIvaCondition}
          >
            <Options options={SELLER_IVA_CONDITIONS} />
          </SelectField>
          <InputField
            id={`${id}-cuit`}
            label="CUIT de la tienda"
            error={errors.cuit}
            hint="El del certificado de ARCA. Vacío: el de ARCA_CUIT en el servidor."
            name="cuit"
            inputMode="numeric"
            defaultValue={invoicing.cuit ? formatCuit(invoicing.cuit) : ""}
          />
          <InputField
            id={`${id}-pv`}
            label="Punto de venta"
            error={errors.puntoVenta}
            hint="Uno habilitado para web services (Probar conexión muestra los de ARCA)."
            name="puntoVenta"
            inputMode="numeric"
            defaultValue={String(invoicing.puntoVenta)}
          />
          <InputField
            id={`${id}-threshold`}
            label="Monto de identificación (Factura B)"
            error={errors.identificationThreshold}
            hint="Desde este total, la Factura B a consumidor final lleva DNI o CUIT, nombre y domicilio. ARCA lo actualiza cada semestre."
            name="identificationThreshold"
            inputMode="decimal"
            defaultValue={formatDecimalInput(invoicing.identificationThreshold)}
          />
          {SELLER_FIELDS.map((field) => (
            <InputField
              key={field.name}
              id={`${id}-${field.name}`}
              label={field.label}
              error={errors[field.name]}
              hint={field.hint}
              name={field.name}
              type={field.type}
              defaultValue={invoicing[field.name] ?? ""}
            />
          ))}
        </div>
      )}
    </SettingsCard>
  );
}

/** The certificate and key ARCA gave the store (the key never shown back) and "Probar conexión". */
export function ArcaCredentialsCard({ arca }: { arca: CredentialsStatus }) {
  const id = useId();
  const upload = useFetcher<ArcaActionData>();
  const test = useFetcher<ArcaActionData>();
  useActionResult(upload.data, upload.state);
  useActionResult(test.data, test.state);
  const uploading = upload.state !== "idle";
  const testing = test.state !== "idle";
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="border-b border-slate-200 px-4 py-3 sm:px-5">
        <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
          Certificado de ARCA
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          El certificado y la clave privada que generaste en ARCA (WSASS en homologación). La clave se guarda cifrada y
          no se vuelve a mostrar.
        </p>
      </div>
      <div className="space-y-4 px-4 py-4 sm:px-5">
        {arca.fromEnvironment ? (
          <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            El servidor usa el certificado y la clave de ARCA_CERT_PATH y ARCA_KEY_PATH: tienen prioridad sobre los que
            se suban acá.
          </p>
        ) : null}
        <p className="text-sm" data-testid="arca-credentials-status">
          {arca.uploaded ? (
            <>
              <strong>Clave cargada.</strong> Certificado: {arca.uploaded.subject}. Vence el{" "}
              {formatDateTime(new Date(arca.uploaded.expiresAt))}.
            </>
          ) : (
            "Todavía no se cargó un certificado."
          )}
        </p>
        {arca.canStore ? (
          <upload.Form method="post" encType="multipart/form-data" className="grid gap-3 sm:grid-cols-2">
            <input type="hidden" name="intent" value="arca-credentials" />
            <Field id={`${id}-cert`} label="Certificado (.crt o .pem)">
              <Input id={`${id}-cert`} name="certificate" type="file" accept=".crt,.pem,.cer" required />
            </Field>
            <Field id={`${id}-key`} label="Clave privada (.key)">
              <Input id={`${id}-key`} name="privateKey" type="file" accept=".key,.pem" required />
            </Field>
            <div className="sm:col-span-2">
              <Button type="submit" disabled={uploading}>
                {uploading ? "Subiendo..." : "Subir certificado"}
              </Button>
            </div>
          </upload.Form>
        ) : (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            No se puede subir la clave: falta ARCA_KEY_ENCRYPTION_KEY en el entorno del servidor (al menos 32 caracteres
            al azar), con la que se guarda cifrada.
          </p>
        )}
        {upload.data && !upload.data.ok && !uploading ? (
          <p role="alert" className="text-sm text-red-700">
            {upload.data.message}
          </p>
        ) : null}
      </div>
      <div className="border-t border-slate-200 px-4 py-3 sm:px-5">
        <test.Form method="post" className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="arca-test" />
          <Button type="submit" variant="outline" disabled={testing}>
            {testing ? "Probando..." : "Probar conexión"}
          </Button>
          <div role="status" className="text-sm text-slate-700">
            {testing ? "Consultando a ARCA…" : test.data ? <ConnectionResult result={test.data} /> : null}
          </div>
        </test.Form>
      </div>
    </section>
  );
}

function ConnectionResult({ result }: { result: ArcaActionData }) {
  if (!result.ok) return <span className="text-red-700">{result.message}</span>;
  return (
    <span>
      {result.message}
      {result.pointsOfSale && result.pointsOfSale.length > 0 ? (
        <span className="block">
          Puntos de venta:{" "}
          {result.pointsOfSale
            .map(
              (p) =>
                `${p.number} (${p.emissionType}${p.blocked ? ", bloqueado" : ""}${p.closedOn ? ", dado de baja" : ""})`,
            )
            .join(", ")}
        </span>
      ) : null}
    </span>
  );
}
