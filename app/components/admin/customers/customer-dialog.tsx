import { useId, useRef } from "react";
import { useActionResult } from "~/components/use-action-result";
import { useFetcher } from "react-router";
import { Dialog, DialogContent, DialogSaveActions } from "~/components/ui/dialog";
import { Field, InputField, Select } from "~/components/ui/field";
import { fieldAria } from "~/components/ui/field-error";
import { PASSWORD_HINT } from "~/domain/password";
import type { AdminCustomer } from "~/models/admin-customers.server";
import { CUSTOMER_ROLES, CUSTOMER_ROLE_LABELS } from "~/schemas/admin";
import type { ToastInput } from "~/schemas/toast";
import { FormAlert } from "~/components/forms/form-status";

/** What the customers action answers. */
export type CustomerActionData = {
  ok: boolean;
  errors?: Partial<Record<string, string>>;
  values?: Partial<Record<string, string>>;
  toast: ToastInput;
};

/**
 * "Agregar Nuevo Cliente" (with a password) or "Editar Cliente" (without one). On error the
 * dialog stays open with what was typed and each message beside its field.
 */
export function CustomerDialog({
  open,
  onOpenChange,
  customer,
  isSelf,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Null to create a new customer. */
  customer: AdminCustomer | null;
  /** The signed-in admin editing their own account: the role stays admin. */
  isSelf: boolean;
}) {
  const fetcher = useFetcher<CustomerActionData>();
  const id = useId();
  const editing = customer !== null;
  const intent = editing ? "update" : "create";
  const saving = fetcher.state !== "idle";
  const answered = fetcher.state === "idle" ? fetcher.data : undefined;

  const onOpenChangeRef = useRef(onOpenChange);
  onOpenChangeRef.current = onOpenChange;
  useActionResult(fetcher.data, fetcher.state, (answered) => {
    if (answered.ok) onOpenChangeRef.current(false);
  });

  const failed = answered && !answered.ok ? answered : undefined;
  const errors = failed?.errors ?? {};
  const values = failed?.values ?? {};
  const value = (name: string, fallback: string) => values[name] ?? fallback;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={editing ? "Editar Cliente" : "Agregar Nuevo Cliente"}>
        {/* Remounted per customer, so the fields start from that customer's data. */}
        <fetcher.Form key={customer?.id ?? "new"} method="post" noValidate className="space-y-4">
          <input type="hidden" name="intent" value={intent} />
          {editing ? <input type="hidden" name="userId" value={customer.id} /> : null}
          <InputField
            id={`${id}-fullName`}
            label="Nombre completo"
            error={errors.fullName}
            name="fullName"
            required
            autoComplete="off"
            defaultValue={value("fullName", customer?.fullName ?? "")}
          />
          <InputField
            id={`${id}-email`}
            label="Email"
            error={errors.email}
            name="email"
            type="email"
            required
            autoComplete="off"
            defaultValue={value("email", customer?.email ?? "")}
          />
          {editing ? null : (
            <InputField
              id={`${id}-password`}
              label="Contraseña"
              error={errors.password}
              hint={PASSWORD_HINT}
              name="password"
              type="password"
              required
              autoComplete="new-password"
            />
          )}
          <Field
            id={`${id}-role`}
            label="Rol"
            error={errors.role}
            hint={isSelf ? "No podés quitarte a vos mismo el rol de administrador." : undefined}
          >
            {isSelf ? <input type="hidden" name="role" value="admin" /> : null}
            <Select
              id={`${id}-role`}
              name={isSelf ? undefined : "role"}
              disabled={isSelf}
              defaultValue={value("role", customer?.role ?? "customer")}
              {...fieldAria(`${id}-role`, errors.role)}
            >
              {CUSTOMER_ROLES.map((role) => (
                <option key={role} value={role}>
                  {CUSTOMER_ROLE_LABELS[role]}
                </option>
              ))}
            </Select>
          </Field>
          <FormAlert message={errors.form} />
          <DialogSaveActions saving={saving} className="border-t border-slate-200 pt-4" />
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
