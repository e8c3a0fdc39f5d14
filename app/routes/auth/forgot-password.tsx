import { Form, Link, data, useActionData } from "react-router";
import type { Route } from "./+types/forgot-password";
import { PasswordResetRequestSchema } from "~/schemas/auth";
import { afterResponse } from "~/utils/after-response.server";
import { getAuth } from "~/utils/auth.server";
import { clientAddress, rateLimit } from "~/utils/rate-limit.server";
import { originFrom, seo } from "~/utils/seo";
import { formValues, parseForm, readForm } from "~/utils/request.server";
import { SignInField, SubmitButton } from "~/components/forms/form-status";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Olvidé mi contraseña | Vitec",
    description: "Pedí un enlace por email para restablecer la contraseña de tu cuenta de Vitec.",
    path: "/olvide-mi-contrasena",
    origin: originFrom(matches),
    noindex: true,
  });

const INVALID_EMAIL = "Ingresá un email válido.";
const SENT =
  "Si existe una cuenta con ese email, te enviamos un enlace para restablecer la contraseña. Revisá tu bandeja de entrada (y el correo no deseado).";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const email = formValues(form).email ?? "";
  const parsed = parseForm(PasswordResetRequestSchema, form);
  if (!parsed.ok) return data({ email, error: parsed.errors.email ?? INVALID_EMAIL, sent: false }, { status: 400 });
  const limit = await rateLimit(`password-reset:${clientAddress(context)}`, 5, 600);
  if (!limit.allowed) {
    return data(
      { email, error: "Demasiados intentos. Esperá unos minutos y volvé a intentar.", sent: false },
      { status: 429 },
    );
  }
  // The same answer, in the same time, whether or not the account exists: the link is made and
  // its e-mail queued after answering (ADR 0013).
  afterResponse("auth: password reset request", () =>
    getAuth().api.requestPasswordReset({ body: { email: parsed.data.email, redirectTo: "/restablecer-contrasena" } }),
  );
  return { email: parsed.data.email, error: null, sent: true };
}

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-bold">¿Olvidaste tu contraseña?</h1>
      {actionData?.sent ? (
        <p role="status" className="mt-4 rounded-md bg-green-50 p-4 text-green-800">
          {SENT}
        </p>
      ) : (
        <>
          <p className="mt-1 text-slate-600">
            Ingresá el email de tu cuenta y te enviamos un enlace para crear una nueva.
          </p>
          <Form method="post" className="mt-6 space-y-4" noValidate>
            <SignInField
              label="Email"
              error={actionData?.error ?? undefined}
              name="email"
              type="email"
              autoComplete="email"
              defaultValue={actionData?.email}
            />
            <SubmitButton pendingLabel="Enviando...">Enviar enlace</SubmitButton>
          </Form>
        </>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="text-brand-700 hover:underline">
          Volver a iniciar sesión
        </Link>
      </p>
    </div>
  );
}
