import type { Route } from "./+types/products-template";
import { requireAdmin } from "~/utils/auth.server";

// Being written (issue [5/8]).
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return new Response("", { status: 204 });
}
