import type { FormType } from "~/domain/form-type";

// The enquiry forms' toasts, kept apart from their Zod schemas (./contact) so that the browser can
// say the failure toast when the server cannot be reached without downloading Zod.

export type EnquiryTexts = { title: string; description: string };

/** Spec section 8: success and failure toasts per form (said by the server, and by the browser when the server cannot be reached). */
export const ENQUIRY_TOASTS: Record<FormType, { success: EnquiryTexts; failure: EnquiryTexts }> = {
  homepage_contact: {
    success: { title: "¡Mensaje enviado!", description: "Gracias por contactarnos. Te responderemos a la brevedad." },
    failure: {
      title: "Error al enviar el mensaje",
      description: "Hubo un problema al guardar tu consulta. Por favor, intentá de nuevo.",
    },
  },
  main_contact: {
    success: { title: "¡Mensaje enviado!", description: "Gracias por contactarnos. Te responderemos a la brevedad." },
    failure: {
      title: "Error al enviar el mensaje",
      description: "Hubo un problema al guardar tu consulta. Por favor, intentá de nuevo.",
    },
  },
  b2b_contact: {
    success: {
      title: "¡Consulta enviada!",
      description: "Un asesor comercial se va a comunicar con vos a la brevedad.",
    },
    failure: {
      title: "Error al enviar la consulta",
      description: "Hubo un problema al guardar tu consulta. Por favor, intentá de nuevo.",
    },
  },
  soluciones_inteligentes: {
    success: {
      title: "¡Consultoría solicitada!",
      description: "Un especialista se va a comunicar con vos para coordinar el diagnóstico.",
    },
    failure: {
      title: "Error al enviar la solicitud",
      description: "Hubo un problema al procesar tu pedido. Por favor, intentá de nuevo o contactanos por WhatsApp.",
    },
  },
};
