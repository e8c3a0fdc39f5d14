import { Checkbox } from "~/components/ui/checkbox";
import {
  Field,
  Input,
  InputField,
  Select,
  SelectField,
  TextareaField,
  decimalInput,
  inputClass,
} from "~/components/ui/field";
import { fieldAria } from "~/components/ui/field-error";
import { Options } from "~/components/ui/options";
import { RichTextEditor } from "~/components/ui/rich-text-editor";
import { BRAND_MAX_LENGTH, DESCRIPTION_MAX_LENGTH, MPN_MAX_LENGTH } from "~/domain/product-import";
import { slugify } from "~/domain/slug";
import { cn } from "~/utils/cn";
import { IVA_RATES } from "~/domain/taxes";
import { type TabProps, bindText, setMeta } from "./form-kit";
import { ImageUpload } from "./image-upload";
import { ProductDollarSection } from "./product-dollar-section";

export type CategoryOption = { id: string; label: string };

/** 10.5 -> "10,5 %". */
const formatPercent = (rate: number) => `${String(rate).replace(".", ",")} %`;

/** Name, prices, stock, category, status, descriptions and the main image. */
/** [18/25] The maker's identifiers the feeds send. */
const IDENTIFIERS = [
  { key: "brand", label: "Marca", hint: "Google y Meta la piden para productos de marca.", max: BRAND_MAX_LENGTH },
  { key: "gtin", label: "GTIN (EAN/UPC)", hint: "El número del código de barras.", max: 20 },
  { key: "mpn", label: "MPN", hint: "El código del fabricante (no tu SKU).", max: MPN_MAX_LENGTH },
] as const;

/** [21/25] The box the carriers quote and label with (empty: the store's default parcel). */
export const BOX_INPUTS = [
  { key: "weight_grams", label: "Peso (g)", inputMode: "numeric" },
  { key: "length_cm", label: "Largo (cm)", inputMode: "decimal" },
  { key: "width_cm", label: "Ancho (cm)", inputMode: "decimal" },
  { key: "height_cm", label: "Alto (cm)", inputMode: "decimal" },
] as const;

