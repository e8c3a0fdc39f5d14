import { useEffect, useId, useState } from "react";
import { EMAIL_PREVIEW_ACTION } from "~/utils/revalidation";
import { useFetcher } from "react-router";
import { Checkbox } from "~/components/ui/checkbox";
import { InputField } from "~/components/ui/field";
import { RichTextEditor } from "~/components/ui/rich-text-editor";
import type { MarketingEmailKey, StatusEmailKey, StatusEmailTemplate } from "~/domain/settings";
import { type EmailTemplateKey, TEMPLATE_VARIABLES } from "~/schemas/settings";
import { SettingsCard } from "./settings-card";

type TemplateKey = EmailTemplateKey | StatusEmailKey | MarketingEmailKey;

const TEMPLATES: Record<TemplateKey, { title: string; description: string }> = {
  email_cart_reminder: {
    title: "Email de carrito abandonado",
    description:
      "Se envía a quien escribió su email en el checkout y no terminó la compra, con las horas de espera de «Recuperar ventas». Apagalo para no enviar recordatorios. Lleva siempre la leyenda de la Ley 25.326 y el enlace para darse de baja.",
  },
  email_stock_alert: {
    title: "Email de aviso de stock",
    description:
      "Se envía una vez a cada persona que pidió «Avisame cuando haya stock», cuando el producto vuelve a tener stock. Apagalo para dejar de ofrecer y enviar avisos.",
  },
  email_template_customer: {
    title: "Email al cliente (pedido recibido)",
    description: "Se envía al cliente cuando confirma un pedido.",
  },
  email_template_admin: {
    title: "Email a la tienda (pedido nuevo)",
    description: "Se envía al email de ventas con cada pedido nuevo.",
  },
  email_template_welcome_user: {
    title: "Email de bienvenida",
    description:
      "Se envía a cada cuenta nueva: al registrarse, al crear la cuenta al comprar o cuando la tienda la crea en Clientes. Por seguridad, nunca incluye la contraseña.",
  },
  email_status_processing: {
    title: "Email al cliente: pedido en preparación",
    description: "Se envía cuando la orden pasa a Procesando (a mano, o al aprobarse su pago con Mercado Pago).",
  },
  email_status_shipped: {
    title: "Email al cliente: pedido enviado",
    description: "Se envía cuando la orden pasa a Enviado. Cargá antes el transportista y el número de seguimiento.",
  },
  email_status_delivered: {
    title: "Email al cliente: pedido entregado",
    description: "Se envía cuando la orden pasa a Entregado.",
  },
  email_status_cancelled: {
    title: "Email al cliente: pedido cancelado",
    description: "Se envía cuando la orden se cancela (a mano, o porque venció el plazo para pagarla).",
  },
};

const VARIABLE_HELP: Record<string, string> = {
  order_id: "número del pedido",
  customer_name: "nombre y apellido del cliente",
  total: "total del pedido, con formato $",
  items_html: "tabla con los productos",
  user_email: "email de la cuenta",
  status: "estado del pedido",
  carrier: "transportista",
  tracking_number: "número de seguimiento",
  tracking_url: "enlace de seguimiento (si falta, el enlace no se muestra)",
  cart_url: "enlace que recupera el carrito y lleva al checkout",
  product_name: "nombre del producto",
  product_url: "enlace al producto",
  order_url: "enlace al pedido (Mi Cuenta, o su página para quien compró sin cuenta)",
};

type PreviewData = { preview: { subject: string; html: string; text: string } | null };

/** The e-mail as it would arrive, with a sample order, refreshed a moment after each change. */
function EmailPreview({ templateKey, html, subject }: { templateKey: string; html: string; subject: string }) {
  const fetcher = useFetcher<PreviewData>();
  const { submit } = fetcher;
  const [showText, setShowText] = useState(false);
  useEffect(() => {
    const timer = setTimeout(
      () => void submit({ key: templateKey, value: html, subject }, { method: "post", action: EMAIL_PREVIEW_ACTION }),
      400,
    );
    return () => clearTimeout(timer);
  }, [submit, templateKey, html, subject]);
  const preview = fetcher.data?.preview;
  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-slate-800">Vista previa con datos de ejemplo</p>
        <button
          type="button"
          className="text-xs font-medium text-brand-700 underline underline-offset-2"
          onClick={() => setShowText((v) => !v)}
        >
          {showText ? "Ver HTML" : "Ver texto plano"}
        </button>
      </div>
      {preview ? (
        <>
          <p className="mt-1 truncate text-xs text-slate-600">
            Asunto: <span className="font-medium text-slate-900">{preview.subject}</span>
          </p>
          {showText ? (
            <pre className="mt-2 h-[28rem] overflow-auto rounded-md border border-slate-200 bg-slate-50 p-3 text-xs whitespace-pre-wrap">
              {preview.text}
            </pre>
          ) : (
            <iframe
              title={`Vista previa: ${TEMPLATES[templateKey as EmailTemplateKey]?.title ?? templateKey}`}
              srcDoc={preview.html}
              sandbox=""
              className="mt-2 h-[28rem] w-full rounded-md border border-slate-200 bg-white"
            />
          )}
        </>
      ) : (
        <p className="mt-2 flex h-[28rem] items-center justify-center rounded-md border border-dashed border-slate-300 text-sm text-slate-500">
          {fetcher.state !== "idle" ? "Generando la vista previa…" : "La vista previa aparece acá."}
        </p>
      )}
    </div>
  );
}

/**
 * One e-mail template, edited as rich text beside its preview; the server sanitizes it on save.
 * A status e-mail also has its on/off switch and its subject.
 */
export function EmailTemplateCard({
  templateKey,
  html,
  status,
}: {
  templateKey: TemplateKey;
  html: string;
  status?: Omit<StatusEmailTemplate, "html">;
}) {
  const id = useId();
  const [value, setValue] = useState(html);
  const [subject, setSubject] = useState(status?.subject ?? "");
  const { title, description } = TEMPLATES[templateKey];
  return (
    <SettingsCard
      settingKey={templateKey}
      title={title}
      description={
        <>
          <p>{description}</p>
          <p className="mt-2">Variables disponibles (se reemplazan al enviar):</p>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {TEMPLATE_VARIABLES[templateKey].map((name) => (
              <li key={name}>
                <code className="rounded bg-slate-100 px-1 py-0.5 text-xs text-slate-800">{`{{${name}}}`}</code>{" "}
                <span className="text-xs">{VARIABLE_HELP[name]}</span>
              </li>
            ))}
          </ul>
        </>
      }
      onSaved={() => setValue(html)}
    >
      {(errors) => (
        <div className="grid gap-4 xl:grid-cols-2">
          <div className="space-y-3">
            {status ? (
              <>
                <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
                  <Checkbox name="enabled" defaultChecked={status.enabled} />
                  Enviar este email
                </label>
                <InputField
                  id={`${id}-subject`}
                  label="Asunto"
                  error={errors.subject}
                  name="subject"
                  value={subject}
                  onChange={(e) => setSubject(e.currentTarget.value)}
                  maxLength={200}
                />
              </>
            ) : null}
            <RichTextEditor
              id={`${id}-editor`}
              label="Contenido"
              name="value"
              value={value}
              onChange={setValue}
              error={errors.value}
            />
          </div>
          <EmailPreview templateKey={templateKey} html={value} subject={subject} />
        </div>
      )}
    </SettingsCard>
  );
}
