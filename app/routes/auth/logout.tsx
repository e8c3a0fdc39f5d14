import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { safeRedirect } from "~/domain/safe-redirect";
import { signOut } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";

// Sign-out is a POST (a link could be prefetched or forged); it returns to the home page.
export async function action({ request }: Route.ActionArgs) {
  const result = await signOut(request);
  if (result.ok) return redirect("/", { headers: result.headers });
  // Spec: a failed sign-out says so. The user is still signed in and stays on the page they
  // were on, where they can try again.
  return redirectWithToast(pageBefore(request), {
    type: "error",
    title: "Error al cerrar sesión",
    description: result.message ?? "Ocurrió un error inesperado.",
  });
}

/** The page the sign-out form was on (a path of this site), else the home page. */
function pageBefore(request: Request): string {
  const referer = request.headers.get("Referer");
  if (!referer || !URL.canParse(referer)) return "/";
  const url = new URL(referer);
  return safeRedirect(`${url.pathname}${url.search}`, "/");
}

export function loader() {
  return redirect("/");
}
