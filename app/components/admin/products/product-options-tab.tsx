import { useState } from "react";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { InputField, decimalInput } from "~/components/ui/field";
import { FieldError } from "~/components/ui/field-error";
import type { OptionGroup } from "~/domain/product-meta";
import { slugify } from "~/domain/slug";
import { reconcileRows, variantLabel } from "~/domain/variants";
import {
  EMPTY_VARIANT_BOX,
  NEW_GROUP_TITLE,
  type ProductFormValues,
  type VariantFormRow,
  newKey,
} from "~/schemas/product-form-state";
import { ProductVariantsTable } from "./product-variants-table";
import { AddButton, EmptyNote, MetaRow, RemoveButton, type TabProps, removeAt, replaceAt, setMeta } from "./form-kit";
import { ImageUpload } from "./image-upload";

type Group = TabProps["values"]["meta"]["option_groups"][number];
type Option = Group["options"][number];

/**
 * Option groups (spec: a new group is titled "Nuevo Grupo"); an option's price is the final
 * price with it. Under them, the variants the groups make ([14/15]): they follow every change
 * of the groups, and a change that would drop variants with stock asks first.
 */
export function ProductOptionsTab({ values, update, errors }: TabProps) {
  const groups = values.meta.option_groups;
  const [pending, setPending] = useState<{ groups: Group[]; dropped: VariantFormRow[] } | null>(null);

  /**
   * The groups as the variant rules read them. A name being typed may be empty for a moment:
   * it stands as "(grupo 2)" / "(opción 1)" meanwhile, so no variant is dropped on the way
   * (the server refuses empty names on save).
   */
  const asOptionGroups = (list: Group[]): OptionGroup[] =>
    list.map((g, gi) => ({
      title: groupTitle(g, gi),
      options: g.options.map((o, oi) => ({ name: optionName(o, oi) })),
    }));

  function withVariants(v: ProductFormValues, next: Group[]): { values: ProductFormValues; dropped: VariantFormRow[] } {
    const skuBase = v.sku.trim() || v.slug.trim() || slugify(v.name) || "variante";
    const { variants, dropped } = reconcileRows(asOptionGroups(next), v.variants, skuBase, (options, sku) => ({
      key: newKey(),
      options,
      sku,
      price: "",
      sale_price: "",
      stock: "0",
      image_url: "",
      gtin: "",
      mpn: "",
      ...EMPTY_VARIANT_BOX,
    }));
    // The first variants of a product take over its stock on the first one (as migration 0014 did).
    if (v.variants.length === 0 && variants.length > 0 && Number(v.stock) > 0) {
      variants[0] = { ...variants[0]!, stock: v.stock };
    }
    return { values: { ...setMeta("option_groups", next)(v), variants }, dropped };
  }

  /** A change that adds or removes options: dropping variants with stock needs a confirmation. */
  function setGroups(next: Group[]) {
    const { dropped } = withVariants(values, next);
    if (dropped.some((d) => Number(d.stock) > 0)) {
      setPending({ groups: next, dropped: dropped.filter((d) => Number(d.stock) > 0) });
      return;
    }
    update((v) => withVariants(v, next).values);
  }

  /** Renaming a group (oi absent) or an option renames it in the variants too: their stock stays. */
  function rename(gi: number, oi: number | null, next: Group[]) {
    const fromTitle = groupTitle(groups[gi]!, gi);
    const toTitle = groupTitle(next[gi]!, gi);
    const fromName = oi === null ? null : optionName(groups[gi]!.options[oi]!, oi);
    const toName = oi === null ? null : optionName(next[gi]!.options[oi]!, oi);
    update((v) => {
      const variants = v.variants.map((row) => ({
        ...row,
        options: row.options.map((o) => {
          if (o.group !== fromTitle) return o;
          if (fromName === null) return { ...o, group: toTitle };
          return o.option === fromName ? { ...o, option: toName! } : o;
        }),
      }));
      return withVariants({ ...v, variants }, next).values;
    });
  }

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
              <InputField
                id={titleId}
                label="Título del grupo"
                className="flex-1"
                error={errors[`${base}.title`]}
                value={group.title}
                maxLength={100}
                onChange={(e) => rename(gi, null, replaceAt(groups, gi, { ...group, title: e.target.value }))}
              />
              <RemoveButton
                label={`Quitar el grupo ${group.title || gi + 1}`}
                onClick={() => setGroups(removeAt(groups, gi))}
              />
            </div>
            <ul className="mt-4 space-y-3">
              {group.options.map((option, oi) => {
                const o = `${base}.options.${oi}`;
                const nameId = `option-${gi}-${oi}-name`;
                const priceId = `option-${gi}-${oi}-price`;
                return (
                  <MetaRow
                    key={option.key}
                    fields={
                      <>
                        <InputField
                          id={nameId}
                          label="Nombre de la opción"
                          error={errors[`${o}.name`]}
                          value={option.name}
                          maxLength={100}
                          onChange={(e) =>
                            rename(
                              gi,
                              oi,
                              replaceAt(groups, gi, {
                                ...group,
                                options: replaceAt(group.options, oi, { ...option, name: e.target.value }),
                              }),
                            )
                          }
                        />
                        <InputField
                          id={priceId}
                          label="Precio final"
                          error={errors[`${o}.price`]}
                          {...decimalInput}
                          value={option.price}
                          onChange={(e) => setOption(gi, oi, { ...option, price: e.target.value })}
                        />
                        <RemoveButton
                          label={`Quitar la opción ${option.name || oi + 1}`}
                          onClick={() => setGroup(gi, { ...group, options: removeAt(group.options, oi) })}
                        />
                      </>
                    }
                  >
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
                  </MetaRow>
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
      <FieldError id="option-groups" error={errors["meta.option_groups"]} />
      <ProductVariantsTable values={values} update={update} errors={errors} />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => (open ? null : setPending(null))}
        title="Quitar variantes con stock"
        confirmLabel="Quitar"
        onConfirm={() => {
          if (pending) update((v) => withVariants(v, pending.groups).values);
          setPending(null);
        }}
      >
        <p>Este cambio quita variantes que tienen stock. Su stock se pierde al guardar:</p>
        <ul className="list-disc pl-5">
          {pending?.dropped.map((d) => (
            <li key={d.key}>
              {variantLabel(d.options)}: {d.stock} {Number(d.stock) === 1 ? "unidad" : "unidades"}
            </li>
          ))}
        </ul>
      </ConfirmDialog>
    </div>
  );
}

const groupTitle = (g: { title: string }, gi: number) => g.title.trim() || `(grupo ${gi + 1})`;
const optionName = (o: { name: string }, oi: number) => o.name.trim() || `(opción ${oi + 1})`;
