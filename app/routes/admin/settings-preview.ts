import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/settings-preview";
import { getSettings } from "~/models/settings.server";
import { EMAIL_TEMPLATE_KEYS, STATUS_EMAIL_TEMPLATE_KEYS, TEMPLATE_MAX_BYTES } from "~/schemas/settings";
import { requireAdmin } from "~/utils/auth.server";
import { type EmailPreview, previewEmail } from "~/domain/emails";
import { baseUrl } from "~/utils/env.server";
import { parseForm, readForm } from "~/utils/request.server";

// POST /admin/configuracion/vista-previa: the e-mail a template (as typed, not yet saved) sends,
// filled with a sample order, in the store's layout, with its plain-text part.

const KEYS = [...EMAIL_TEMPLATE_KEYS, ...STATUS_EMAIL_TEMPLATE_KEYS] as const;

/** The template as typed in its card (not yet saved). */
const PreviewSchema = z.object({
  key: z.enum(KEYS),
  value: z.string().max(TEMPLATE_MAX_BYTES * 2),
  subject: z
    .string()
    .optional()
    .transform((v) => (v ?? "").slice(0, 200)),
});

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const parsed = parseForm(PreviewSchema, await readForm(request));
  if (!parsed.ok) return data<{ preview: EmailPreview | null }>({ preview: null }, { status: 400 });
  const { key, value: html, subject } = parsed.data;
  const settings = await getSettings(["store", "carriers"]);
  const preview = previewEmail(key, { html, subject }, settings, baseUrl());
  return data({ preview });
}
