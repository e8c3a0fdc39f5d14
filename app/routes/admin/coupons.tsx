import { ListState } from "~/components/admin/list-state";
import { Form, Link, data } from "react-router";
import type { Route } from "./+types/coupons";
import { Button, buttonVariants } from "~/components/ui/button";
import { SaveOrCancel } from "~/components/ui/inline-form";
import { Checkbox } from "~/components/ui/checkbox";
import { Field, FormError, InputField, Select, TextareaField } from "~/components/ui/field";
import { TD, TH, THead, TR, Table } from "~/components/ui/table";
import { formatARS } from "~/domain/money";
import { type AdminCoupon, listCoupons, saveCoupon, setCouponActive } from "~/models/admin-coupons.server";
import { listCategories } from "~/models/catalog.server";
import { formatDecimalInput } from "~/schemas/amount";
import { COUPON_FORM_LISTS, CouponFormSchema, CouponToggleSchema } from "~/schemas/coupon";
import { requireAdmin } from "~/utils/auth.server";
import { formValues, parseForm, readForm } from "~/utils/request.server";
import { redirectWithToast } from "~/utils/toast.server";

// Admin > Cupones: the store's coupons with their uses so far; "Nuevo cupón" and "Editar" open
// the form above the list (?editar=nuevo or ?editar=<id>); each row can be turned on or off.

export const meta: Route.MetaFunction = () => [{ title: "Cupones | Admin Vitec" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const editing = new URL(request.url).searchParams.get("editar");
  const [list, categories] = await Promise.all([listCoupons(), listCategories()]);
  const coupon = editing && editing !== "nuevo" ? (list.find((c) => c.id === editing) ?? null) : null;
  return { list, categories, editing: editing === "nuevo" || coupon ? editing : null, coupon };
}

type ActionData = { errors: Record<string, string>; values: Record<string, string | string[]> };

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "toggle") {
    const parsed = parseForm(CouponToggleSchema, form);
    const active = parsed.ok && parsed.data.active;
    if (!parsed.ok || !(await setCouponActive(admin, parsed.data.id, active))) {
      throw data("No encontramos el cupón.", { status: 404 });
    }
    return redirectWithToast("/admin/cupones", {
      type: "success",
      title: active ? "Cupón activado" : "Cupón desactivado",
    });
  }
  if (intent !== "save") throw data("Acción desconocida.", { status: 400 });
  const values: ActionData["values"] = {
    ...formValues(form),
    categoryIds: form.getAll("categoryIds").filter((v): v is string => typeof v === "string"),
  };
  const parsed = parseForm(CouponFormSchema, form, { lists: COUPON_FORM_LISTS });
  if (!parsed.ok) return data<ActionData>({ errors: parsed.errors, values }, { status: 400 });
  const { id, ...coupon } = parsed.data;
  const saved = await saveCoupon(admin, id, coupon);
  if (!saved.ok) return data<ActionData>({ errors: saved.errors, values }, { status: 400 });
  return redirectWithToast("/admin/cupones", {
    type: "success",
    title: "Cupón guardado",
    description: `El cupón ${parsed.data.code} quedó guardado.`,
  });
}

