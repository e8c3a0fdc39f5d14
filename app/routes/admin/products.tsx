import { type ShouldRevalidateFunctionArgs, data } from "react-router";
import type { Route } from "./+types/products";
import { ProductsScreen } from "~/components/admin/products/products-screen";
import { CSV_ERRORS } from "~/domain/csv";
import { autoMatchColumns } from "~/domain/product-import";
import { cleanInput } from "~/domain/text";
import { kickImports } from "~/jobs/product-import.server";
import { deleteProducts } from "~/models/admin-product-delete.server";
import { duplicateProduct } from "~/models/admin-product-duplicate.server";
import { listAdminProducts, searchProductsForRelation } from "~/models/admin-product-list.server";
import { saveProduct } from "~/models/admin-product-save.server";
import { listCategories } from "~/models/catalog.server";
import {
  type ImportStatus,
  getImportStatus,
  planImport,
  previewImport,
  queueImport,
} from "~/models/product-imports.server";
import { type ProductActionResult, ProductJsonActionSchema } from "~/schemas/product-actions";
import { ProductFormSchema } from "~/schemas/product-form";
import { parseProductListQuery } from "~/schemas/product-list-query";
import { requireAdmin } from "~/utils/auth.server";
import { MAX_IMAGE_BYTES, UPLOAD_ERROR_TITLE, storeProductImage } from "~/services/storage.server";
import { fieldErrors, dottedPath } from "~/domain/field-errors";

