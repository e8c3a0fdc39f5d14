import { data } from "react-router";
import type { Route } from "./+types/settings-preview";
import { getSettings } from "~/models/settings.server";
import { EMAIL_TEMPLATE_KEYS, STATUS_EMAIL_TEMPLATE_KEYS, TEMPLATE_MAX_BYTES } from "~/schemas/settings";
import { requireAdmin } from "~/utils/auth.server";
import { type EmailPreview, previewEmail } from "~/domain/emails";
import { baseUrl } from "~/utils/env.server";
import { readForm } from "~/utils/request.server";

// POST /admin/configuracion/vista-previa: the e-mail a template (as typed, not yet saved) sends,
// filled with a sample order, in the store's layout, with its plain-text part.

const KEYS = [...EMAIL_TEMPLATE_KEYS, ...STATUS_EMAIL_TEMPLATE_KEYS] as const;
type PreviewKey = (typeof KEYS)[number];

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await readForm(request);
  const key = form.get("key");
  const html = form.get("value");
  const subject = form.get("subject");
  if (!KEYS.includes(key as PreviewKey) || typeof html !== "string" || html.length > TEMPLATE_MAX_BYTES * 2) {
    return data<{ preview: EmailPreview | null }>({ preview: null }, { status: 400 });
  }
  const settings = await getSettings(["store", "carriers"]);
  const preview = previewEmail(
    key as PreviewKey,
    { html, subject: typeof subject === "string" ? subject.slice(0, 200) : "" },
    settings,
    baseUrl(),
  );
  return data({ preview });
}