function CouponForm({
  coupon,
  categories,
  actionData,
}: {
  coupon: AdminCoupon | null;
  categories: { id: string; name: string }[];
  actionData: ActionData | undefined;
}) {
  const errors = actionData?.errors ?? {};
  const typed = actionData?.values;
  const value = (name: string, fallback: string) => {
    const v = typed?.[name];
    return typeof v === "string" ? v : fallback;
  };
  const chosen = new Set(typed ? ((typed.categoryIds as string[] | undefined) ?? []) : (coupon?.categoryIds ?? []));
  const field = (name: string, label: string, fallback: string, props: Record<string, unknown> = {}, hint?: string) => (
    <InputField
      id={`coupon-${name}`}
      label={label}
      error={errors[name]}
      hint={hint}
      name={name}
      defaultValue={value(name, fallback)}
      {...props}
    />
  );
  return (
    <section
      aria-labelledby="coupon-form-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="coupon-form-title" className="text-lg font-bold">
        {coupon ? `Editar cupón ${coupon.code}` : "Nuevo cupón"}
      </h2>
      <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="save" />
        {coupon ? <input type="hidden" name="id" value={coupon.id} /> : null}
        <FormError error={errors.form} className="sm:col-span-2" />
        {field(
          "code",
          "Código",
          coupon?.code ?? "",
          { autoComplete: "off" },
          "Sin espacios; el cliente lo escribe en mayúsculas o minúsculas.",
        )}
        <Field id="coupon-kind" label="Tipo de descuento" error={errors.kind}>
          <Select id="coupon-kind" name="kind" defaultValue={value("kind", coupon?.kind ?? "percent")}>
            <option value="percent">Porcentaje (%)</option>
            <option value="fixed">Monto fijo ($)</option>
          </Select>
        </Field>
        {field(
          "value",
          "Descuento",
          coupon ? formatDecimalInput(coupon.value) : "",
          { inputMode: "decimal" },
          "10 para 10 %, o el monto en pesos.",
        )}
        {field("minPurchase", "Compra mínima ($, opcional)", formatDecimalInput(coupon?.minPurchase), {
          inputMode: "decimal",
        })}
        {field("startsAt", "Válido desde (opcional)", coupon?.startsAtInput ?? "", { type: "datetime-local" })}
        {field("endsAt", "Válido hasta (opcional)", coupon?.endsAtInput ?? "", { type: "datetime-local" })}
        {field("maxUses", "Usos en total (opcional)", coupon?.maxUses ? String(coupon.maxUses) : "", {
          inputMode: "numeric",
        })}
        {field(
          "maxUsesPerCustomer",
          "Usos por cliente (opcional)",
          coupon?.maxUsesPerCustomer ? String(coupon.maxUsesPerCustomer) : "",
          { inputMode: "numeric" },
          "Por email del pedido.",
        )}
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium text-slate-800">
            Solo para estas categorías (y sus subcategorías)
          </legend>
          <div className="mt-2 grid max-h-40 gap-1 overflow-y-auto rounded-md border border-slate-200 p-2 sm:grid-cols-3">
            {categories.map((c) => (
              <label key={c.id} className="flex items-center gap-2 text-sm">
                <Checkbox name="categoryIds" value={c.id} defaultChecked={chosen.has(c.id)} />
                {c.name}
              </label>
            ))}
          </div>
        </fieldset>
        <TextareaField
          className="sm:col-span-2"
          id="coupon-productSkus"
          label="Solo para estos productos (SKU, opcional)"
          error={errors.productSkus}
          hint="Separados por comas. Sin categorías ni productos, vale para toda la tienda."
          name="productSkus"
          rows={2}
          defaultValue={value("productSkus", coupon?.productSkus.join(", ") ?? "")}
        />
        <label className="flex items-center gap-2 text-sm">
          <Checkbox
            name="combinable"
            defaultChecked={typed ? typed.combinable === "on" : (coupon?.combinable ?? false)}
          />
          Se combina con el descuento del medio de pago (transferencia)
        </label>
        <label className="flex items-center gap-2 text-sm">
          <Checkbox name="active" defaultChecked={typed ? typed.active === "on" : (coupon?.active ?? true)} />
          Activo
        </label>
        <SaveOrCancel label="Guardar cupón" pending="Guardando…" cancelTo="/admin/cupones" />
      </Form>
    </section>
  );
}

export default function AdminCoupons({ loaderData, actionData }: Route.ComponentProps) {
  const { list, categories, editing, coupon } = loaderData;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Cupones</h1>
        {editing ? null : (
          <Link to="?editar=nuevo" className={buttonVariants()}>
            Nuevo cupón
          </Link>
        )}
      </div>
      {editing ? (
        <CouponForm
          key={editing}
          coupon={coupon}
          categories={categories}
          actionData={actionData as ActionData | undefined}
        />
      ) : null}
      <ListState data={list} error={null} isEmpty={(rows) => rows.length === 0} emptyText="Todavía no hay cupones.">
        {() => (
          <Table caption="Cupones, del más nuevo al más viejo">
            <THead>
              <tr>
                <TH>Código</TH>
                <TH>Descuento</TH>
                <TH className="hidden md:table-cell">Vigencia</TH>
                <TH>Usos</TH>
                <TH>Estado</TH>
                <TH>Acciones</TH>
              </tr>
            </THead>
            <tbody>
              {list.map((c) => (
                <TR key={c.id}>
                  <TD className="font-mono font-semibold">{c.code}</TD>
                  <TD>
                    {c.valueLabel}
                    {c.minPurchase ? (
                      <span className="block text-xs text-slate-500">Mínimo {formatARS(c.minPurchase)}</span>
                    ) : null}
                    {c.categoryIds.length || c.productSkus.length ? (
                      <span className="block text-xs text-slate-500">Con restricciones</span>
                    ) : null}
                    {c.combinable ? <span className="block text-xs text-slate-500">Combinable</span> : null}
                  </TD>
                  <TD className="hidden text-sm md:table-cell">
                    {c.startsAtLabel || c.endsAtLabel
                      ? `${c.startsAtLabel ?? "Desde ya"} – ${c.endsAtLabel ?? "sin fin"}`
                      : "Sin vencimiento"}
                  </TD>
                  <TD className="tabular-nums">
                    {c.uses}
                    {c.maxUses ? ` de ${c.maxUses}` : ""}
                  </TD>
                  <TD>{c.state}</TD>
                  <TD>
                    <div className="flex flex-wrap gap-2">
                      <Link
                        to={`?editar=${c.id}`}
                        className={buttonVariants({ variant: "outline", size: "sm" })}
                        aria-label={`Editar el cupón ${c.code}`}
                      >
                        Editar
                      </Link>
                      <Form method="post">
                        <input type="hidden" name="intent" value="toggle" />
                        <input type="hidden" name="id" value={c.id} />
                        <input type="hidden" name="active" value={c.active ? "false" : "true"} />
                        <Button
                          type="submit"
                          variant="ghost"
                          size="sm"
                          aria-label={`${c.active ? "Desactivar" : "Activar"} el cupón ${c.code}`}
                        >
                          {c.active ? "Desactivar" : "Activar"}
                        </Button>
                      </Form>
                    </div>
                  </TD>
                </TR>
              ))}
            </tbody>
          </Table>
        )}
      </ListState>
    </div>
  );
}
