import { redirect } from "react-router";

// Spec: any unknown path redirects to /.
export function loader() {
  return redirect("/");
}

export function action() {
  return redirect("/");
}
