import { Plus } from "lucide-react";
import { useId } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { fieldAria } from "~/components/ui/field-error";
import { PROVINCES } from "~/domain/postal-code";
import type { ShippingMethod, ShippingZone } from "~/domain/settings";
import { formatDecimalInput } from "~/schemas/amount";
import { RowActions, RowField, useEditableList } from "./editable-list";
import { SettingsCard } from "./settings-card";

// shipping_zones: which provinces each zone covers and what each shipping method costs there.
// The table is edited in the browser and sent as JSON in one field; the server validates it.

type MethodCost = { offered: boolean; cost: string };
type Row = { name: string; provinces: string[]; costs: Record<string, MethodCost> };

const PROVINCE_LIST = Object.entries(PROVINCES).sort((a, b) => a[1].localeCompare(b[1], "es"));

function toRows(zones: ShippingZone[], methods: ShippingMethod[]): Row[] {
  return zones.map((zone) => ({
    name: zone.name,
    provinces: [...zone.provinces],
    costs: Object.fromEntries(
      methods.map((m) => {
        const own = zone.costs[m.name];
        return [
          m.name,
          { offered: own !== null, cost: own === null || own === undefined ? "" : formatDecimalInput(own) },
        ];
      }),
    ),
  }));
}

/** What is sent: a cost typed, null when not offered; an empty cost means the method's own cost. */
function toValue(rows: Row[]): ShippingZone[] {
  return rows.map((row) => ({
    name: row.name,
    provinces: row.provinces,
    costs: Object.fromEntries(
      Object.entries(row.costs).flatMap(([method, c]): [string, string | null][] =>
        !c.offered ? [[method, null]] : c.cost.trim() ? [[method, c.cost]] : [],
      ),
    ) as ShippingZone["costs"],
  }));
}

export function ShippingZonesCard({ zones, methods }: { zones: ShippingZone[]; methods: ShippingMethod[] }) {
  const id = useId();
  const list = useEditableList<Row>(() => toRows(zones, methods));
  const assigned = new Set(list.rows.flatMap((r) => r.provinces));
  const missing = PROVINCE_LIST.filter(([code]) => !assigned.has(code)).map(([, name]) => name);

  function setCost(index: number, method: string, patch: Partial<MethodCost>) {
    const row = list.rows[index]!;
    const current = row.costs[method] ?? { offered: true, cost: "" };
    list.update(index, { costs: { ...row.costs, [method]: { ...current, ...patch } } });
  }

  function toggleProvince(index: number, code: string, on: boolean) {
    const row = list.rows[index]!;
    list.update(index, { provinces: on ? [...row.provinces, code] : row.provinces.filter((p) => p !== code) });
  }

  return (
    <SettingsCard
      settingKey="shipping_zones"
      title="Zonas de envío"
      description={
        <>
          El código postal (CPA o numérico) indica la provincia, y la provincia la zona. En cada zona, un costo vacío
          usa el costo del método de envío; «No llega» lo oculta para esa zona. Las provincias sin zona pagan los costos
          de los métodos de envío.
        </>
      }
      shapeVersion={list.shapeVersion}
      onSaved={() => list.reset(toRows(zones, methods))}
    >
      {(errors) => (
        <>
          <input type="hidden" name="value" value={JSON.stringify(toValue(list.rows))} />
          <ol className="space-y-4">
            {list.rows.map((row, index) => {
              const base = `rows.${index}`;
              const fieldId = (name: string) => `${id}-${row.uid}-${name}`;
              const error = (name: string) => errors[`${base}.${name}`];
              return (
                <li key={row.uid} className="rounded-lg border border-slate-200 p-3">
                  <fieldset className="space-y-3">
                    <legend className="sr-only">Zona {index + 1}</legend>
                    <div className="flex flex-wrap items-end gap-3">
                      <RowField id={fieldId("name")} label="Nombre de la zona" error={error("name")}>
                        <Input
                          id={fieldId("name")}
                          value={row.name}
                          onChange={(e) => list.update(index, { name: e.currentTarget.value })}
                          {...fieldAria(fieldId("name"), error("name"))}
                        />
                      </RowField>
                      <div className="ml-auto">
                        <RowActions
                          index={index}
                          count={list.rows.length}
                          itemLabel={`la zona ${row.name || index + 1}`}
                          onMove={(by) => list.move(index, by)}
                          onRemove={() => list.remove(index)}
                        />
                      </div>
                    </div>
                    <fieldset>
                      <legend className="text-sm font-medium text-slate-800">Provincias</legend>
                      <div className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1 text-sm sm:grid-cols-3 lg:grid-cols-4">
                        {PROVINCE_LIST.map(([code, name]) => (
                          <label key={code} className="flex items-center gap-2">
                            <input
                              type="checkbox"
                              checked={row.provinces.includes(code)}
                              onChange={(e) => toggleProvince(index, code, e.currentTarget.checked)}
                            />
                            {name}
                          </label>
                        ))}
                      </div>
                      {error("provinces") ? (
                        <p role="alert" className="mt-1 text-sm text-red-700">
                          {error("provinces")}
                        </p>
                      ) : null}
                    </fieldset>
                    <table className="w-full text-sm">
                      <caption className="sr-only">Costos de envío en la zona {row.name}</caption>
                      <thead>
                        <tr className="text-left text-slate-600">
                          <th className="py-1 font-medium">Método</th>
                          <th className="py-1 font-medium">Costo en la zona</th>
                          <th className="py-1 font-medium">No llega</th>
                        </tr>
                      </thead>
                      <tbody>
                        {methods.map((m) => {
                          const c = row.costs[m.name] ?? { offered: true, cost: "" };
                          const costId = fieldId(`cost-${m.name}`);
                          const costError = error(`costs.${m.name}`);
                          return (
                            <tr key={m.name} className="border-t border-slate-100">
                              <th scope="row" className="py-1.5 pr-2 text-left font-normal">
                                <label htmlFor={costId}>{m.name}</label>
                              </th>
                              <td className="py-1.5 pr-2">
                                <Input
                                  id={costId}
                                  inputMode="decimal"
                                  disabled={!c.offered}
                                  placeholder={`${formatDecimalInput(m.cost)} (base)`}
                                  value={c.cost}
                                  onChange={(e) => setCost(index, m.name, { cost: e.currentTarget.value })}
                                  {...fieldAria(costId, costError)}
                                />
                                {costError ? (
                                  <p id={`${costId}-error`} className="mt-1 text-xs text-red-700">
                                    {costError}
                                  </p>
                                ) : null}
                              </td>
                              <td className="py-1.5">
                                <input
                                  type="checkbox"
                                  aria-label={`${m.name} no llega a ${row.name || "esta zona"}`}
                                  checked={!c.offered}
                                  onChange={(e) => setCost(index, m.name, { offered: !e.currentTarget.checked })}
                                />
                              </td>
                            </tr>
                          );
                        })}
                      </tbody>
                    </table>
                  </fieldset>
                </li>
              );
            })}
          </ol>
          {missing.length ? (
            <p className="mt-3 text-sm text-slate-600">Sin zona (pagan el costo base): {missing.join(", ")}.</p>
          ) : null}
          <Button variant="outline" className="mt-3" onClick={() => list.add({ name: "", provinces: [], costs: {} })}>
            <Plus aria-hidden className="size-4" /> Agregar zona
          </Button>
        </>
      )}
    </SettingsCard>
  );
}
