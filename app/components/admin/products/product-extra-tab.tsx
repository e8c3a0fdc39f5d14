import { InputField } from "~/components/ui/field";
import { RichTextEditor } from "~/components/ui/rich-text-editor";
import { newKey } from "~/schemas/product-form-state";
import { AddButton, EmptyNote, RemoveButton, type TabProps, metaList, setMeta } from "./form-kit";

/** Extra information: sections with a title and rich text (garantía, envío, ...). */
export function ProductExtraTab({ values, update, errors }: TabProps) {
  const list = metaList({ values, update }, "extra_info");
  const entries = list.rows;
  return (
    <div className="space-y-4">
      {entries.length === 0 ? <EmptyNote>No hay información extra.</EmptyNote> : null}
      {entries.map((entry, i) => {
        const labelId = `extra-${i}-label`;
        return (
          <fieldset key={entry.key} className="rounded-lg border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold text-slate-700">Sección {i + 1}</legend>
            <div className="flex items-end gap-2">
              <InputField
                id={labelId}
                label="Título"
                className="flex-1"
                error={errors[`meta.extra_info.${i}.label`]}
                maxLength={100}
                placeholder="Garantía"
                value={entry.label}
                onChange={(e) => list.replace(i, { ...entry, label: e.target.value })}
              />
              <RemoveButton label={`Quitar la sección ${entry.label || i + 1}`} onClick={() => list.remove(i)} />
            </div>
            <div className="mt-3">
              <RichTextEditor
                id={`extra-${i}-value`}
                label={`Contenido de ${entry.label || `la sección ${i + 1}`}`}
                value={entry.value}
                onChange={(html) =>
                  update((v) =>
                    setMeta(
                      "extra_info",
                      v.meta.extra_info.map((x) => (x.key === entry.key ? { ...x, value: html } : x)),
                    )(v),
                  )
                }
                error={errors[`meta.extra_info.${i}.value`]}
              />
            </div>
          </fieldset>
        );
      })}
      <AddButton onClick={() => list.add({ key: newKey(), label: "", value: "" })}>Agregar sección</AddButton>
    </div>
  );
}
