import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useToast } from "~/components/toaster";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import type { AdminCustomer } from "~/models/admin-customers.server";
import type { CustomerActionData } from "./customer-dialog";

/** The delete confirmation names the customer's e-mail. */
export function DeleteCustomerDialog({ customer, onClose }: { customer: AdminCustomer | null; onClose: () => void }) {
  const fetcher = useFetcher<CustomerActionData>();
  const toast = useToast();
  const answered = fetcher.state === "idle" ? fetcher.data : undefined;

  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    if (!answered) return;
    toast(answered.toast);
    onCloseRef.current();
  }, [answered, toast]);

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
