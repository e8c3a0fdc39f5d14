import type { ShouldRevalidateFunctionArgs } from "react-router";

/** Where Configuración's e-mail cards post a template for its preview (routes/admin/settings-preview.ts). */
export const EMAIL_PREVIEW_ACTION = "/admin/configuracion/vista-previa";

// Whether a save's reload of the pages on screen may still be owed: React Router cancels a reload
// in flight when another form is submitted (a preview, as the page opens) and asks this function
// again with that submission; the save's reload must then still happen.
let reloadOwed = false;

/**
 * A preview changes nothing stored: the pages on screen are not loaded again after it (nine e-mail
 * cards post their previews as Configuración opens; reloading after each raced a clerk's
 * "Guardar"), unless it interrupted the reload a save started.
 */
export function skipAfterPreview({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  if (formAction !== EMAIL_PREVIEW_ACTION) {
    if (defaultShouldRevalidate && formAction) reloadOwed = true;
    return defaultShouldRevalidate;
  }
  return reloadOwed;
}

/** Configuración has its data again: no save's reload is owed any more. */
export function reloadArrived(): void {
  reloadOwed = false;
}
