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
      <FilterSelect
        name="status"
        label="Estado"
        value={status}
        allLabel="Todos"
        options={ORDER_STATUSES.map((s) => [s, ORDER_STATUS_LABELS[s]])}
      />
      <FilterSelect
        name="payment"
        label="Pago online"
        value={payment}
        allLabel="Todas las órdenes"
        options={[
          ...ORDER_PAYMENT_STATUSES.map((s): [string, string] => [s, ORDER_PAYMENT_STATUS_LABELS[s]]),
          ["flagged", "Pagos para revisar"],
        ]}
      />
      <FilterSelect
        name="withdrawal"
        label="Arrepentimiento"
        value={withdrawal}
        allLabel="Todas las órdenes"
        options={[
          ["any", "Con solicitud"],
          ["pending", "Sin atender"],
        ]}
      />
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

/** One filter of the list: choosing an option reloads the list with it (it lives in the URL). */
function FilterSelect({
  name,
  label,
  value,
  allLabel,
  options,
}: {
  name: string;
  label: string;
  value: string | undefined;
  allLabel: string;
  options: [value: string, label: string][];
}) {
  const submit = useSubmit();
  return (
    <div className="sm:w-48">
      <label htmlFor={`orders-${name}`} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <Select
        id={`orders-${name}`}
        name={name}
        defaultValue={value ?? ""}
        className="mt-1"
        onChange={(event) => submit(event.currentTarget.form)}
      >
        <option value="">{allLabel}</option>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </Select>
    </div>
  );
}
