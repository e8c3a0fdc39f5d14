import type { Route } from "./+types/uploads";
import { readLocalUpload } from "~/utils/storage.server";

// Serves the files uploaded to the local storage (${DATA_DIR}/uploads). Names are checked
// against a strict pattern and resolved inside the folder, so ../ never leaves it. Files never
// change once written (unique names), hence the year-long immutable cache. The server adds
// X-Content-Type-Options: nosniff to every response.
export async function loader({ params }: Route.LoaderArgs) {
  const file = await readLocalUpload(params["*"] ?? "");
  if (!file) {
    return new Response("No encontrado", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
