import { data, useLocation, useNavigate } from "react-router";
import { useActionResult } from "~/components/use-action-result";
import { loadFailedToast } from "~/schemas/toast";
import type { Route } from "./+types/enquiries";
import { AdminPage } from "~/components/admin/admin-page";
import { ListState } from "~/components/admin/list-state";
import { Pagination } from "~/components/admin/orders/pagination";
import { EnquiriesTable } from "~/components/admin/enquiries/enquiries-table";
import { type EnquiryActionData, EnquiryDialog } from "~/components/admin/enquiries/enquiry-dialog";
import { EnquiryFilters } from "~/components/admin/enquiries/enquiry-filters";
import { getEnquiry, listEnquiries, setEnquiryHandled } from "~/models/enquiries.server";
import { EnquiryHandledSchema, EnquiryListQuerySchema } from "~/schemas/admin";
import { requireAdmin } from "~/utils/auth.server";
import { parseForm, readForm } from "~/utils/request.server";

export const meta: Route.MetaFunction = () => [{ title: "Consultas | Admin Vitec" }];

const LOAD_ERROR = "No se pudieron cargar las consultas.";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const query = EnquiryListQuerySchema.parse(Object.fromEntries(params));
  const id = params.get("id");
  try {
    const [list, enquiry] = await Promise.all([listEnquiries(query), id ? getEnquiry(id) : null]);
    return { list, enquiry, query, error: null, toast: null };
  } catch (error) {
    console.error("[admin enquiries] list failed:", error);
    return { list: null, enquiry: null, query, error: LOAD_ERROR, toast: loadFailedToast(LOAD_ERROR) };
  }
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const parsed = parseForm(EnquiryHandledSchema, await readForm(request));
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

export default function AdminEnquiries({ loaderData }: Route.ComponentProps) {
  const { list, enquiry, query, error } = loaderData;
  const navigate = useNavigate();
  const location = useLocation();

  useActionResult(loaderData, "idle");

  const closeEnquiry = () => {
    const params = new URLSearchParams(location.search);
    params.delete("id");
    const search = params.toString();
    navigate(search ? `?${search}` : location.pathname, { preventScrollReset: true });
  };

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
      {enquiry ? <EnquiryDialog key={enquiry.id} enquiry={enquiry} onClose={closeEnquiry} /> : null}
    </AdminPage>
  );
}
