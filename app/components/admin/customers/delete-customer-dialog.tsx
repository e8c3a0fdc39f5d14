import { useRef } from "react";
import { useActionResult } from "~/components/use-action-result";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import type { AdminCustomer } from "~/models/admin-customers.server";
import type { CustomerActionData } from "./customer-dialog";

/** The delete confirmation names the customer's e-mail. */
export function DeleteCustomerDialog({ customer, onClose }: { customer: AdminCustomer | null; onClose: () => void }) {
  const fetcher = useFetcher<CustomerActionData>();

  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useActionResult(fetcher.data, fetcher.state, () => {
    onCloseRef.current();
  });

  return (
    <ConfirmDialog
      open={customer !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      pending={fetcher.state !== "idle"}
      onConfirm={() => {
        if (customer) fetcher.submit({ intent: "delete", userId: customer.id }, { method: "post" });
      }}
    >
      <p>
        ¿Seguro que querés eliminar al cliente <strong className="break-all">{customer?.email}</strong>?
      </p>
      <p>Esta acción no se puede deshacer.</p>
    </ConfirmDialog>
  );
}
