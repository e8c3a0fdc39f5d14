import { useId, useState } from "react";
import { RichTextEditor } from "~/components/ui/rich-text-editor";
import { type EmailTemplateKey, TEMPLATE_VARIABLES } from "~/schemas/settings";
import { SettingsCard } from "./settings-card";

const TEMPLATES: Record<EmailTemplateKey, { title: string; description: string }> = {
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
    description: "Se envía a quien crea una cuenta al comprar. Por seguridad, nunca incluye la contraseña.",
  },
};

const VARIABLE_HELP: Record<string, string> = {
  order_id: "número del pedido",
  customer_name: "nombre y apellido del cliente",
  total: "total del pedido, con formato $",
  items_html: "tabla con los productos",
  user_email: "email de la cuenta",
};

/** One of the three e-mail templates, edited as rich text; the server sanitizes it on save. */
export function EmailTemplateCard({ templateKey, html }: { templateKey: EmailTemplateKey; html: string }) {
  const id = useId();
  const [value, setValue] = useState(html);
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
        <RichTextEditor
          id={`${id}-editor`}
          label="Contenido"
          name="value"
          value={value}
          onChange={setValue}
          error={errors.value}
        />
      )}
    </SettingsCard>
  );
}
