import type { Route } from "./+types/auth";
import { getAuth } from "~/utils/auth.server";

// better-auth's own HTTP endpoints, limited to the session read. Signing in, signing up and
// password resets go through the store's forms (rate limits, the per-account delay, the
// customer's profile row), so better-auth's direct endpoints for them would be a way around
// those checks: they answer 404 here, as does every endpoint not listed.
const OPEN_ENDPOINTS = new Set(["GET /api/auth/get-session", "GET /api/auth/ok"]);

function handle(request: Request) {
  const { pathname } = new URL(request.url);
  if (!OPEN_ENDPOINTS.has(`${request.method} ${pathname}`)) {
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return getAuth().handler(request);
}

export function loader({ request }: Route.LoaderArgs) {
  return handle(request);
}

export function action({ request }: Route.ActionArgs) {
  return handle(request);
}
