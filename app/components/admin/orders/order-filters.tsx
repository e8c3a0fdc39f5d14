import { Search } from "lucide-react";
import { Form, Link, useSubmit } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/field";
import { ORDER_STATUSES, ORDER_STATUS_LABELS, type OrderStatus } from "~/domain/order-status";
import { ORDER_PAYMENT_STATUSES, ORDER_PAYMENT_STATUS_LABELS } from "~/domain/payment";
import type { OrderPaymentFilter, OrderWithdrawalFilter } from "~/schemas/admin";

/** Status filter and customer search; both live in the URL, so a filtered list can be shared. */
export function OrderFilters({
  status,
  q,
  withdrawal,
  payment,
}: {
  status?: OrderStatus;
  q: string;
  withdrawal?: OrderWithdrawalFilter;
  payment?: OrderPaymentFilter;
}) {
  const submit = useSubmit();
  const filtered = Boolean(status || q || withdrawal || payment);
  return (
    <Form
      method="get"
      role="search"
      aria-label="Filtrar órdenes"
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <div className="flex-1">
        <label htmlFor="orders-q" className="block text-sm font-medium text-slate-800">
          Buscar por cliente o email
        </label>
        <Input
          id="orders-q"
          name="q"
          type="search"
          defaultValue={q}
          placeholder="Nombre, apellido, email o #número"
          className="mt-1"
        />
      </div>
      <div className="sm:w-48">
        <label htmlFor="orders-status" className="block text-sm font-medium text-slate-800">
          Estado
        </label>
        <Select
          id="orders-status"
          name="status"
          defaultValue={status ?? ""}
          className="mt-1"
          onChange={(event) => submit(event.currentTarget.form)}
        >
          <option value="">Todos</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {ORDER_STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
      </div>
      <div className="sm:w-48">
        <label htmlFor="orders-payment" className="block text-sm font-medium text-slate-800">
          Pago online
        </label>
        <Select
          id="orders-payment"
          name="payment"
          defaultValue={payment ?? ""}
          className="mt-1"
          onChange={(event) => submit(event.currentTarget.form)}
        >
          <option value="">Todas las órdenes</option>
          {ORDER_PAYMENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {ORDER_PAYMENT_STATUS_LABELS[s]}
            </option>
          ))}
          <option value="flagged">Pagos para revisar</option>
        </Select>
      </div>
      <div className="sm:w-48">
        <label htmlFor="orders-withdrawal" className="block text-sm font-medium text-slate-800">
          Arrepentimiento
        </label>
        <Select
          id="orders-withdrawal"
          name="withdrawal"
          defaultValue={withdrawal ?? ""}
          className="mt-1"
          onChange={(event) => submit(event.currentTarget.form)}
        >
          <option value="">Todas las órdenes</option>
          <option value="any">Con solicitud</option>
          <option value="pending">Sin atender</option>
        </Select>
      </div>
      <div className="flex gap-2">
        <Button type="submit">
          <Search aria-hidden className="size-4" /> Buscar
        </Button>
        {filtered ? (
          <Link to="/admin/ordenes" className={buttonVariants({ variant: "ghost" })}>
            Limpiar
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
