import { data, useLocation, useNavigate } from "react-router";
import type { ConvertAnswer } from "~/components/admin/enquiries/convert-enquiry-form";
import { useActionResult } from "~/components/use-action-result";
import { loadFailedToast } from "~/schemas/toast";
import type { Route } from "./+types/enquiries";
import { AdminPage } from "~/components/admin/admin-page";
import { ListState } from "~/components/admin/list-state";
import { Pagination } from "~/components/admin/orders/pagination";
import { EnquiriesTable } from "~/components/admin/enquiries/enquiries-table";
import { type EnquiryActionData, EnquiryDialog } from "~/components/admin/enquiries/enquiry-dialog";
import { EnquiryFilters } from "~/components/admin/enquiries/enquiry-filters";
import { listCustomerGroups } from "~/models/companies.server";
import { convertEnquiry, getEnquiry, listEnquiries, setEnquiryHandled } from "~/models/enquiries.server";
import { EnquiryHandledSchema, EnquiryListQuerySchema } from "~/schemas/admin";
import { CompanyConversionSchema } from "~/schemas/business";
import { COMPANY_FIELDS } from "~/components/business/company-fields";
import { requireAdmin } from "~/utils/auth.server";
import { echoFields, parseForm, readForm } from "~/utils/request.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "Consultas | Admin Vitec" }];

const LOAD_ERROR = "No se pudieron cargar las consultas.";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const query = EnquiryListQuerySchema.parse(Object.fromEntries(params));
  const id = params.get("id");
  // "Crear empresa" (?convertir=1): the conversion form needs the customer groups.
  const converting = id !== null && params.get("convertir") === "1";
  try {
    const [list, enquiry, groups] = await Promise.all([
      listEnquiries(query),
      id ? getEnquiry(id) : null,
      converting ? listCustomerGroups() : null,
    ]);
    return { list, enquiry, groups, query, error: null, toast: null };
  } catch (error) {
    console.error("[admin enquiries] list failed:", error);
    return { list: null, enquiry: null, groups: null, query, error: LOAD_ERROR, toast: loadFailedToast(LOAD_ERROR) };
  }
}

const CONVERSION_FIELDS = [...COMPANY_FIELDS, "status", "groupId"] as const;

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  if (form.get("intent") === "convert") {
    const values = echoFields(form, CONVERSION_FIELDS, 200);
    const parsed = parseForm(CompanyConversionSchema, form);
    if (!parsed.ok) return data<ConvertAnswer>({ errors: parsed.errors, values }, { status: 400 });
    const result = await convertEnquiry({ id: admin.id, email: admin.email }, parsed.data);
    if (!result.ok) return data<ConvertAnswer>({ errors: result.errors, values }, { status: 400 });
    const contact =
      result.contact === "member"
        ? `${parsed.data.contactEmail} ya puede administrarla desde Mi Cuenta.`
        : result.contact === "invited"
          ? `Le mandamos a ${parsed.data.contactEmail} una invitación para crear su cuenta.`
          : `No sumamos al contacto: ${result.contact.refused}`;
    return redirectWithToast(`/admin/empresas?revisar=${result.id}`, {
      type: result.contact === "member" || result.contact === "invited" ? "success" : "info",
      title: `Empresa ${result.legalName} creada`,
      description: contact,
    });
  }
  const parsed = parseForm(EnquiryHandledSchema, form);
  if (!parsed.ok) {
    return data<EnquiryActionData>(
      { ok: false, toast: { type: "error", title: "Error", description: "Acción desconocida." } },
      { status: 400 },
    );
  }
  const { intent, id } = parsed.data;
  const handled = intent === "mark-handled";
  if (!(await setEnquiryHandled(id, handled))) {
    return data<EnquiryActionData>(
      { ok: false, toast: { type: "error", title: "Error", description: "No encontramos la consulta." } },
      { status: 404 },
    );
  }
  return data<EnquiryActionData>({
    ok: true,
    toast: { type: "success", title: handled ? "Consulta marcada como atendida." : "Consulta marcada como pendiente." },
  });
}

export default function AdminEnquiries({ loaderData, actionData }: Route.ComponentProps) {
  const { list, enquiry, groups, query, error } = loaderData;
  const navigate = useNavigate();
  const location = useLocation();

  useActionResult(loaderData, "idle");

  const withParams = (change: (params: URLSearchParams) => void) => {
    const params = new URLSearchParams(location.search);
    change(params);
    const search = params.toString();
    return search ? `?${search}` : location.pathname;
  };
  const closeEnquiry = () =>
    navigate(
      withParams((p) => {
        p.delete("id");
        p.delete("convertir");
      }),
      { preventScrollReset: true },
    );
  const answer = actionData && "values" in actionData ? (actionData as ConvertAnswer) : undefined;

  return (
    <AdminPage
      title="Consultas"
      intro={
        <>
          Mensajes de los formularios de contacto, empresas y Soluciones Inteligentes.
          {list ? ` ${list.pending === 1 ? "1 pendiente" : `${list.pending} pendientes`}.` : null}
        </>
      }
    >
      <div className="mt-4">
        <EnquiryFilters formType={query.formType} state={query.state} />
      </div>
      <ListState
        className="mt-6"
        data={list}
        error={error}
        isEmpty={(list) => list.enquiries.length === 0}
        emptyText={
          query.formType || query.state ? "No hay consultas con esos filtros." : "No hay consultas registradas."
        }
      >
        {(list) => (
          <>
            <EnquiriesTable enquiries={list.enquiries} />
            <Pagination
              page={list.page}
              pageCount={list.pageCount}
              total={list.total}
              noun={list.total === 1 ? "consulta" : "consultas"}
            />
          </>
        )}
      </ListState>
      {enquiry ? (
        <EnquiryDialog
          key={enquiry.id}
          enquiry={enquiry}
          onClose={closeEnquiry}
          conversion={{
            openTo: withParams((p) => p.set("convertir", "1")),
            closeTo: withParams((p) => p.delete("convertir")),
            form: groups && !enquiry.company ? { groups, answer } : null,
          }}
        />
      ) : null}
    </AdminPage>
  );
}