export const meta: Route.MetaFunction = () => [{ title: "Productos | Admin Vitec" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = parseProductListQuery(new URL(request.url).searchParams);
  try {
    const [list, categories] = await Promise.all([listAdminProducts(query), listCategories()]);
    return { list, categories, query, error: null };
  } catch (error) {
    console.error("[admin products] list failed:", error);
    return { list: null, categories: [], query, error: "No se pudieron cargar los productos." };
  }
}

function answer(result: ProductActionResult, status = 200) {
  return data(result, { status });
}

const FAILURE_TITLES: Record<string, string> = {
  save: "Error al guardar",
  delete: "Error al eliminar",
  "bulk-delete": "Error al eliminar",
  duplicate: "Error al duplicar",
  "search-related": "Error al cargar",
  import: CSV_ERRORS.failed,
  "import-preview": "Error al leer el archivo",
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** How long the import answer waits for a queued import before leaving it to the progress bar. */
const INLINE_WAIT_MS = 3_000;

/** Starts the import job and waits up to `ms` for the import to end; its state then. */
async function waitForImport(id: string, ms: number): Promise<ImportStatus | null> {
  kickImports();
  const until = Date.now() + ms;
  for (;;) {
    const status = await getImportStatus(id);
    if (!status || status.status === "done" || status.status === "failed" || Date.now() > until) return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function importSummary(total: number, report: NonNullable<ImportStatus["report"]>, errors: number): string {
  return report.updated + report.unchanged > 0
    ? `Se importaron ${plural(total, "producto", "productos")}: ${report.created} ${report.created === 1 ? "nuevo" : "nuevos"}, ${report.updated} ${report.updated === 1 ? "actualizado" : "actualizados"}, ${report.unchanged} sin cambios. Errores: ${errors}.`
    : `Se importaron ${plural(total, "producto", "productos")}. Errores: ${errors}.`;
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const contentType = request.headers.get("Content-Type") ?? "";
  if (contentType.startsWith("multipart/form-data")) return uploadImage(request);

  let body: unknown;
  try {
    body = await request.json();
    // PostgreSQL text cannot hold a NUL character: refused here rather than failing in the database.
    if (JSON.stringify(body).includes("\\u0000")) throw new Error("NUL in the request");
    // Names, descriptions, SKUs...: cleaned of control and bidirectional override characters.
    body = cleanInput(body);
  } catch {
    return answer(
      { intent: null, ok: false, toast: { type: "error", title: "Error", description: "La solicitud no es válida." } },
      400,
    );
  }
  const parsed = ProductJsonActionSchema.safeParse(body);
  if (!parsed.success) {
    const intent =
      typeof (body as { intent?: unknown })?.intent === "string" ? (body as { intent: string }).intent : null;
    const message = parsed.error.issues[0]?.message ?? "La solicitud no es válida.";
    return answer(
      {
        intent,
        ok: false,
        toast: { type: "error", title: FAILURE_TITLES[intent ?? ""] ?? "Error", description: message },
      },
      400,
    );
  }
  const input = parsed.data;

  try {
    switch (input.intent) {
      case "save": {
        const form = ProductFormSchema.safeParse(input.product);
        if (!form.success) {
          return answer(
            {
              intent: "save",
              ok: false,
              errors: fieldErrors(form.error, dottedPath),
              toast: { type: "error", title: "Error al guardar", description: "Revisá los campos marcados." },
            },
            400,
          );
        }
        const result = await saveProduct(admin, form.data);
        if (!result.ok) {
          const description = result.errors.form ?? "Revisá los campos marcados.";
          return answer(
            {
              intent: "save",
              ok: false,
              errors: result.errors,
              toast: { type: "error", title: "Error al guardar", description },
            },
            result.status,
          );
        }
        return answer({
          intent: "save",
          ok: true,
          toast: { type: "success", title: "Guardado", description: `«${form.data.name}» se guardó correctamente.` },
        });
      }
      case "delete": {
        const deleted = await deleteProducts(admin, [input.id]);
        if (deleted === 0) {
          return answer(
            {
              intent: "delete",
              ok: false,
              toast: { type: "error", title: "Error al eliminar", description: "El producto ya no existe." },
            },
            404,
          );
        }
        return answer({
          intent: "delete",
          ok: true,
          toast: { type: "success", title: "Eliminado", description: "El producto se eliminó." },
        });
      }
      case "bulk-delete": {
        const deleted = await deleteProducts(admin, input.ids);
        return answer({
          intent: "bulk-delete",
          ok: true,
          toast: {
            type: "success",
            title: "Eliminado",
            description: `Se eliminaron ${plural(deleted, "producto", "productos")}.`,
          },
        });
      }
      case "duplicate": {
        const copy = await duplicateProduct(admin, input.id);
        if (!copy) {
          return answer(
            {
              intent: "duplicate",
              ok: false,
              toast: { type: "error", title: "Error al duplicar", description: "El producto ya no existe." },
            },
            404,
          );
        }
        return answer({
          intent: "duplicate",
          ok: true,
          toast: { type: "success", title: "Duplicado", description: "La copia se creó como borrador." },
        });
      }
      case "search-related": {
        return answer({
          intent: "search-related",
          ok: true,
          related: await searchProductsForRelation(input.q, input.exclude),
        });
      }
      case "import-preview": {
        // What the file would do, read from the database; nothing is written.
        const plan = planImport(input.file, autoMatchColumns(input.file.headers));
        return answer({
          intent: "import-preview",
          ok: true,
          preview: await previewImport(plan, input.file.data.length),
        });
      }
      case "import": {
        // Every rule runs again on the server; the checked products are queued and written in the
        // background, all or nothing. A small file is usually done before the answer goes back.
        const plan = planImport(input.file, autoMatchColumns(input.file.headers));
        const { errors, warnings } = plan;
        if (plan.products.length === 0) {
          return answer(
            {
              intent: "import",
              ok: false,
              import: { imported: 0, errors, warnings, failure: CSV_ERRORS.empty },
              toast: {
                type: "error",
                title: CSV_ERRORS.empty,
                description: `Ninguna fila tiene datos válidos (${plural(errors.length, "fila", "filas")} con errores).`,
              },
            },
            400,
          );
        }
        const id = await queueImport(admin, input.file.fileName, plan);
        const status = await waitForImport(id, INLINE_WAIT_MS);
        if (!status || status.status === "queued" || status.status === "running") {
          return answer({
            intent: "import",
            ok: true,
            import: { imported: 0, errors, warnings, failure: null, importId: id },
          });
        }
        const report = status.report!;
        if (status.status === "failed") {
          return answer(
            {
              intent: "import",
              ok: false,
              import: { imported: 0, errors, warnings, failure: report.failure, importId: id },
              toast: { type: "error", title: CSV_ERRORS.failed, description: report.failure ?? CSV_ERRORS.failed },
            },
            409,
          );
        }
        return answer({
          intent: "import",
          ok: true,
          import: { imported: status.total, errors, warnings, failure: null },
          toast: {
            type: "success",
            title: "Importación completada",
            description: importSummary(status.total, report, errors.length),
          },
        });
      }
    }
  } catch (error) {
    console.error(`[admin products] ${input.intent} failed:`, error);
    const description =
      input.intent === "search-related"
        ? "No se pudieron cargar los productos relacionados"
        : "Ocurrió un error inesperado. Intentá de nuevo.";
    const result: ProductActionResult = {
      intent: input.intent,
      ok: false,
      toast: { type: "error", title: FAILURE_TITLES[input.intent] ?? "Error", description },
    };
    if (input.intent === "import")
      result.import = { imported: 0, errors: [], failure: `${description} No se importó ningún producto.` };
    return answer(result, 500);
  }
}

async function uploadImage(request: Request) {
  const fail = (description: string, status: number) =>
    answer(
      { intent: "upload-image", ok: false, toast: { type: "error", title: UPLOAD_ERROR_TITLE, description } },
      status,
    );
  // Refused before reading: the body of a too-large upload is never buffered.
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > MAX_IMAGE_BYTES + 64 * 1024) return fail("La imagen supera los 5 MB.", 413);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return fail("No se pudo leer el archivo.", 400);
  }
  if (form.get("intent") !== "upload-image") return fail("La solicitud no es válida.", 400);
  const result = await storeProductImage(form.get("file"));
  if (!result.ok) return fail(result.message, 400);
  return answer({ intent: "upload-image", ok: true, url: result.url });
}

/** Uploads and related-product searches change nothing on the page: no reload of the list. */
export function shouldRevalidate({ formData, json, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get("intent") ?? (json as { intent?: unknown } | undefined)?.intent;
  if (intent === "upload-image" || intent === "search-related") return false;
  return defaultShouldRevalidate;
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  return <ProductsScreen {...loaderData} />;
}
