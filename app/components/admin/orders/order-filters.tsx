import { Download, Search } from "lucide-react";
import { Form, Link, useSubmit } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input, InputField, Select } from "~/components/ui/field";
import { ORDER_STATUSES, ORDER_STATUS_LABELS } from "~/domain/order-status";
import { ORDER_PAYMENT_STATUSES, ORDER_PAYMENT_STATUS_LABELS } from "~/domain/payment";
import type { OrderListQuery } from "~/schemas/admin";

const FILTERS = ["q", "status", "payment", "withdrawal", "factura", "desde", "hasta"] as const;

/** Whether the list is narrowed by any filter (its empty state then says nothing matches). */
export function hasOrderFilters(query: OrderListQuery): boolean {
  return FILTERS.some((key) => Boolean(query[key]));
}

/** The export of what the list shows: its filters, without the page. */
function exportHref(query: OrderListQuery): string {
  const params = new URLSearchParams();
  for (const key of FILTERS) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  return `/admin/ordenes/exportar${params.size ? `?${params}` : ""}`;
}

/**
 * Search (number, customer, e-mail, CUIT), status, payment, withdrawal and date filters; they
 * live in the URL, so a filtered list can be shared, and "Exportar CSV" exports exactly it.
 */
export function OrderFilters({ query, canExport }: { query: OrderListQuery; canExport: boolean }) {
  const { status, q, withdrawal, payment, factura, desde, hasta } = query;
  const filtered = hasOrderFilters(query);
  return (
    <Form
      method="get"
      role="search"
      aria-label="Filtrar órdenes"
      className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
    >
      {/* The chosen page size stays when filtering. */}
      {query.size !== 20 ? <input type="hidden" name="size" value={query.size} /> : null}
      <div className="min-w-60 flex-1">
        <label htmlFor="orders-q" className="block text-sm font-medium text-slate-800">
          Buscar por número, cliente, email o CUIT
        </label>
        <Input
          id="orders-q"
          name="q"
          type="search"
          defaultValue={q}
          placeholder="#1a2b3c4d, nombre, email o CUIT"
          className="mt-1"
        />
      </div>
      <div className="flex gap-3">
        <InputField id="orders-desde" label="Desde" name="desde" type="date" defaultValue={desde ?? ""} />
        <InputField id="orders-hasta" label="Hasta" name="hasta" type="date" defaultValue={hasta ?? ""} />
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
      <FilterSelect
        name="factura"
        label="Factura"
        value={factura}
        allLabel="Todas las órdenes"
        options={[["sin", "Sin facturar"]]}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit">
          <Search aria-hidden className="size-4" /> Buscar
        </Button>
        {filtered ? (
          <Link to="/admin/ordenes" className={buttonVariants({ variant: "ghost" })}>
            Limpiar
          </Link>
        ) : null}
        {canExport ? (
          <a href={exportHref(query)} download className={buttonVariants({ variant: "outline" })}>
            <Download aria-hidden className="size-4" /> Exportar CSV
          </a>
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
