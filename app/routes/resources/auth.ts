import type { Route } from "./+types/auth";
import { getAuth } from "~/utils/auth.server";

// better-auth's own HTTP endpoints (used by the browser client, e.g. session reads).
export function loader({ request }: Route.LoaderArgs) {
  return getAuth().handler(request);
}

export function action({ request }: Route.ActionArgs) {
  return getAuth().handler(request);
}
