import { data } from "react-router";
import { useActionResult } from "~/components/use-action-result";
import { loadFailedToast } from "~/schemas/toast";
import type { Route } from "./+types/reviews";
import { AdminPage } from "~/components/admin/admin-page";
import { ListState } from "~/components/admin/list-state";
import { Pagination } from "~/components/admin/orders/pagination";
import { ReviewFilters } from "~/components/admin/reviews/review-filters";
import { type ReviewActionData, ReviewsTable, useModerationToasts } from "~/components/admin/reviews/reviews-table";
import { listReviews, moderateReview } from "~/models/review.server";
import { ReviewListQuerySchema, ReviewModerationSchema } from "~/schemas/review";
import { requireAdmin } from "~/utils/auth.server";
import { loadOrError } from "~/utils/load.server";
import { parseForm, readForm } from "~/utils/request.server";

// Buyers' reviews wait here for an admin: approved ones show on the product page and count in
// its rating; rejected ones never show.

export const meta: Route.MetaFunction = () => [{ title: "Opiniones | Admin Vitec" }];

const LOAD_ERROR = "No se pudieron cargar las opiniones.";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = ReviewListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { data: list, error } = await loadOrError("admin reviews", LOAD_ERROR, () => listReviews(query));
  return { list, query, error, toast: error ? loadFailedToast(error) : null };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  const parsed = parseForm(ReviewModerationSchema, form);
  if (!parsed.ok) {
    const description = Object.values(parsed.errors)[0];
    return data<ReviewActionData>(
      { ok: false, toast: { type: "error", title: "Error", description } },
      { status: 400 },
    );
  }
  const { reviewId, decision } = parsed.data;
  try {
    if (!(await moderateReview(reviewId, decision, admin))) {
      return data<ReviewActionData>(
        { ok: false, toast: { type: "error", title: "Error", description: "No encontramos la opinión." } },
        { status: 404 },
      );
    }
  } catch (error) {
    console.error("[admin reviews] moderation failed:", error);
    const description = "No se pudo guardar. Intentá de nuevo.";
    return data<ReviewActionData>(
      { ok: false, toast: { type: "error", title: "Error", description } },
      { status: 500 },
    );
  }
  return data<ReviewActionData>({
    ok: true,
    toast: { type: "success", title: decision === "approve" ? "Opinión aprobada" : "Opinión rechazada" },
  });
}

export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  const { list, query, error } = loaderData;
  useActionResult(loaderData, "idle");
  useModerationToasts();
  return (
    <AdminPage
      title="Opiniones"
      intro={
        <>
          Opiniones de clientes que recibieron el producto. Se publican en la página del producto cuando las aprobás.
          {list ? ` ${list.counts.pending === 1 ? "1 pendiente" : `${list.counts.pending} pendientes`}.` : null}
        </>
      }
    >
      {list ? (
        <div className="mt-4">
          <ReviewFilters status={query.status} counts={list.counts} />
        </div>
      ) : null}
      <ListState
        className="mt-6"
        data={list}
        error={error}
        isEmpty={(list) => list.reviews.length === 0}
        emptyText={query.status ? "No hay opiniones con ese estado." : "Todavía no hay opiniones."}
      >
        {(list) => (
          <>
            <ReviewsTable reviews={list.reviews} />
            <Pagination
              page={list.page}
              pageCount={list.pageCount}
              total={list.total}
              noun={list.total === 1 ? "opinión" : "opiniones"}
            />
          </>
        )}
      </ListState>
    </AdminPage>
  );
}
