import { Form, Link, data, useActionData, useSearchParams } from "react-router";
import type { Route } from "./+types/reset-password";
import { PASSWORD_HINT } from "~/domain/password";
import { PasswordResetSchema } from "~/schemas/auth";
import { getAuth } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { originFrom, seo } from "~/utils/seo";
import { parseForm, readForm } from "~/utils/request.server";
import { FormAlert, SignInField, SubmitButton } from "~/components/forms/form-status";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Nueva contraseña | Vitec",
    description: "Elegí una nueva contraseña para tu cuenta de Vitec con el enlace que te enviamos por email.",
    path: "/restablecer-contrasena",
    origin: originFrom(matches),
    noindex: true,
  });

const EXPIRED = "El enlace no es válido o venció. Pedí uno nuevo.";

export async function action({ request }: Route.ActionArgs) {
  const parsed = parseForm(PasswordResetSchema, await readForm(request));
  if (!parsed.ok) return data({ error: Object.values(parsed.errors)[0] ?? EXPIRED }, { status: 400 });
  const { token, password } = parsed.data;
  if (!token) return data({ error: EXPIRED }, { status: 400 });
  try {
    await getAuth().api.resetPassword({ body: { newPassword: password, token } });
  } catch {
    return data({ error: EXPIRED }, { status: 400 });
  }
  return redirectWithToast("/login", {
    type: "success",
    title: "Contraseña actualizada",
    description: "Ya podés iniciar sesión con tu nueva contraseña.",
  });
}

export default function ResetPassword() {
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-bold">Elegí una nueva contraseña</h1>
      {!token || params.get("error") ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-4 text-red-700">
          {EXPIRED}{" "}
          <Link to="/olvide-mi-contrasena" className="font-semibold underline">
            Pedir un enlace nuevo
          </Link>
        </p>
      ) : (
        <Form method="post" className="mt-6 space-y-4" noValidate>
          <input type="hidden" name="token" value={token} />
          <SignInField
            label="Nueva contraseña"
            name="password"
            type="password"
            autoComplete="new-password"
            placeholder={PASSWORD_HINT}
          />
          <SignInField label="Repetí la contraseña" name="confirm" type="password" autoComplete="new-password" />
          <FormAlert message={actionData?.error} />
          <SubmitButton pendingLabel="Guardando...">Guardar contraseña</SubmitButton>
        </Form>
      )}
    </div>
  );
}
