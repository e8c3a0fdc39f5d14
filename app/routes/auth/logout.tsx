import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { signOut } from "~/utils/auth.server";

// Sign-out is a POST (a link could be prefetched or forged); it returns to the home page.
export async function action({ request }: Route.ActionArgs) {
  return redirect("/", { headers: await signOut(request) });
}

export function loader() {
  return redirect("/");
}
