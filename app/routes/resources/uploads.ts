import type { Route } from "./+types/uploads";
import { UPLOAD_CACHE_CONTROL, isValidKey } from "~/services/file-storage";
import { contentTypeOf, getStorage } from "~/services/storage.server";

// Serves uploaded files from the storage in use: the local disk (${DATA_DIR}/uploads) or the
// S3-compatible bucket. With a public bucket address (S3_PUBLIC_URL) it sends the browser there
// instead (images uploaded before the move to the bucket keep their /uploads/ address). Names are
// checked against a strict pattern (no ../, image extensions only). Files never change once
// written (unique names), hence the year-long immutable cache. The server adds
// X-Content-Type-Options: nosniff to every response.
const notFound = () =>
  new Response("No encontrado", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function loader({ params }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  const contentType = contentTypeOf(key);
  if (!isValidKey(key) || !contentType) return notFound();
  const storage = getStorage();
  const elsewhere = storage.publicUrl(key);
  if (elsewhere) {
    return new Response(null, {
      status: 301,
      headers: { Location: elsewhere, "Cache-Control": UPLOAD_CACHE_CONTROL },
    });
  }
  const file = await storage.read(key);
  if (!file) return notFound();
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      // The type its name says (an image), whatever the bucket's metadata claims.
      "Content-Type": contentType,
      "Content-Length": String(file.bytes.length),
      "Cache-Control": UPLOAD_CACHE_CONTROL,
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
