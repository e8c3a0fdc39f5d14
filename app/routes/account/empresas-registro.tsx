import { Form, Link, data, useNavigation } from "react-router";
import type { Route } from "./+types/empresas-registro";
import { Button } from "~/components/ui/button";
import { COMPANY_FIELDS, type CompanyFieldName, CompanyFields } from "~/components/business/company-fields";
import { getMemberCompany, registerCompany } from "~/models/companies.server";
import { CompanyRegistrationSchema } from "~/schemas/business";
import { requireUser } from "~/utils/auth.server";
import { echoFields, parseForm, readForm } from "~/utils/request.server";
import { originFrom, seo } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";

// [25/25] /empresas/registro: a signed-in customer registers their company (ADR 0022). It waits
// for staff's review in Admin > Empresas; the page then shows where the request stands.

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Registrá tu empresa | Vitec",
    description: "Creá la cuenta de tu empresa en Vitec para comprar con precios de empresa y factura A.",
    path: "/empresas/registro",
    origin: originFrom(matches),
    noindex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { user: { name: user.name, email: user.email }, company: await getMemberCompany(user.id) };
}

type ActionData = { errors: Record<string, string>; values: Record<CompanyFieldName, string> };

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const values = echoFields(form, COMPANY_FIELDS, 200);
  const parsed = parseForm(CompanyRegistrationSchema, form);
  if (!parsed.ok) return data<ActionData>({ errors: parsed.errors, values }, { status: 400 });
  const result = await registerCompany(user, parsed.data);
  if (!result.ok) return data<ActionData>({ errors: result.errors, values }, { status: 400 });
  return redirectWithToast("/empresas/registro", {
    type: "success",
    title: "Recibimos la solicitud de tu empresa",
    description: "La revisamos y en esta página vas a ver cuando esté aprobada.",
  });
}

const STATUS_TEXT = {
  pending: "Estamos revisando la solicitud. Cuando la aprobemos, lo vas a ver en esta página.",
  approved: "Tu empresa está aprobada.",
  rejected: "No pudimos aprobar la solicitud. Escribinos desde Contacto si querés que la revisemos de nuevo.",
} as const;

export default function CompanyRegistration({ loaderData, actionData }: Route.ComponentProps) {
  const { user, company } = loaderData;
  const saving = useNavigation().state === "submitting";
  if (company) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-8">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Tu empresa</h1>
        <section aria-label="Estado de la empresa" className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
          <p className="text-lg font-semibold">{company.legalName}</p>
          <p className="text-sm text-slate-600">CUIT {company.cuit}</p>
          <p className="mt-3 text-sm">
            Estado: <strong>{company.statusLabel}</strong>
            {company.status === "approved" && company.groupName ? ` · ${company.groupName}` : null}
          </p>
          <p className="mt-2 text-sm text-slate-700">{STATUS_TEXT[company.status]}</p>
        </section>
      </div>
    );
  }
  const errors = actionData?.errors ?? {};
  const typed = actionData?.values;
  const defaults: Partial<Record<CompanyFieldName, string>> = { contactName: user.name, contactEmail: user.email };
  const value = (name: CompanyFieldName) => typed?.[name] ?? defaults[name] ?? "";
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Registrá tu empresa</h1>
      <p className="mt-2 text-slate-600">
        Con la cuenta de tu empresa comprás con precios de empresa y factura A o B. Revisamos cada solicitud antes de
        aprobarla. ¿Preferís que te contactemos? Escribinos desde{" "}
        <Link to="/empresas" className="text-brand-700 underline">
          Empresas
        </Link>
        .
      </p>
      <Form
        method="post"
        noValidate
        className="mt-6 grid gap-4 rounded-xl border border-slate-200 bg-white p-5 sm:grid-cols-2"
      >
        <CompanyFields errors={errors} value={value} />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={saving}>
            {saving ? "Enviando…" : "Enviar solicitud"}
          </Button>
        </div>
      </Form>
    </div>
  );
}
