import { CheckCircle2, FileDown, Info, TriangleAlert } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { useToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { Select } from "~/components/ui/field";
import { TD, TH, THead, TR, Table } from "~/components/ui/table";
import { CSV_ERRORS, CsvError, decodeCsvBytes, parseCsvText, splitHeader } from "~/domain/csv";
import { PROFILE_NAMES, type ImportPreview, detectProfile } from "~/domain/import-profiles";
import { formatARS } from "~/domain/money";
import {
  type ColumnMapping,
  IMPORT_FIELDS,
  IMPORT_FIELD_LABELS,
  IMPORT_MAX_ROWS,
  IMPORT_PREVIEW_ROWS,
  type ImportField,
  type MappedRow,
  autoMatchColumns,
  mapRows,
} from "~/domain/product-import";
import type { ProductActionResult } from "~/schemas/product-actions";
import { useActionResult } from "~/components/use-action-result";

type Step = "file" | "map" | "result";
type Parsed = { fileName: string; headers: string[]; data: string[][] };
type Result = NonNullable<ProductActionResult["import"]>;
type Status = { state: "queued" | "running" | "done" | "failed"; total: number; processed: number };

const SHOWN_ERRORS = 200;
const POLL_MS = 700;

/**
 * CSV import in 2 steps (spec 4): choose a file, then check what it will do and import. An export
 * of Tiendanube, Shopify or WooCommerce is recognised by its headers and mapped by its profile
 * ("Detectamos una exportación de Shopify"); any other file has its columns matched by header
 * name and mapped by hand. Before anything is written the server answers a preview: what will be
 * created, updated and refused (per row, with the reason), how each price column was read, the
 * prices, variants and categories it builds and the warnings. The import is queued and written in
 * the background, all or nothing; a large file shows its progress until it ends. The file is
 * decoded in the browser (UTF-8, else Windows-1252).
 */
export function ImportWizard({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const fetcher = useFetcher<ProductActionResult>();
  const previewFetcher = useFetcher<ProductActionResult>();
  const statusFetcher = useFetcher<Status>();
  const toast = useToast();
  const ids = useId();
  const [step, setStep] = useState<Step>("file");
  const [phase, setPhase] = useState<"idle" | "reading" | "importing">("idle");
  const [parsed, setParsed] = useState<Parsed | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [manual, setManual] = useState(false);
  const [mapError, setMapError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [running, setRunning] = useState<{ id: string; result: Result } | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const busy = phase !== "idle" || fetcher.state !== "idle" || running !== null;
  const profile = parsed ? detectProfile(parsed.headers) : null;
  const auto = profile !== null && !manual;

  useActionResult(fetcher.data, fetcher.state, (answer) => {
    if (answer.intent !== "import") return;
    setPhase("idle");
    const done = answer.import ?? { imported: 0, errors: [], failure: answer.toast?.description ?? CSV_ERRORS.failed };
    if (done.importId && !done.failure) {
      setRunning({ id: done.importId, result: done });
      return;
    }
    setResult(done);
    setStep("result");
  });
  useActionResult(previewFetcher.data, previewFetcher.state, (answer) => {
    if (answer.intent === "import-preview") setPreview(answer.preview ?? null);
  });

  // A background import: its state every POLL_MS until it ends.
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (statusFetcher.state === "idle") statusFetcher.load(`/admin/productos/importaciones/${running.id}`);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [running, statusFetcher]);
  const polled = statusFetcher.data;
  useEffect(() => {
    if (!running || !polled || (polled.state !== "done" && polled.state !== "failed")) return;
    const report = (polled as unknown as { report: { failure: string | null } | null }).report;
    setResult({
      ...running.result,
      imported: polled.state === "done" ? polled.total : 0,
      failure: polled.state === "failed" ? (report?.failure ?? CSV_ERRORS.failed) : null,
    });
    if (polled.state === "done") toast({ type: "success", title: "Importación completada" });
    setRunning(null);
    setStep("result");
  }, [polled, running, toast]);

  function reset() {
    setStep("file");
    setPhase("idle");
    setParsed(null);
    setMapping(null);
    setManual(false);
    setMapError(null);
    setPreview(null);
    setRunning(null);
    setResult(null);
  }

  function fileBody(next: Parsed, nextMapping: ColumnMapping | null, useProfile: boolean) {
    return {
      fileName: next.fileName,
      headers: next.headers,
      data: next.data,
      mapping: useProfile ? null : nextMapping,
    };
  }

  function askPreview(next: Parsed, nextMapping: ColumnMapping | null, useProfile: boolean) {
    setPreview(null);
    previewFetcher.submit(
      { intent: "import-preview", file: fileBody(next, nextMapping, useProfile) },
      { method: "post", action: "/admin/productos", encType: "application/json" },
    );
  }

  async function readFile(file: File | undefined) {
    if (!file) return;
    setPhase("reading");
    try {
      const { text } = decodeCsvBytes(new Uint8Array(await file.arrayBuffer()));
      const { headers, data } = splitHeader(parseCsvText(text));
      if (data.length > IMPORT_MAX_ROWS) {
        throw new CsvError(
          CSV_ERRORS.invalid,
          `El archivo tiene ${data.length} filas; se pueden importar hasta ${IMPORT_MAX_ROWS} por vez.`,
        );
      }
      const next = { fileName: file.name, headers, data };
      const nextMapping = autoMatchColumns(headers);
      setParsed(next);
      setMapping(nextMapping);
      setManual(false);
      setMapError(null);
      setStep("map");
      askPreview(next, nextMapping, detectProfile(headers) !== null);
    } catch (error) {
      if (error instanceof CsvError)
        toast({
          type: "error",
          title: error.title,
          description: error.message === error.title ? undefined : error.message,
        });
      else toast({ type: "error", title: CSV_ERRORS.read, description: CSV_ERRORS.unreadable });
    } finally {
      setPhase("idle");
    }
  }

  function startImport() {
    if (!parsed || !mapping) return;
    if (!auto && mapping.name === null) {
      setMapError("Elegí la columna del nombre: es obligatoria.");
      return;
    }
    setMapError(null);
    setPhase("importing");
    fetcher.submit(
      { intent: "import", file: fileBody(parsed, mapping, auto) },
      { method: "post", action: "/admin/productos", encType: "application/json" },
    );
  }

  const mappedFields = mapping ? IMPORT_FIELDS.filter((f) => mapping[f] !== null) : [];

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return; // never closed half-way through an import
        onOpenChange(next);
        if (!next) reset();
      }}
    >
      <DialogContent
        title="Importar productos desde CSV"
        description={
          step === "file"
            ? "Paso 1 de 2: elegí el archivo."
            : step === "map"
              ? auto
                ? "Paso 2 de 2: revisá lo que se va a importar."
                : "Paso 2 de 2: asociá las columnas."
              : "Resultado de la importación."
        }
        size="max-w-4xl"
      >
        {step === "file" ? (
          <div className="space-y-4">
            <p className="text-sm text-slate-700">
              Podés subir la exportación de productos de Tiendanube, Shopify o WooCommerce tal como la descargaste, o
              cualquier planilla con una fila de encabezados. Antes de importar vas a ver qué se crea, qué se actualiza
              y qué se rechaza.
            </p>
            <div>
              <label htmlFor={`${ids}-file`} className="block text-sm font-medium text-slate-800">
                Archivo CSV
              </label>
              <input
                id={`${ids}-file`}
                type="file"
                accept=".csv,text/csv"
                disabled={busy}
                onChange={(e) => {
                  void readFile(e.target.files?.[0]);
                  e.target.value = "";
                }}
                className="mt-1 block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
              />
            </div>
            {phase === "reading" ? <ProgressBar label="Leyendo archivo..." /> : null}
            <a
              href="/admin/productos/plantilla"
              className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
            >
              <FileDown aria-hidden className="size-4" />
              Descargar plantilla (plantilla-productos.csv)
            </a>
          </div>
        ) : null}

        {step === "map" && parsed && mapping ? (
          <div className="space-y-5">
            <p className="text-sm text-slate-700">
              <strong>{parsed.fileName}</strong>: {parsed.data.length} {parsed.data.length === 1 ? "fila" : "filas"} de
              datos.
            </p>
            {profile ? (
              <div className="flex flex-wrap items-center gap-3 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm">
                <Info aria-hidden className="size-5 shrink-0 text-brand-700" />
                <p className="grow">
                  {auto ? (
                    <>
                      <strong>Detectamos una exportación de {PROFILE_NAMES[profile]}.</strong> Sus columnas se leen como
                      las escribe {PROFILE_NAMES[profile]}: variantes, precios, categorías, imágenes y publicación.
                    </>
                  ) : (
                    <>Estás asociando las columnas a mano en lugar de usar el formato de {PROFILE_NAMES[profile]}.</>
                  )}
                </p>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={busy}
                  onClick={() => {
                    setManual(auto);
                    askPreview(parsed, mapping, !auto);
                  }}
                >
                  {auto ? "Asociar columnas a mano" : `Usar el formato de ${PROFILE_NAMES[profile]}`}
                </Button>
              </div>
            ) : null}
            {!auto ? (
              <>
                <p className="text-sm text-slate-700">
                  Las columnas se asociaron por el nombre del encabezado; revisalas antes de importar.
                </p>
                <div className="grid gap-3 sm:grid-cols-2">
                  {IMPORT_FIELDS.map((field) => (
                    <div key={field}>
                      <label htmlFor={`${ids}-map-${field}`} className="block text-sm font-medium text-slate-800">
                        {IMPORT_FIELD_LABELS[field]}
                      </label>
                      <Select
                        id={`${ids}-map-${field}`}
                        className="mt-1"
                        disabled={busy}
                        value={mapping[field] === null ? "" : String(mapping[field])}
                        onChange={(e) => {
                          const next = { ...mapping, [field]: e.target.value === "" ? null : Number(e.target.value) };
                          setMapping(next);
                          askPreview(parsed, next, false);
                        }}
                        {...(field === "name" && mapError
                          ? { "aria-invalid": true, "aria-describedby": `${ids}-map-error` }
                          : {})}
                      >
                        <option value="">-- No importar --</option>
                        {parsed.headers.map((h, i) => (
                          <option key={i} value={i}>
                            {h || `Columna ${i + 1}`}
                          </option>
                        ))}
                      </Select>
                    </div>
                  ))}
                </div>
                {mapError ? (
                  <p id={`${ids}-map-error`} role="alert" className="text-sm text-red-700">
                    {mapError}
                  </p>
                ) : null}
                <div>
                  <h3 className="text-sm font-semibold text-slate-800">
                    Columnas asociadas (primeras {IMPORT_PREVIEW_ROWS} filas)
                  </h3>
                  <div className="mt-2">
                    <PreviewTable
                      rows={mapRows(parsed.data.slice(0, IMPORT_PREVIEW_ROWS), mapping)}
                      fields={mappedFields}
                    />
                  </div>
                </div>
              </>
            ) : null}
            {previewFetcher.state !== "idle" ? <ProgressBar label="Preparando la vista previa..." /> : null}
            {preview ? <PlanPreview preview={preview} /> : null}
            {phase === "importing" || fetcher.state !== "idle" || running ? (
              <ProgressBar
                label={`Importando ${parsed.data.length} filas... no cierres esta ventana.`}
                value={
                  running && polled && polled.total > 0
                    ? Math.min(99, Math.round((polled.processed / polled.total) * 100))
                    : undefined
                }
              />
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" disabled={busy} onClick={reset}>
                Volver
              </Button>
              <Button disabled={busy} onClick={startImport}>
                {busy
                  ? "Importando..."
                  : `Importar ${parsed.data.length} ${parsed.data.length === 1 ? "fila" : "filas"}`}
              </Button>
            </div>
          </div>
        ) : null}

        {step === "result" && result ? (
          <div className="space-y-4">
            {result.failure ? (
              <div
                role="alert"
                className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800"
              >
                <TriangleAlert aria-hidden className="size-5 shrink-0" />
                <div>
                  <p className="font-semibold">
                    {result.imported === 0 && result.failure === CSV_ERRORS.empty
                      ? CSV_ERRORS.empty
                      : CSV_ERRORS.failed}
                  </p>
                  <p>{result.failure}</p>
                </div>
              </div>
            ) : (
              <div
                role="status"
                className="flex gap-3 rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-green-900"
              >
                <CheckCircle2 aria-hidden className="size-5 shrink-0" />
                <div>
                  <p className="font-semibold">Importación completada</p>
                  <p>
                    Productos importados: {result.imported}. Filas con errores: {result.errors.length}.
                  </p>
                  <p>
                    Las imágenes de otros sitios se traen a la tienda en segundo plano; el resultado queda en{" "}
                    <a href="/admin/productos/importaciones" className="font-medium underline">
                      Importaciones
                    </a>
                    .
                  </p>
                </div>
              </div>
            )}
            <RowMessages title="Filas con errores (no se importaron)" rows={result.errors} />
            <RowMessages title="Avisos" rows={result.warnings ?? []} />
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={reset}>
                Importar otro archivo
              </Button>
              <Button
                onClick={() => {
                  onOpenChange(false);
                  reset();
                }}
              >
                Finalizar
              </Button>
            </div>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function RowMessages({ title, rows }: { title: string; rows: { row: number; message: string }[] }) {
  if (rows.length === 0) return null;
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-800">{title}</h3>
      <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto rounded-md border border-slate-200 p-3 text-sm text-slate-700">
        {rows.slice(0, SHOWN_ERRORS).map((e, i) => (
          <li key={`${e.row}-${i}`}>{e.message}</li>
        ))}
        {rows.length > SHOWN_ERRORS ? <li className="text-slate-500">y {rows.length - SHOWN_ERRORS} más.</li> : null}
      </ul>
    </div>
  );
}

const cents = (pesos: number | null) => (pesos === null ? "Sin precio" : formatARS(pesos));

/** What the import will do, as the server read the file. */
function PlanPreview({ preview }: { preview: ImportPreview }) {
  return (
    <section aria-label="Vista previa de la importación" className="space-y-4">
      <h3 className="text-sm font-semibold text-slate-800">Vista previa de la importación</h3>
      <p className="text-sm text-slate-700">
        Se van a crear <strong>{preview.create}</strong> productos y actualizar <strong>{preview.update}</strong>
        {preview.variants > 0 ? `, con ${preview.variants} variantes` : ""}; se rechazan{" "}
        <strong>{preview.refused}</strong> filas. Si una fila no se puede guardar, no se importa nada.
      </p>
      {preview.columns.length > 0 ? (
        <ul className="space-y-1 text-sm text-slate-700" aria-label="Lectura de los precios">
          {preview.columns.map((c) => (
            <li key={c.column}>
              <strong>{c.column}</strong>:{" "}
              {c.decimal
                ? `${c.decimal === "." ? "punto decimal" : "coma decimal"} — ${c.examples.map((e) => `${e.text} → ${formatARS(e.cents / 100)}`).join(", ")}`
                : `mezcla punto («${c.ambiguous?.[0]}») y coma («${c.ambiguous?.[1]}») decimales: se rechazan las filas que no se pueden leer con certeza`}
            </li>
          ))}
        </ul>
      ) : null}
      {preview.products.length > 0 ? (
        <Table>
          <THead>
            <tr>
              <TH>Fila</TH>
              <TH>Producto</TH>
              <TH>Acción</TH>
              <TH>Precio</TH>
              <TH>Oferta</TH>
              <TH>Stock</TH>
              <TH>Categoría</TH>
              <TH>Estado</TH>
            </tr>
          </THead>
          <tbody>
            {preview.products.map((p) => (
              <TR key={p.row}>
                <TD className="text-slate-500">{p.row}</TD>
                <TD>
                  {p.name}
                  {p.variants.length > 0 ? (
                    <span className="block text-xs text-slate-500">
                      {p.variants.length} variantes:{" "}
                      {p.variants
                        .slice(0, 4)
                        .map(
                          (v) =>
                            `${v.options} ${cents(v.price ?? p.price)}${v.salePrice === null ? "" : ` (oferta ${formatARS(v.salePrice)})`}`,
                        )
                        .join("; ")}
                      {p.variants.length > 4 ? "…" : ""}
                    </span>
                  ) : null}
                </TD>
                <TD>{p.action === "create" ? "Crear" : "Actualizar"}</TD>
                <TD>{cents(p.price)}</TD>
                <TD>{p.salePrice === null ? "" : formatARS(p.salePrice)}</TD>
                <TD>{p.stock}</TD>
                <TD>{p.category ?? ""}</TD>
                <TD>{p.status === "published" ? "Publicado" : "Borrador"}</TD>
              </TR>
            ))}
          </tbody>
        </Table>
      ) : null}
      {preview.categoriesNew.length > 0 ? (
        <p className="text-sm text-slate-700">Categorías nuevas: {preview.categoriesNew.join(", ")}.</p>
      ) : null}
      <RowMessages title="Filas que se rechazan" rows={preview.errors} />
      <RowMessages title="Avisos" rows={preview.warnings} />
    </section>
  );
}

/** A labelled progress bar; without a value it shows work of unknown length. */
function ProgressBar({ label, value }: { label: string; value?: number }) {
  const id = useId();
  return (
    <div>
      <p id={id} className="text-sm text-slate-700">
        {label} {value !== undefined ? `${value} %` : null}
      </p>
      <div
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={100}
        {...(value !== undefined ? { "aria-valuenow": value } : {})}
        className="mt-1 h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={
            value === undefined
              ? "h-full w-1/3 animate-pulse rounded-full bg-brand-600"
              : "h-full rounded-full bg-brand-600 transition-[width]"
          }
          style={value === undefined ? undefined : { width: `${value}%` }}
        />
      </div>
    </div>
  );
}

function PreviewTable({ rows, fields }: { rows: MappedRow[]; fields: ImportField[] }) {
  if (fields.length === 0) return <p className="text-sm text-slate-500">No hay columnas asociadas.</p>;
  return (
    <Table>
      <THead>
        <tr>
          <TH>Fila</TH>
          {fields.map((f) => (
            <TH key={f}>{IMPORT_FIELD_LABELS[f].replace(" (obligatorio)", "")}</TH>
          ))}
        </tr>
      </THead>
      <tbody>
        {rows.map((r) => (
          <TR key={r.row}>
            <TD className="text-slate-500">{r.row}</TD>
            {fields.map((f) => (
              <TD key={f} className="max-w-48 truncate" title={r.values[f] ?? ""}>
                {r.values[f] ?? ""}
              </TD>
            ))}
          </TR>
        ))}
      </tbody>
    </Table>
  );
}