export function ProductDetailsTab({
  categories,
  slugTouched,
  onSlugTouched,
  ...tab
}: TabProps & { categories: CategoryOption[]; slugTouched: boolean; onSlugTouched: () => void }) {
  const { values, update, errors } = tab;
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) =>
    update((v) => ({ ...v, [key]: value }));
  const descriptionLength = values.description.trim().length;
  // A draft may be saved without price or stock; publishing needs both (the server checks too).
  const publishing = values.status === "published";
  const requiredMark = publishing ? (
    <span aria-hidden className="text-red-700">
      *
    </span>
  ) : null;

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Field
          id="product-name"
          label={
            <>
              Nombre{" "}
              <span aria-hidden className="text-red-700">
                *
              </span>
            </>
          }
          error={errors.name}
        >
          <Input
            id="product-name"
            required
            maxLength={255}
            value={values.name}
            // While the slug was not edited by hand, it follows the name (spec: slug from the name).
            onChange={(e) => {
              const name = e.target.value;
              update((v) => ({ ...v, name, slug: slugTouched ? v.slug : slugify(name) }));
            }}
            {...fieldAria("product-name", errors.name)}
          />
        </Field>
      </div>
      <InputField
        id="product-slug"
        label="Slug"
        error={errors.slug}
        hint="Se genera a partir del nombre; solo minúsculas, números y guiones."
        value={values.slug}
        maxLength={255}
        onChange={(e) => {
          onSlugTouched();
          set("slug", e.target.value);
        }}
      />
      <InputField id="product-sku" label="SKU" maxLength={100} {...bindText(tab, "sku")} />
      {IDENTIFIERS.map(({ key, label, hint, max }) => (
        <InputField
          id={`product-${key}`}
          key={key}
          label={label}
          hint={hint}
          autoComplete="off"
          maxLength={max}
          {...bindText(tab, key)}
        />
      ))}
      <InputField
        id="product-price"
        label={<>Precio {requiredMark}</>}
        hint={publishing ? undefined : "Un borrador puede guardarse sin precio; para publicarlo hace falta."}
        {...decimalInput}
        placeholder="1.234,50"
        required={publishing}
        {...bindText(tab, "price")}
      />
      <InputField
        id="product-sale-price"
        label="Precio de oferta"
        hint="Se muestra cuando es menor que el precio."
        {...decimalInput}
        {...bindText(tab, "sale_price")}
      />
      <ProductDollarSection {...tab} />
      {values.variants.length > 0 ? (
        // With variants the stock is theirs: the product shows their total.
        <Field
          id="product-stock"
          label="Stock"
          hint="Suma de las variantes: se carga por variante en la pestaña Opciones."
        >
          <Input
            id="product-stock"
            type="number"
            readOnly
            value={values.variants.reduce((sum, v) => sum + (Number(v.stock) || 0), 0)}
            baseClassName={cn(inputClass, "bg-slate-50")}
          />
        </Field>
      ) : (
        <InputField
          id="product-stock"
          label={<>Stock {requiredMark}</>}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          required={publishing}
          {...bindText(tab, "stock")}
        />
      )}
      <SelectField
        id="product-iva-rate"
        label="IVA"
        hint="Alícuota incluida en el precio; la tienda muestra el precio sin impuestos nacionales."
        {...bindText(tab, "iva_rate")}
      >
        {IVA_RATES.map((rate) => (
          <option key={rate} value={String(rate)}>
            {formatPercent(rate)}
          </option>
        ))}
      </SelectField>
      <SelectField id="product-category" label="Categoría" {...bindText(tab, "category_id")}>
        <option value="">Sin categoría</option>
        <Options options={categories.map(({ id, label }) => ({ value: id, label }))} />
      </SelectField>
      <Field id="product-status" label="Estado" error={errors.status}>
        <Select
          id="product-status"
          value={values.status}
          onChange={(e) => set("status", e.target.value === "draft" ? "draft" : "published")}
        >
          <option value="published">Publicado</option>
          <option value="draft">Borrador</option>
        </Select>
      </Field>
      <div className="flex items-center gap-2 self-end pb-2">
        <Checkbox
          id="product-featured"
          checked={values.is_featured}
          onChange={(e) => set("is_featured", e.target.checked)}
        />
        <label htmlFor="product-featured" className="text-sm font-medium text-slate-800">
          Producto destacado (se muestra en la página de inicio)
        </label>
      </div>
      <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-4">
        <legend className="mb-1 text-sm font-medium text-slate-800">
          Envío: peso y medidas del producto embalado{" "}
          <span className="font-normal text-slate-600">
            (para cotizar con OCA y Correo Argentino; vacío: el paquete por defecto de Configuración)
          </span>
        </legend>
        {BOX_INPUTS.map(({ key, label, inputMode }) => (
          <InputField
            id={`product-${key}`}
            key={key}
            label={label}
            type="text"
            inputMode={inputMode}
            autoComplete="off"
            {...bindText(tab, key)}
          />
        ))}
      </fieldset>
      <InputField
        className="sm:col-span-2"
        id="product-price-legend"
        label="Leyenda del precio"
        error={errors["meta.price_legend"]}
        hint="Por ejemplo: Precio final con IVA incluido."
        maxLength={200}
        value={values.meta.price_legend}
        onChange={(e) => update(setMeta("price_legend", e.target.value))}
      />
      <TextareaField
        className="sm:col-span-2"
        id="product-description"
        label="Descripción corta"
        hint={
          <span aria-live="polite">
            {descriptionLength}/{DESCRIPTION_MAX_LENGTH} caracteres
            {descriptionLength > DESCRIPTION_MAX_LENGTH ? ` — se guardan los primeros ${DESCRIPTION_MAX_LENGTH}.` : "."}
          </span>
        }
        rows={3}
        {...bindText(tab, "description")}
      />
      <div className="sm:col-span-2">
        <ImageUpload
          id="product-image"
          label="Imagen principal"
          value={values.image_url}
          onChange={(url) => set("image_url", url)}
          error={errors.image_url}
        />
      </div>
      <div className="sm:col-span-2">
        <RichTextEditor
          id="product-description-html"
          label="Descripción detallada"
          value={values.meta.description_html}
          onChange={(html) => update(setMeta("description_html", html))}
          error={errors["meta.description_html"]}
        />
      </div>
    </div>
  );
}
