// Being written (issue [5/8]): serves files stored under data/uploads.
export function loader() {
  return new Response("No encontrado", { status: 404 });
}
