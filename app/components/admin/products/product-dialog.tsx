import { type FormEvent, useState } from "react";
import { useFetcher } from "react-router";
import { Dialog, DialogContent, DialogSaveActions } from "~/components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { type ProductActionResult } from "~/schemas/product-actions";
import { tabOfError } from "~/schemas/product-form";
import { type ProductFormValues } from "~/schemas/product-form-state";
import { useActionResult } from "~/components/use-action-result";
import { type CategoryOption, ProductDetailsTab } from "./product-details-tab";
import { ProductExtraTab } from "./product-extra-tab";
import { ProductFinancingTab } from "./product-financing-tab";
import { ProductGalleryTab } from "./product-gallery-tab";
import { ProductOptionsTab } from "./product-options-tab";
import { ProductPriceHistoryTab } from "./product-price-history-tab";
import { ProductRelatedTab } from "./product-related-tab";
import { ProductReviewsTab } from "./product-reviews-tab";
import { ProductVideosTab } from "./product-videos-tab";
import type { FieldErrors } from "~/domain/field-errors";

const TABS = [
  { value: "detalles", label: "Detalles" },
  { value: "opciones", label: "Opciones" },
  { value: "financiacion", label: "Financiación" },
  { value: "galeria", label: "Galería" },
  { value: "relacionados", label: "Relacionados" },
  { value: "opiniones", label: "Opiniones" },
  { value: "videos", label: "Videos" },
  { value: "extra", label: "Extra" },
] as const;

/** An existing product also shows its price history (ADR 0019). */
const HISTORY_TAB = { value: "precios", label: "Historial de precios" } as const;

/**
 * The create/edit dialog with its 8 tabs (spec: detalles first). The values live here until
 * the server saves them: on an error the dialog stays open with everything typed, the fields
 * at fault marked and their tab shown.
 */
export function ProductDialog({
  open,
  onOpenChange,
  initial,
  categories,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initial: ProductFormValues;
  categories: CategoryOption[];
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent
          title={initial.id ? "Editar Producto" : "Nuevo Producto"}
          size="max-w-4xl"
          className="max-h-[96dvh]"
        >
          <ProductForm initial={initial} categories={categories} onSaved={() => onOpenChange(false)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function ProductForm({
  initial,
  categories,
  onSaved,
}: {
  initial: ProductFormValues;
  categories: CategoryOption[];
  onSaved: () => void;
}) {
  const fetcher = useFetcher<ProductActionResult>();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [tab, setTab] = useState<string>("detalles");
  // An existing product keeps its slug; a new one follows the name until the slug is edited.
  const [slugTouched, setSlugTouched] = useState(Boolean(initial.id));
  const saving = fetcher.state !== "idle";

  useActionResult(fetcher.data, fetcher.state, (result) => {
    if (result.intent !== "save") return;
    if (result.ok) {
      onSaved();
      return;
    }
    const next = result.errors ?? {};
    setErrors(next);
    const first = Object.keys(next).find((k) => k !== "form");
    if (first) setTab(tabOfError(first));
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    fetcher.submit({ intent: "save", product: values }, { method: "post", encType: "application/json" });
  }

  const tabProps = {
    values,
    update: (change: (v: ProductFormValues) => ProductFormValues) => setValues(change),
    errors,
  };
  const errorTabs = new Set(
    Object.keys(errors)
      .filter((k) => k !== "form")
      .map(tabOfError),
  );

  return (
    <form onSubmit={submit} aria-busy={saving}>
      {errors.form ? (
        <p role="alert" className="mb-3 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {errors.form}
        </p>
      ) : null}
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Secciones del producto">
          {[...TABS, ...(initial.id ? [HISTORY_TAB] : [])].map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
              {errorTabs.has(t.value) ? (
                <span className="ml-1 text-red-700" aria-label="(con errores)">
                  •
                </span>
              ) : null}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="detalles">
          <ProductDetailsTab
            {...tabProps}
            categories={categories}
            slugTouched={slugTouched}
            onSlugTouched={() => setSlugTouched(true)}
          />
        </TabsContent>
        <TabsContent value="opciones">
          <ProductOptionsTab {...tabProps} />
        </TabsContent>
        <TabsContent value="financiacion">
          <ProductFinancingTab {...tabProps} />
        </TabsContent>
        <TabsContent value="galeria">
          <ProductGalleryTab {...tabProps} />
        </TabsContent>
        <TabsContent value="relacionados">
          <ProductRelatedTab {...tabProps} />
        </TabsContent>
        <TabsContent value="opiniones">
          <ProductReviewsTab {...tabProps} />
        </TabsContent>
        <TabsContent value="videos">
          <ProductVideosTab {...tabProps} />
        </TabsContent>
        <TabsContent value="extra">
          <ProductExtraTab {...tabProps} />
        </TabsContent>
        {initial.id ? (
          <TabsContent value={HISTORY_TAB.value}>
            <ProductPriceHistoryTab productId={initial.id} />
          </TabsContent>
        ) : null}
      </Tabs>
      <DialogSaveActions
        saving={saving}
        className="sticky -bottom-4 -mx-5 -mb-4 border-t border-slate-200 bg-white px-5 py-3"
      />
    </form>
  );
}
