import { CheckCircle2, FileDown, TriangleAlert } from "lucide-react";
import Papa from "papaparse";
import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { useToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { Select } from "~/components/ui/field";
import { TD, TH, THead, TR, Table } from "~/components/ui/table";
import { CSV_ERRORS, CsvError, csvParseConfig, splitHeader } from "~/domain/csv";
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
import type { ProductActionResult } from "~/schemas/product";
import { useActionResult } from "./form-kit";

type Step = "file" | "map" | "result";
type Parsed = { fileName: string; headers: string[]; data: string[][] };
type Result = NonNullable<ProductActionResult["import"]>;

const CHUNK_BYTES = 256 * 1024;
const PREPARE_BATCH = 1000;
const SHOWN_ERRORS = 200;

/** Gives the browser a frame to paint and handle input between two batches of work. */
const nextFrame = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * CSV import in 2 steps (spec 4): choose a file, then map its columns (auto-matched by header,
 * 5-row preview), then import. The file is read in the browser in 256 KB chunks (a 10,000-row
 * file never blocks the page), the mapped rows go to the server in one request, and the server
 * checks them again and saves the valid ones all or nothing.
 */
export function ImportWizard({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const fetcher = useFetcher<ProductActionResult>();
  const toast = useToast();
  const ids = useId();
  const [step, setStep] = useState<Step>("file");
  const [phase, setPhase] = useState<"idle" | "reading" | "preparing" | "importing">("idle");
  const [progress, setProgress] = useState(0);
  const [parsed, setParsed] = useState<Parsed | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [mapError, setMapError] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const busy = phase !== "idle" || fetcher.state !== "idle";

  useActionResult(fetcher.data, fetcher.state, (answer) => {
    if (answer.intent !== "import") return;
    setPhase("idle");
    setResult(answer.import ?? { imported: 0, errors: [], failure: answer.toast?.description ?? CSV_ERRORS.failed });
    setStep("result");
  });

  function reset() {
    setStep("file");
    setPhase("idle");
    setProgress(0);
    setParsed(null);
    setMapping(null);
    setMapError(null);
    setResult(null);
  }

  async function readFile(file: File | undefined) {
    if (!file) return;
    setPhase("reading");
    setProgress(0);
    try {
      const head = await file.slice(0, 64 * 1024).text();
      // A file saved by Excel as "CSV" on Windows is usually Windows-1252, not UTF-8.
      const encoding = head.slice(0, -4).includes("\uFFFD") ? "windows-1252" : "UTF-8";
      const rows: string[][] = [];
      await new Promise<void>((resolve, reject) => {
        Papa.parse<string[]>(file, {
          ...csvParseConfig(head),
          encoding,
          chunkSize: CHUNK_BYTES,
          chunk: (results) => {
            for (const row of results.data) rows.push(row);
            setProgress(Math.min(99, Math.round((results.meta.cursor / Math.max(1, file.size)) * 100)));
          },
          complete: () => resolve(),
          error: (error) => reject(new CsvError(CSV_ERRORS.read, error.message)),
        });
      });
      const { headers, data } = splitHeader(rows);
      if (data.length > IMPORT_MAX_ROWS) {
        throw new CsvError(
          CSV_ERRORS.invalid,
          `El archivo tiene ${data.length} filas; se pueden importar hasta ${IMPORT_MAX_ROWS} por vez.`,
        );
      }
      setProgress(100);
      setParsed({ fileName: file.name, headers, data });
      setMapping(autoMatchColumns(headers));
      setMapError(null);
      setStep("map");
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

  async function startImport() {
    if (!parsed || !mapping) return;
    if (mapping.name === null) {
      setMapError("Elegí la columna del nombre: es obligatoria.");
      return;
    }
    setMapError(null);
    setPhase("preparing");
    setProgress(0);
    const rows: MappedRow[] = [];
    for (let i = 0; i < parsed.data.length; i += PREPARE_BATCH) {
      for (const row of mapRows(parsed.data.slice(i, i + PREPARE_BATCH), mapping, 2 + i)) rows.push(row);
      setProgress(Math.round(((i + PREPARE_BATCH) / parsed.data.length) * 100));
      await nextFrame();
    }
    if (rows.length === 0) {
      setPhase("idle");
      toast({ type: "error", title: CSV_ERRORS.empty });
      return;
    }
    setPhase("importing");
    fetcher.submit({ intent: "import", rows }, { method: "post", encType: "application/json" });
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
              ? "Paso 2 de 2: asociá las columnas."
              : "Resultado de la importación."
        }
        size="max-w-3xl"
      >
        {step === "file" ? (
          <div className="space-y-4">
            <p className="text-sm text-slate-700">
              El archivo necesita una fila de encabezados y al menos una fila de datos. Los números se leen con coma
              decimal (1.234,50), las categorías que no existen se crean y el estado, si falta, es publicado.
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
            {phase === "reading" ? <ProgressBar label="Leyendo archivo..." value={progress} /> : null}
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
              datos. Las columnas se asociaron por el nombre del encabezado; revisalas antes de importar.
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
                    onChange={(e) =>
                      setMapping({ ...mapping, [field]: e.target.value === "" ? null : Number(e.target.value) })
                    }
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
                Vista previa (primeras {IMPORT_PREVIEW_ROWS} filas)
              </h3>
              <div className="mt-2">
                <PreviewTable
                  rows={mapRows(parsed.data.slice(0, IMPORT_PREVIEW_ROWS), mapping)}
                  fields={mappedFields}
                />
              </div>
            </div>
            {phase === "preparing" ? <ProgressBar label="Preparando filas..." value={progress} /> : null}
            {phase === "importing" || fetcher.state !== "idle" ? (
              <ProgressBar label={`Importando ${parsed.data.length} filas... no cierres esta ventana.`} />
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" disabled={busy} onClick={reset}>
                Volver
              </Button>
              <Button disabled={busy} onClick={() => void startImport()}>
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
                </div>
              </div>
            )}
            {result.warnings?.length ? (
              <div>
                <h3 className="text-sm font-semibold text-slate-800">Avisos (filas importadas)</h3>
                <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
                  {result.warnings.slice(0, SHOWN_ERRORS).map((w) => (
                    <li key={w.row}>{w.message}</li>
                  ))}
                  {result.warnings.length > SHOWN_ERRORS ? (
                    <li>y {result.warnings.length - SHOWN_ERRORS} filas más.</li>
                  ) : null}
                </ul>
              </div>
            ) : null}
            {result.errors.length > 0 ? (
              <div>
                <h3 className="text-sm font-semibold text-slate-800">Filas con errores (no se importaron)</h3>
                <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto rounded-md border border-slate-200 p-3 text-sm text-slate-700">
                  {result.errors.slice(0, SHOWN_ERRORS).map((e) => (
                    <li key={e.row}>{e.message}</li>
                  ))}
                  {result.errors.length > SHOWN_ERRORS ? (
                    <li className="text-slate-500">y {result.errors.length - SHOWN_ERRORS} filas más.</li>
                  ) : null}
                </ul>
              </div>
            ) : null}
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
