import { Form, data, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { useActionResult } from "~/components/use-action-result";
import { safeRedirect } from "~/domain/safe-redirect";
import { SignInSchema } from "~/schemas/auth";
import type { ToastInput } from "~/schemas/toast";
import { getSessionUser, signInWithPassword, signOut } from "~/utils/auth.server";
import { clientAddress } from "~/utils/rate-limit.server";
import { TOO_MANY_ATTEMPTS, signInFailedFrom, signInsBlockedFrom } from "~/utils/sign-in-throttle.server";
import { toastHeaders } from "~/utils/toast.server";
import { formValues, parseForm, readForm } from "~/utils/request.server";
import { FormAlert, SignInField, SubmitButton } from "~/components/forms/form-status";

export const meta: Route.MetaFunction = () => [
  { title: "Acceso administradores | Vitec" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (user?.role === "admin") throw redirect("/admin/dashboard");
  return null;
}

const NOT_ADMIN = "Esta cuenta no tiene acceso de administrador.";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const email = formValues(form).email ?? "";
  const fail = (message: string, status: number) =>
    data(
      {
        email,
        message,
        toast: { type: "error", title: "Error al iniciar sesión", description: message } as ToastInput,
      },
      { status },
    );

  // Decided before signing in: a target that cannot be followed never costs a session (ADR 0013).
  const next = safeRedirect(form.get("redirectTo"), "/admin/dashboard");
  const parsed = parseForm(SignInSchema, form);
  if (!parsed.ok) return fail(Object.values(parsed.errors)[0] ?? "Revisá el usuario y la contraseña.", 400);
  if (await signInsBlockedFrom(clientAddress(context))) return fail(TOO_MANY_ATTEMPTS, 429);

  const result = await signInWithPassword(request, parsed.data.email, parsed.data.password);
  if (!result.ok) {
    if (result.status === 401) await signInFailedFrom(clientAddress(context));
    return fail(result.message ?? "Revisá el usuario y la contraseña.", result.status);
  }
  if (result.user.role !== "admin") {
    // A customer's correct password opens no admin session: end the one just created.
    const cookie = result.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    await signOut(new Request(request.url, { headers: { cookie } }));
    return fail(NOT_ADMIN, 403);
  }
  const headers = result.headers;
  for (const [name, value] of await toastHeaders({ type: "success", title: "¡Bienvenido, Admin!" }))
    headers.append(name, value);
  return redirect(next, { headers });
}

export default function AdminLogin() {
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  useActionResult(actionData, useNavigation().state);

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <div className="w-full max-w-sm rounded-xl bg-white p-8 shadow-md">
        <p className="text-center text-2xl font-extrabold text-brand-700">Vitec</p>
        <h1 className="mt-2 text-center text-xl font-bold">Panel de administración</h1>
        <p className="mt-1 text-center text-sm text-slate-600">Acceso exclusivo para administradores</p>
        <Form method="post" className="mt-6 space-y-4">
          <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
          <SignInField
            label="Email"
            name="email"
            type="email"
            autoComplete="username"
            defaultValue={actionData?.email}
          />
          <SignInField label="Contraseña" name="password" type="password" autoComplete="current-password" />
          <FormAlert message={actionData?.message} />
          <SubmitButton pendingLabel="Ingresando...">Ingresar</SubmitButton>
        </Form>
      </div>
    </main>
  );
}
