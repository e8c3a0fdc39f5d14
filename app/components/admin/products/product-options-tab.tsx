import { Input } from "~/components/ui/field";
import { NEW_GROUP_TITLE, newKey } from "~/schemas/product";
import {
  AddButton,
  EmptyNote,
  ErrorText,
  RemoveButton,
  type TabProps,
  invalid,
  removeAt,
  replaceAt,
  setMeta,
} from "./form-kit";
import { ImageUpload } from "./image-upload";

type Group = TabProps["values"]["meta"]["option_groups"][number];
type Option = Group["options"][number];

/** Option groups (spec: a new group is titled "Nuevo Grupo"); an option's price is the final price with it. */
export function ProductOptionsTab({ values, update, errors }: TabProps) {
  const groups = values.meta.option_groups;
  const setGroups = (next: Group[]) => update(setMeta("option_groups", next));
  const setGroup = (gi: number, group: Group) => setGroups(replaceAt(groups, gi, group));
  const setOption = (gi: number, oi: number, option: Option) =>
    setGroup(gi, { ...groups[gi]!, options: replaceAt(groups[gi]!.options, oi, option) });

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Cada opción puede tener su propio precio: es el precio final del producto con esa opción (vacío: se usa el
        precio del producto).
      </p>
      {groups.length === 0 ? <EmptyNote>Este producto no tiene opciones.</EmptyNote> : null}
      {groups.map((group, gi) => {
        const base = `meta.option_groups.${gi}`;
        const titleId = `option-group-${gi}-title`;
        return (
          <fieldset key={group.key} className="rounded-lg border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold text-slate-700">Grupo {gi + 1}</legend>
            <div className="flex items-end gap-2">
              <div className="flex-1">
                <label htmlFor={titleId} className="block text-sm font-medium text-slate-800">
                  Título del grupo
                </label>
                <Input
                  id={titleId}
                  className="mt-1"
                  value={group.title}
                  maxLength={100}
                  onChange={(e) => setGroup(gi, { ...group, title: e.target.value })}
                  {...invalid(titleId, errors[`${base}.title`])}
                />
              </div>
              <RemoveButton
                label={`Quitar el grupo ${group.title || gi + 1}`}
                onClick={() => setGroups(removeAt(groups, gi))}
              />
            </div>
            <ErrorText id={titleId} error={errors[`${base}.title`]} />
            <ul className="mt-4 space-y-3">
              {group.options.map((option, oi) => {
                const o = `${base}.options.${oi}`;
                const nameId = `option-${gi}-${oi}-name`;
                const priceId = `option-${gi}-${oi}-price`;
                return (
                  <li key={option.key} className="rounded-md bg-slate-50 p-3">
                    <div className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
                      <div>
                        <label htmlFor={nameId} className="block text-sm font-medium text-slate-800">
                          Nombre de la opción
                        </label>
                        <Input
                          id={nameId}
                          className="mt-1"
                          value={option.name}
                          maxLength={100}
                          onChange={(e) => setOption(gi, oi, { ...option, name: e.target.value })}
                          {...invalid(nameId, errors[`${o}.name`])}
                        />
                      </div>
                      <div>
                        <label htmlFor={priceId} className="block text-sm font-medium text-slate-800">
                          Precio final
                        </label>
                        <Input
                          id={priceId}
                          className="mt-1"
                          type="number"
                          inputMode="decimal"
                          min={0}
                          step={0.01}
                          value={option.price}
                          onChange={(e) => setOption(gi, oi, { ...option, price: e.target.value })}
                          {...invalid(priceId, errors[`${o}.price`])}
                        />
                      </div>
                      <RemoveButton
                        label={`Quitar la opción ${option.name || oi + 1}`}
                        onClick={() => setGroup(gi, { ...group, options: removeAt(group.options, oi) })}
                      />
                    </div>
                    <ErrorText id={nameId} error={errors[`${o}.name`]} />
                    <ErrorText id={priceId} error={errors[`${o}.price`]} />
                    <div className="mt-3">
                      <ImageUpload
                        id={`option-${gi}-${oi}-image`}
                        label={`Imagen de la opción ${option.name || oi + 1}`}
                        value={option.image_url}
                        onChange={(url) =>
                          update((v) => {
                            // Read the latest values: the upload finishes after other edits.
                            const g = v.meta.option_groups[gi];
                            const current = g?.options[oi];
                            if (!g || !current || current.key !== option.key) return v;
                            return setMeta(
                              "option_groups",
                              replaceAt(v.meta.option_groups, gi, {
                                ...g,
                                options: replaceAt(g.options, oi, { ...current, image_url: url }),
                              }),
                            )(v);
                          })
                        }
                        error={errors[`${o}.image_url`]}
                      />
                    </div>
                  </li>
                );
              })}
            </ul>
            <div className="mt-3">
              <AddButton
                onClick={() =>
                  setGroup(gi, {
                    ...group,
                    options: [...group.options, { key: newKey(), name: "", price: "", image_url: "" }],
                  })
                }
              >
                Agregar opción
              </AddButton>
            </div>
          </fieldset>
        );
      })}
      <AddButton onClick={() => setGroups([...groups, { key: newKey(), title: NEW_GROUP_TITLE, options: [] }])}>
        Agregar grupo
      </AddButton>
    </div>
  );
}
