import type { ShouldRevalidateFunctionArgs } from "react-router";

/** Where Configuración's e-mail cards post a template for its preview (routes/admin/settings-preview.ts). */
export const EMAIL_PREVIEW_ACTION = "/admin/configuracion/vista-previa";

/**
 * A preview changes nothing stored: the pages on screen are not loaded again after it. Without
 * this, every e-mail card's preview reloaded root, admin layout and Configuración (nine cards, nine
 * reloads on opening the page), and a clerk's "Guardar" raced those reloads.
 */
export function skipAfterPreview({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return formAction === EMAIL_PREVIEW_ACTION ? false : defaultShouldRevalidate;
}
