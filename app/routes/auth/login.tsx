import { Form, Link, data, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { useActionResult } from "~/components/use-action-result";
import { PASSWORD_HINT } from "~/domain/password";
import { createUser } from "~/models/user.server";
import { safeRedirect } from "~/domain/safe-redirect";
import { SignInSchema, SignUpSchema } from "~/schemas/auth";
import type { ToastInput } from "~/schemas/toast";
import { authErrorMessage } from "~/utils/auth-errors";
import { getSessionUser, signInWithPassword } from "~/utils/auth.server";
import { clientAddress } from "~/utils/rate-limit.server";
import {
  TOO_MANY_ATTEMPTS,
  limitSignUpsFrom,
  signInFailedFrom,
  signInsBlockedFrom,
} from "~/utils/sign-in-throttle.server";
import { redirectWithToast, toastHeaders } from "~/utils/toast.server";
import { originFrom, seo } from "~/utils/seo";
import { parseForm, readForm } from "~/utils/request.server";
import { FormAlert, SignInField, SubmitButton } from "~/components/forms/form-status";
import type { FieldErrors } from "~/domain/field-errors";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Ingresar | Vitec",
    description: "Ingresá a tu cuenta de Vitec o creá una nueva para comprar más rápido y seguir tus pedidos.",
    path: "/login",
    origin: originFrom(matches),
  });

export async function loader({ request }: Route.LoaderArgs) {
  // Spec: a signed-in user visiting /login goes to /store.
  if (await getSessionUser(request)) throw redirect("/store");
  return null;
}

type ActionData = { mode: "login" | "signup"; errors: FieldErrors; values: Record<string, string>; toast: ToastInput };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const mode = form.get("intent") === "signup" ? "signup" : "login";
  const values = {
    email: String(form.get("email") ?? ""),
    fullName: String(form.get("fullName") ?? ""),
  };
  const fail = (errors: FieldErrors, toast: ToastInput, status: number) =>
    data<ActionData>({ mode, errors, values, toast }, { status });

  if (mode === "signup") {
    const parsed = parseForm(SignUpSchema, form);
    if (!parsed.ok) {
      const { errors } = parsed;
      return fail(errors, { type: "error", title: "Error al registrarse", description: Object.values(errors)[0] }, 400);
    }
    if (!(await limitSignUpsFrom(clientAddress(context))).allowed) {
      return fail(
        { form: TOO_MANY_ATTEMPTS },
        { type: "error", title: "Error al registrarse", description: TOO_MANY_ATTEMPTS },
        429,
      );
    }
    try {
      await createUser(parsed.data);
    } catch (error) {
      const message = authErrorMessage(error) ?? "Ocurrió un error inesperado.";
      return fail({ form: message }, { type: "error", title: "Error al registrarse", description: message }, 400);
    }
    // Spec: after registering, the screen returns to login mode.
    const params = new URLSearchParams({ email: parsed.data.email });
    const redirectTo = safeRedirect(form.get("redirectTo"), "");
    if (redirectTo) params.set("redirectTo", redirectTo);
    return redirectWithToast(`/login?${params}`, {
      type: "success",
      title: "¡Cuenta creada!",
      description: "Ya podés iniciar sesión con tu email y contraseña.",
    });
  }

  // Decided before signing in: a target that cannot be followed never costs a session (ADR 0013).
  const next = safeRedirect(form.get("redirectTo"), "/store");
  const parsed = parseForm(SignInSchema, form);
  if (!parsed.ok) {
    const { errors } = parsed;
    return fail(
      errors,
      { type: "error", title: "Error al iniciar sesión", description: Object.values(errors)[0] },
      400,
    );
  }
  if (await signInsBlockedFrom(clientAddress(context))) {
    return fail(
      { form: TOO_MANY_ATTEMPTS },
      { type: "error", title: "Error al iniciar sesión", description: TOO_MANY_ATTEMPTS },
      429,
    );
  }
  const result = await signInWithPassword(request, parsed.data.email, parsed.data.password);
  if (!result.ok) {
    if (result.status === 401) await signInFailedFrom(clientAddress(context));
    const message = result.message ?? "Credenciales incorrectas.";
    return fail(
      { form: message },
      { type: "error", title: "Error al iniciar sesión", description: message },
      result.status,
    );
  }
  const headers = result.headers;
  for (const [name, value] of await toastHeaders({ type: "success", title: "¡Bienvenido de nuevo!" })) {
    headers.append(name, value);
  }
  return redirect(next, { headers });
}

export default function Login() {
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  // The mode lives in the URL so the toggle also works without JavaScript.
  const mode = searchParams.get("mode") === "signup" ? "signup" : "login";
  const errors = actionData?.mode === mode ? actionData.errors : {};

  useActionResult(actionData, navigation.state);

  const isSignup = mode === "signup";
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-bold">{isSignup ? "Crear cuenta" : "Iniciar sesión"}</h1>
      <p className="mt-1 text-slate-600">
        {isSignup ? "Registrate para comprar más rápido y seguir tus pedidos." : "Ingresá con tu email y contraseña."}
      </p>
      <Form method="post" className="mt-6 space-y-4" noValidate key={mode}>
        <input type="hidden" name="intent" value={mode} />
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        {isSignup ? (
          <SignInField
            label="Nombre completo"
            error={errors.fullName}
            name="fullName"
            autoComplete="name"
            defaultValue={actionData?.values.fullName}
          />
        ) : null}
        <SignInField
          label="Email"
          error={errors.email}
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={actionData?.values.email || searchParams.get("email") || ""}
        />
        <SignInField
          label="Contraseña"
          error={errors.password}
          name="password"
          type="password"
          autoComplete={isSignup ? "new-password" : "current-password"}
          placeholder={PASSWORD_HINT}
        />
        {!isSignup ? (
          <p className="text-right text-sm">
            <Link to="/olvide-mi-contrasena" className="text-brand-700 hover:underline">
              ¿Olvidaste tu contraseña?
            </Link>
          </p>
        ) : null}
        <FormAlert message={errors.form} />
        <SubmitButton pendingLabel="Procesando...">{isSignup ? "Crear cuenta" : "Ingresar"}</SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-700">
        {isSignup ? "¿Ya tenés cuenta?" : "¿No tenés cuenta?"}{" "}
        <Link
          to={toggleHref(searchParams, isSignup ? "login" : "signup")}
          replace
          className="font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          {isSignup ? "Iniciá sesión" : "Registrate"}
        </Link>
      </p>
      <p className="mt-2 text-center text-sm">
        <Link to="/" className="text-slate-600 hover:underline">
          Volver a la tienda
        </Link>
      </p>
    </div>
  );
}

function toggleHref(current: URLSearchParams, mode: "login" | "signup"): string {
  const params = new URLSearchParams(current);
  params.delete("email");
  if (mode === "signup") params.set("mode", "signup");
  else params.delete("mode");
  const query = params.toString();
  return query ? `?${query}` : "?";
}
