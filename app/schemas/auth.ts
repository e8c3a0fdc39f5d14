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
