import { readContentVersion } from "./content-version.server";

// How a product feed is answered: streamed as it is read (a large catalogue never sits in
// memory), tagged with the content version, so a fetcher that sends the tag back gets a 304
// until a product, category or setting changes (ADR 0005's version), and shared caches or a CDN
// may keep it for an hour.

export async function feedResponse(
  request: Request,
  name: string,
  contentType: string,
  parts: () => AsyncGenerator<string>,
): Promise<Response> {
  const etag = `"feed-${name}-${await readContentVersion()}"`;
  const headers = { ETag: etag, "Cache-Control": "public, max-age=3600", "Content-Type": contentType };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  const encoder = new TextEncoder();
  const iterator = parts();
  // The reader may go away (a fetcher that hangs up) while a batch is being read.
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await iterator.next();
        if (cancelled) return;
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      } catch (error) {
        console.error(`[feeds] ${name} failed:`, error);
        if (!cancelled) controller.error(error);
      }
    },
    async cancel() {
      cancelled = true;
      await iterator.return(undefined);
    },
  });
  return new Response(body, { headers });
}
