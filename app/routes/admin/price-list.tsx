import type { ComponentProps } from "react";
import { Link, data } from "react-router";
import type { Route } from "./+types/price-list";
import {
  AddRowForm,
  type PriceListAnswer,
  PriceListSection,
  PriceValueFields,
} from "~/components/admin/companies/price-list-rows";
import { InlineForm } from "~/components/ui/inline-form";
import { Field, InputField, Select } from "~/components/ui/field";
import { formatDecimalInput } from "~/schemas/amount";
import {
  type PriceListRowKind,
  addPriceRule,
  addQuantityBreak,
  getAdminPriceList,
  removePriceListRow,
  setGroupDefault,
  setMinimum,
} from "~/models/admin-price-lists.server";
import { listCategories } from "~/models/catalog.server";
import {
  GroupDefaultSchema,
  MinimumFormSchema,
  PriceRuleFormSchema,
  QuantityBreakFormSchema,
  RowIdSchema,
} from "~/schemas/business";
import { requireAdmin } from "~/utils/auth.server";
import { formValues, parseForm, readForm } from "~/utils/request.server";
import { redirectWithToast } from "~/utils/toast.server";

// [25/25] Admin > Empresas > a group's price list (ADR 0022): its general discount, its rules,
// quantity breaks and minimum quantities, each added or taken out on this page.

export const meta: Route.MetaFunction = () => [{ title: "Lista de precios | Admin Vitec" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [list, categories] = await Promise.all([getAdminPriceList(params.id), listCategories()]);
  if (!list) throw data("No encontramos el grupo.", { status: 404 });
  return { list, categories };
}

const REMOVE: Record<string, PriceListRowKind> = {
  "rule-remove": "rule",
  "break-remove": "break",
  "minimum-remove": "minimum",
};

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const actor = { id: admin.id, email: admin.email };
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const values = formValues(form);
  const fail = (errors: Record<string, string>) => data<PriceListAnswer>({ intent, errors, values }, { status: 400 });
  const done = (title: string) => redirectWithToast(`/admin/empresas/grupos/${params.id}`, { type: "success", title });

  if (REMOVE[intent]) {
    const parsed = parseForm(RowIdSchema, form);
    const result = parsed.ok ? await removePriceListRow(actor, params.id, REMOVE[intent], parsed.data.rowId) : null;
    if (!result?.ok) throw data("Esa fila ya no está en la lista.", { status: 404 });
    return done("Quitado de la lista");
  }
  if (intent === "default") {
    const parsed = parseForm(GroupDefaultSchema, form);
    if (!parsed.ok) return fail(parsed.errors);
    const result = await setGroupDefault(actor, params.id, parsed.data.defaultPercent);
    return result.ok ? done("Descuento general guardado") : fail(result.errors);
  }
  if (intent === "rule-add") {
    const parsed = parseForm(PriceRuleFormSchema, form);
    if (!parsed.ok) return fail(parsed.errors);
    const result = await addPriceRule(actor, params.id, parsed.data);
    return result.ok ? done("Regla agregada") : fail(result.errors);
  }
  if (intent === "break-add") {
    const parsed = parseForm(QuantityBreakFormSchema, form);
    if (!parsed.ok) return fail(parsed.errors);
    const result = await addQuantityBreak(actor, params.id, parsed.data);
    return result.ok ? done("Precio por cantidad agregado") : fail(result.errors);
  }
  if (intent === "minimum-add") {
    const parsed = parseForm(MinimumFormSchema, form);
    if (!parsed.ok) return fail(parsed.errors);
    const result = await setMinimum(actor, params.id, parsed.data);
    return result.ok ? done("Cantidad mínima guardada") : fail(result.errors);
  }
  throw data("Acción desconocida.", { status: 400 });
}

export default function PriceList({ loaderData, actionData }: Route.ComponentProps) {
  const { list, categories } = loaderData;
  const answer = actionData as PriceListAnswer | undefined;
  const errorsOf = (intent: string) => (answer?.intent === intent ? answer.errors : {});
  const valueOf = (intent: string, name: string) => (answer?.intent === intent ? answer.values[name] : undefined);
  const field = (
    intent: string,
    name: string,
    label: string,
    props: ComponentProps<"input"> & { hint?: string } = {},
  ) => (
    <InputField
      id={`${intent}-${name}`}
      label={label}
      name={name}
      error={errorsOf(intent)[name]}
      defaultValue={valueOf(intent, name) ?? ""}
      {...props}
    />
  );
  return (
    <div className="space-y-6">
      <div>
        <Link to="/admin/empresas" className="text-sm text-brand-700 underline">
          Empresas
        </Link>
        <h1 className="text-2xl font-bold">Lista de precios: {list.group.name}</h1>
        <p className="mt-1 text-sm text-slate-600">
          Gana la regla más precisa: el precio fijo de la variante, el del producto, el porcentaje del producto, el de
          su categoría y por último el descuento general. Nunca se cobra más que el precio público.
        </p>
      </div>

      <InlineForm intent="default" answer={answer?.intent === "default" ? answer : undefined} label="Guardar descuento">
        <InputField
          id="group-default"
          label="Descuento general (%)"
          name="defaultPercent"
          inputMode="decimal"
          error={errorsOf("default").defaultPercent}
          defaultValue={valueOf("default", "defaultPercent") ?? formatDecimalInput(list.group.defaultPercent)}
        />
      </InlineForm>

      <PriceListSection title="Reglas" kind="rule" rows={list.rules} empty="Sin reglas: rige el descuento general.">
        <AddRowForm intent="rule-add" answer={answer} label="Agregar regla">
          <Field id="rule-scope" label="Para" error={errorsOf("rule-add").scope}>
            <Select id="rule-scope" name="scope" defaultValue={valueOf("rule-add", "scope") ?? "sku"}>
              <option value="sku">Un producto o variante (SKU)</option>
              <option value="category">Una categoría</option>
            </Select>
          </Field>
          {field("rule-add", "sku", "SKU (producto o variante)")}
          <Field id="rule-category" label="Categoría" error={errorsOf("rule-add").categoryId}>
            <Select id="rule-category" name="categoryId" defaultValue={valueOf("rule-add", "categoryId") ?? ""}>
              <option value="">—</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          </Field>
          <PriceValueFields prefix="rule" answer={answer} />
        </AddRowForm>
      </PriceListSection>

      <PriceListSection title="Precios por cantidad" kind="break" rows={list.breaks} empty="Sin precios por cantidad.">
        <AddRowForm intent="break-add" answer={answer} label="Agregar precio por cantidad">
          {field("break-add", "sku", "SKU (producto o variante)")}
          {field("break-add", "minQuantity", "Desde (unidades)", { inputMode: "numeric" })}
          <PriceValueFields prefix="break" answer={answer} />
        </AddRowForm>
      </PriceListSection>

      <PriceListSection
        title="Cantidades mínimas"
        kind="minimum"
        rows={list.minimums}
        empty="Sin mínimos: el precio del grupo rige desde 1 unidad."
      >
        <AddRowForm intent="minimum-add" answer={answer} label="Guardar mínimo">
          {field("minimum-add", "sku", "SKU del producto")}
          {field("minimum-add", "minQuantity", "Mínimo (unidades)", {
            inputMode: "numeric",
            hint: "Con menos, el producto va a precio público.",
          })}
        </AddRowForm>
      </PriceListSection>
    </div>
  );
}
