import { data } from "react-router";
import { useActionResult } from "~/components/use-action-result";
import { loadFailedToast } from "~/schemas/toast";
import type { Route } from "./+types/categories";
import { CategoriesScreen } from "~/components/admin/categories/categories-screen";
import { deleteCategories, listAdminCategories, saveCategory } from "~/models/admin-categories.server";
import { type CategoryActionResult, CategoryDeleteSchema, CategoryFormSchema } from "~/schemas/category";
import type { AuditActor } from "~/models/audit.server";
import { categoryAndDescendants, repricePegged, repriceSummary } from "~/models/dollar-pricing.server";
import { requireAdmin } from "~/utils/auth.server";
import { loadOrError } from "~/utils/load.server";
import { parseForm, readForm } from "~/utils/request.server";

export const meta: Route.MetaFunction = () => [{ title: "Categorías | Admin Vitec" }];

const LOAD_ERROR = "No se pudieron cargar las categorías.";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { data: categories, error } = await loadOrError("admin categories", LOAD_ERROR, listAdminCategories);
  return { categories: categories ?? [], error, toast: error ? loadFailedToast(error, "Error al cargar") : null };
}

/** Re-prices a category's pegged products; what the toast says about it ("" when it has none). */
async function repriceCategory(admin: AuditActor, categoryId: string): Promise<{ ok: boolean; text: string }> {
  try {
    const report = await repricePegged(admin, { categoryIds: await categoryAndDescendants(categoryId) });
    if (report.changed + report.unchanged + report.skipped.length === 0) return { ok: true, text: "" };
    return { ok: true, text: `Precios en dólares: ${repriceSummary(report)}` };
  } catch (error) {
    console.error("[admin categories] re-pricing failed:", error);
    return {
      ok: false,
      text: "No se pudieron recalcular sus precios en dólares: guardá la cotización de nuevo en Configuración.",
    };
  }
}

function answer(result: CategoryActionResult, status = 200) {
  return data(result, { status });
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  try {
    if (intent === "save") {
      const parsed = parseForm(CategoryFormSchema, form);
      if (!parsed.ok) {
        return answer(
          {
            intent,
            ok: false,
            errors: parsed.errors,
            toast: { type: "error", title: "Error al guardar", description: "Revisá los campos marcados." },
          },
          400,
        );
      }
      const result = await saveCategory(parsed.data);
      if (!result.ok) {
        const description = result.errors.form ?? Object.values(result.errors)[0] ?? "Revisá los campos marcados.";
        return answer(
          {
            intent,
            ok: false,
            errors: result.errors,
            toast: { type: "error", title: "Error al guardar", description },
          },
          result.status,
        );
      }
      if (!parsed.data.id)
        return answer({
          intent,
          ok: true,
          toast: { type: "success", title: "Guardado", description: "La categoría se creó." },
        });
      // Its markup (or its parent's, through a new parent) prices its dollar-pegged products and its
      // subcategories' (ADR 0020): they are re-priced now, and the toast says what changed.
      const repriced = await repriceCategory(admin, result.id);
      return answer({
        intent,
        ok: true,
        toast: {
          type: repriced.ok ? "success" : "info",
          title: "Guardado",
          description: `La categoría se actualizó.${repriced.text ? ` ${repriced.text}` : ""}`,
        },
      });
    }
    if (intent === "delete") {
      const parsed = parseForm(CategoryDeleteSchema, form, { lists: ["ids"] });
      if (!parsed.ok) {
        return answer(
          {
            intent,
            ok: false,
            toast: { type: "error", title: "Error al eliminar", description: Object.values(parsed.errors)[0] },
          },
          400,
        );
      }
      const deleted = await deleteCategories(parsed.data.ids);
      return answer({
        intent,
        ok: true,
        toast: { type: "success", title: "¡Éxito!", description: `${deleted} categoría(s) eliminada(s).` },
      });
    }
    return answer(
      { intent: null, ok: false, toast: { type: "error", title: "Error", description: "Acción desconocida." } },
      400,
    );
  } catch (error) {
    console.error(`[admin categories] ${String(intent)} failed:`, error);
    const title = intent === "delete" ? "Error al eliminar" : "Error al guardar";
    return answer(
      {
        intent: typeof intent === "string" ? intent : null,
        ok: false,
        toast: { type: "error", title, description: "Ocurrió un error inesperado. Intentá de nuevo." },
      },
      500,
    );
  }
}

export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  useActionResult(loaderData, "idle");
  return <CategoriesScreen categories={loaderData.categories} error={loaderData.error} />;
}
