import type { Route } from "./+types/products";
import { requireAdmin } from "~/utils/auth.server";

// Being written (issue [5/8]).
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Page() {
  return null;
}
