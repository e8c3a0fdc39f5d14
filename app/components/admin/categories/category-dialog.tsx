import { useState } from "react";
import { useFetcher } from "react-router";
import { useActionResult } from "~/components/use-action-result";
import { Dialog, DialogContent, DialogSaveActions } from "~/components/ui/dialog";
import { Field, InputField, Select } from "~/components/ui/field";
import { fieldAria } from "~/components/ui/field-error";
import { slugify } from "~/domain/slug";
import { formatDecimalInput } from "~/schemas/amount";
import type { AdminCategory } from "~/models/admin-categories.server";
import type { CategoryActionResult } from "~/schemas/category";

/**
 * Nueva Categoría / Editar Categoría: name, slug (generated from the name for a new category
 * until edited by hand), parent (a top-level category other than itself, or none) and the markup
 * over its dollar-pegged products (ADR 0020).
 */
export function CategoryDialog({
  open,
  onOpenChange,
  category,
  categories,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  category: AdminCategory | null;
  categories: AdminCategory[];
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent title={category ? "Editar Categoría" : "Nueva Categoría"}>
          <CategoryForm category={category} categories={categories} onSaved={() => onOpenChange(false)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function CategoryForm({
  category,
  categories,
  onSaved,
}: {
  category: AdminCategory | null;
  categories: AdminCategory[];
  onSaved: () => void;
}) {
  const fetcher = useFetcher<CategoryActionResult>();
  const [name, setName] = useState(category?.name ?? "");
  const [slug, setSlug] = useState(category?.slug ?? "");
  const [parentId, setParentId] = useState(category?.parentId ?? "");
  const [slugTouched, setSlugTouched] = useState(category !== null);
  const saving = fetcher.state !== "idle";
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.errors ?? {}) : {};
  const parents = categories.filter((c) => c.parentId === null && c.id !== category?.id);
  // Categories nest two levels: one with subcategories stays at the top (the server checks too).
  const hasChildren = (category?.childCount ?? 0) > 0;

  useActionResult(fetcher.data, fetcher.state, (result) => {
    if (result.ok) onSaved();
  });

  return (
    <fetcher.Form method="post" className="space-y-4">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="id" value={category?.id ?? ""} />
      {errors.form ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {errors.form}
        </p>
      ) : null}
      <InputField
        id="category-name"
        label="Nombre"
        error={errors.name}
        name="name"
        required
        maxLength={100}
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          if (!slugTouched) setSlug(slugify(e.target.value));
        }}
      />
      <InputField
        id="category-slug"
        label="Slug"
        error={errors.slug}
        hint="Solo minúsculas, números y guiones."
        name="slug"
        required
        maxLength={255}
        pattern="[a-z0-9]+(-[a-z0-9]+)*"
        value={slug}
        onChange={(e) => {
          setSlugTouched(true);
          setSlug(e.target.value);
        }}
      />
      <Field
        id="category-parent_id"
        label="Categoría Padre"
        error={errors.parent_id}
        hint={
          hasChildren ? (
            <span id="category-parent_id-hint">
              Esta categoría tiene subcategorías, así que no puede tener una categoría padre (se admiten dos niveles).
            </span>
          ) : undefined
        }
      >
        <Select
          id="category-parent_id"
          name="parent_id"
          value={parentId}
          disabled={hasChildren}
          className="disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500"
          onChange={(e) => setParentId(e.target.value)}
          {...(hasChildren ? { "aria-describedby": "category-parent_id-hint" } : {})}
          {...fieldAria("category-parent_id", errors.parent_id)}
        >
          <option value="">-- Ninguna --</option>
          {parents.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
      </Field>
      <InputField
        id="category-markup"
        label="Margen sobre precios en dólares (%)"
        error={errors.markup}
        hint="Para sus productos con precio en USD sin margen propio. Vacío: el de la categoría padre (o 0 %)."
        name="markup"
        inputMode="decimal"
        autoComplete="off"
        defaultValue={formatDecimalInput(category?.markupPercent ?? null)}
      />
      <DialogSaveActions saving={saving} className="pt-2" />
    </fetcher.Form>
  );
}
