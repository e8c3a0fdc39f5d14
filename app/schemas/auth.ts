import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "~/domain/password";

const email = z
  .string({ error: "Ingresá tu email." })
  .trim()
  .min(1, "Ingresá tu email.")
  .max(254, "El email es demasiado largo.")
  .email("Ingresá un email válido.")
  .transform((v) => v.toLowerCase());

const password = z
  .string({ error: "Ingresá tu contraseña." })
  .min(1, "Ingresá tu contraseña.")
  .max(128, "La contraseña es demasiado larga.");

export const SignInSchema = z.object({ email, password });

export const SignUpSchema = z.object({
  email,
  password: password.min(PASSWORD_MIN_LENGTH, `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.`),
  fullName: z
    .string({ error: "Ingresá tu nombre completo." })
    .trim()
    .min(1, "Ingresá tu nombre completo.")
    .max(120, "El nombre es demasiado largo."),
});

/** "¿Olvidaste tu contraseña?": the account's e-mail. */
export const PasswordResetRequestSchema = z.object({ email });

/** The new password, typed twice, and the link's token (checked by the auth library). */
export const PasswordResetSchema = z
  .object({
    token: z.string().max(1000).optional(),
    password: SignUpSchema.shape.password,
    confirm: z.string().optional(),
  })
  .refine((form) => form.password === form.confirm, { path: ["confirm"], message: "Las contraseñas no coinciden." });
