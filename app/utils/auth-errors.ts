// better-auth answers in English with a code; shoppers read Spanish.
const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: "Email o contraseña incorrectos.",
  USER_ALREADY_EXISTS: "Ya existe una cuenta con ese email.",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "Ya existe una cuenta con ese email.",
  PASSWORD_TOO_SHORT: "La contraseña es demasiado corta.",
  PASSWORD_TOO_LONG: "La contraseña es demasiado larga.",
  INVALID_EMAIL: "Ingresá un email válido.",
  BANNED_USER: "Tu cuenta está suspendida. Contactanos para más información.",
  TOO_MANY_REQUESTS: "Demasiados intentos. Esperá un momento y volvé a intentar.",
};

export function authErrorMessage(error: unknown): string | null {
  const body = (error as { body?: { code?: string } } | null)?.body;
  if (body?.code && MESSAGES[body.code]) return MESSAGES[body.code] ?? null;
  const status = (error as { statusCode?: number } | null)?.statusCode;
  if (status === 429) return MESSAGES.TOO_MANY_REQUESTS ?? null;
  return null;
}
