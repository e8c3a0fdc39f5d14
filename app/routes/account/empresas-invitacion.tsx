import { Form, Link, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/empresas-invitacion";
import { Button } from "~/components/ui/button";
import { acceptInvitation, viewInvitation } from "~/models/company-members.server";
import { getSessionUser, requireUser } from "~/utils/auth.server";
import { readForm } from "~/utils/request.server";
import { originFrom, seo } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";

// [25/25] /empresas/invitacion?t=…: the link of a company's invitation (ADR 0022). A visitor
// without a session is sent to create the account (or sign in) with the invited e-mail and comes
// back here; signed in with that e-mail, "Unirme" makes them a member. The link proves the inbox
// and the session the account (app/models/company-members.server.ts).

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Invitación de empresa | Vitec",
    description: "Sumate a la cuenta de tu empresa en Vitec.",
    path: "/empresas/invitacion",
    origin: originFrom(matches),
    noindex: true,
  });

function tokenOf(request: Request): string {
  return (new URL(request.url).searchParams.get("t") ?? "").slice(0, 2000);
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = tokenOf(request);
  const invitation = await viewInvitation(token);
  const user = await getSessionUser(request);
  if (!user && invitation.ok) {
    const url = new URL(request.url);
    const params = new URLSearchParams({
      mode: "signup",
      email: invitation.email,
      redirectTo: url.pathname + url.search,
    });
    throw redirect(`/login?${params}`);
  }
  return { invitation, token, email: user?.email ?? "" };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const token = String(form.get("t") ?? "").slice(0, 2000);
  const result = await acceptInvitation(user, token);
  if (!result.ok) return data({ message: result.message }, { status: 400 });
  return redirectWithToast("/cuenta?tab=empresa", {
    type: "success",
    title: `Ya comprás para ${result.legalName}`,
  });
}

export default function CompanyInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const { invitation, token, email } = loaderData;
  const saving = useNavigation().state === "submitting";
  const message = actionData?.message ?? (invitation.ok ? null : invitation.message);
  const mismatch = invitation.ok && invitation.email !== email.toLowerCase();
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Invitación de empresa</h1>
      {message ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-700">
          {message}
        </p>
      ) : null}
      {invitation.ok ? (
        <section className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
          <p>
            Te invitaron a sumarte a <strong>{invitation.legalName}</strong> ({invitation.roleLabel.toLowerCase()}).
          </p>
          {mismatch ? (
            <p className="mt-3 text-sm text-slate-700">
              La invitación es para <strong>{invitation.email}</strong> y ingresaste como {email}. Cerrá sesión e
              ingresá (o creá tu cuenta) con ese email.
            </p>
          ) : (
            <Form method="post" className="mt-4">
              <input type="hidden" name="t" value={token} />
              <Button type="submit" disabled={saving}>
                {saving ? "Sumándote…" : `Unirme a ${invitation.legalName}`}
              </Button>
            </Form>
          )}
        </section>
      ) : (
        <p className="mt-4 text-sm">
          <Link to="/cuenta" className="text-brand-700 underline">
            Ir a Mi Cuenta
          </Link>
        </p>
      )}
    </div>
  );
}
