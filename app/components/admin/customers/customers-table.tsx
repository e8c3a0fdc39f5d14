import { RowActionButton } from "~/components/admin/row-action-button";
import { TD, THeadRow, TR, Table } from "~/components/ui/table";
import type { AdminCustomer } from "~/models/admin-customers.server";
import { CUSTOMER_ROLE_LABELS } from "~/schemas/admin";
import { cn } from "~/utils/cn";

/** Nombre (or N/A), Email, Rol, Registrado, Último Acceso (or Nunca), Acciones. */
export function CustomersTable({
  customers,
  currentUserId,
  onEdit,
  onDelete,
}: {
  customers: AdminCustomer[];
  currentUserId: string;
  onEdit: (customer: AdminCustomer) => void;
  onDelete: (customer: AdminCustomer) => void;
}) {
  return (
    <Table caption="Clientes, del registro más nuevo al más antiguo">
      <THeadRow
        columns={[
          "Nombre",
          "Email",
          "Rol",
          ["Registrado", "hidden md:table-cell"],
          ["Último Acceso", "hidden md:table-cell"],
          "Acciones",
        ]}
      />
      <tbody>
        {customers.map((customer) => {
          const self = customer.id === currentUserId;
          const name = customer.fullName ?? "N/A";
          return (
            <TR key={customer.id}>
              <TD className={cn("font-medium", !customer.fullName && "text-slate-500")}>
                {name}
                {self ? <span className="ml-1 text-xs font-normal text-slate-500">(vos)</span> : null}
              </TD>
              <TD>
                <span className="break-all md:break-normal md:whitespace-nowrap">{customer.email}</span>
                <span className="block text-xs text-slate-500 md:hidden">
                  Registrado: {customer.createdAtLabel} · Último Acceso: {customer.lastSignInLabel ?? "Nunca"}
                </span>
              </TD>
              <TD>
                <span
                  className={cn(
                    "inline-flex rounded-full px-2 py-0.5 text-xs font-semibold",
                    customer.role === "admin" ? "bg-brand-100 text-brand-900" : "bg-slate-100 text-slate-700",
                  )}
                >
                  {CUSTOMER_ROLE_LABELS[customer.role]}
                </span>
              </TD>
              <TD className="hidden whitespace-nowrap text-slate-600 md:table-cell">
                <time dateTime={customer.createdAt}>{customer.createdAtLabel}</time>
              </TD>
              <TD className="hidden whitespace-nowrap text-slate-600 md:table-cell">
                {customer.lastSignInAt ? (
                  <time dateTime={customer.lastSignInAt}>{customer.lastSignInLabel}</time>
                ) : (
                  "Nunca"
                )}
              </TD>
              <TD>
                <div className="flex gap-1">
                  <RowActionButton
                    action="edit"
                    text="sm"
                    label={`Editar a ${customer.email}`}
                    onClick={() => onEdit(customer)}
                  />
                  <RowActionButton
                    action="delete"
                    text="sm"
                    label={`Eliminar a ${customer.email}`}
                    disabled={self}
                    title={self ? "No podés eliminar tu propia cuenta." : undefined}
                    onClick={() => onDelete(customer)}
                  />
                </div>
              </TD>
            </TR>
          );
        })}
      </tbody>
    </Table>
  );
}
