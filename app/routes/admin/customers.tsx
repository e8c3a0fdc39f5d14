import { Plus, Search } from "lucide-react";
import { useCallback, useState } from "react";
import { Form, data } from "react-router";
import { useActionResult } from "~/components/use-action-result";
import { loadFailedToast } from "~/schemas/toast";
import type { Route } from "./+types/customers";
import { ListState } from "~/components/admin/list-state";
import { Pagination } from "~/components/admin/orders/pagination";
import { type CustomerActionData, CustomerDialog } from "~/components/admin/customers/customer-dialog";
import { CustomersTable } from "~/components/admin/customers/customers-table";
import { DeleteCustomerDialog } from "~/components/admin/customers/delete-customer-dialog";
import { Button } from "~/components/ui/button";
import { InputField } from "~/components/ui/field";
import {
  type AdminCustomer,
  CUSTOMER_DELETE_ERROR,
  type CustomerResult,
  CUSTOMER_SAVE_ERROR,
  createCustomer,
  deleteCustomer,
  listCustomers,
  updateCustomer,
} from "~/models/admin-customers.server";
import {
  CustomerCreateSchema,
  CustomerDeleteSchema,
  CustomerListQuerySchema,
  CustomerUpdateSchema,
} from "~/schemas/admin";
import { requireAdmin } from "~/utils/auth.server";
import { echoFields, parseForm, readForm } from "~/utils/request.server";
import type { FieldErrors } from "~/domain/field-errors";

export const meta: Route.MetaFunction = () => [{ title: "Clientes | Admin Vitec" }];

const LOAD_ERROR = "No se pudieron cargar los clientes.";

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const query = CustomerListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  try {
    return {
      list: await listCustomers({ headers: request.headers }, query),
      query,
      currentUserId: admin.id,
      error: null,
      toast: null,
    };
  } catch (error) {
    console.error("[admin customers] list failed:", error);
    return {
      list: null,
      query,
      currentUserId: admin.id,
      error: LOAD_ERROR,
      toast: loadFailedToast(LOAD_ERROR),
    };
  }
}

function answer(body: CustomerActionData, status = 200) {
  return data(body, { status });
}

/** Submitted text fields, sent back on error so nothing typed is lost (never the password). */
const echo = (form: FormData) => echoFields(form, ["fullName", "email", "role"], 300);

function invalid(errors: FieldErrors, form: FormData) {
  const description = Object.values(errors)[0] ?? CUSTOMER_SAVE_ERROR;
  return answer({ ok: false, errors, values: echo(form), toast: { type: "error", title: "Error", description } }, 400);
}

function saved(result: CustomerResult<unknown>, title: string, form: FormData) {
  if (result.ok) return answer({ ok: true, toast: { type: "success", title } });
  return answer(
    {
      ok: false,
      errors: { [result.field ?? "form"]: result.message },
      values: echo(form),
      toast: { type: "error", title: "Error", description: result.message },
    },
    400,
  );
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  const actor = { headers: request.headers, userId: admin.id, email: admin.email };

  switch (form.get("intent")) {
    case "create": {
      const parsed = parseForm(CustomerCreateSchema, form);
      if (!parsed.ok) return invalid(parsed.errors, form);
      return saved(await createCustomer(actor, parsed.data), "Cliente creado con éxito.", form);
    }
    case "update": {
      const parsed = parseForm(CustomerUpdateSchema, form);
      if (!parsed.ok) return invalid(parsed.errors, form);
      return saved(await updateCustomer(actor, parsed.data), "Cliente actualizado con éxito.", form);
    }
    case "delete": {
      const parsed = parseForm(CustomerDeleteSchema, form);
      const result = parsed.ok
        ? await deleteCustomer(actor, parsed.data.userId)
        : { ok: false as const, message: CUSTOMER_DELETE_ERROR };
      if (!result.ok)
        return answer({ ok: false, toast: { type: "error", title: "Error", description: result.message } }, 400);
      return answer({ ok: true, toast: { type: "success", title: "Cliente eliminado correctamente." } });
    }
    default:
      return answer({ ok: false, toast: { type: "error", title: "Error", description: "Acción desconocida." } }, 400);
  }
}

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { list, query, currentUserId, error } = loaderData;
  const [dialog, setDialog] = useState<{ open: boolean; customer: AdminCustomer | null; key: number }>({
    open: false,
    customer: null,
    key: 0,
  });
  const [deleting, setDeleting] = useState<AdminCustomer | null>(null);

  useActionResult(loaderData, "idle");

  const openDialog = (customer: AdminCustomer | null) => setDialog((d) => ({ open: true, customer, key: d.key + 1 }));
  const setOpen = useCallback((open: boolean) => setDialog((d) => ({ ...d, open })), []);
  const closeDelete = useCallback(() => setDeleting(null), []);

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Clientes</h1>
        <Button onClick={() => openDialog(null)}>
          <Plus aria-hidden className="size-4" /> Agregar Cliente
        </Button>
      </div>
      <Form
        method="get"
        role="search"
        aria-label="Buscar clientes"
        className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end"
      >
        <InputField
          id="customers-q"
          label="Buscar por email"
          name="q"
          type="search"
          defaultValue={query.q}
          className="flex-1 sm:max-w-sm"
        />
        <Button type="submit" variant="outline">
          <Search aria-hidden className="size-4" /> Buscar
        </Button>
      </Form>
      <ListState
        className="mt-6"
        data={list}
        error={error}
        isEmpty={(list) => list.customers.length === 0}
        emptyText={query.q ? "No hay clientes que coincidan con la búsqueda." : "No hay clientes registrados."}
      >
        {(list) => (
          <>
            <CustomersTable
              customers={list.customers}
              currentUserId={currentUserId}
              onEdit={openDialog}
              onDelete={setDeleting}
            />
            <Pagination
              page={list.page}
              pageCount={list.pageCount}
              total={list.total}
              noun={list.total === 1 ? "cliente" : "clientes"}
            />
          </>
        )}
      </ListState>
      <CustomerDialog
        key={dialog.key}
        open={dialog.open}
        onOpenChange={setOpen}
        customer={dialog.customer}
        isSelf={dialog.customer?.id === currentUserId}
      />
      <DeleteCustomerDialog customer={deleting} onClose={closeDelete} />
    </div>
  );
}
