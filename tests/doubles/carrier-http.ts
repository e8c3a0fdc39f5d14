import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";

// What the carrier doubles share: an HTTP server on 127.0.0.1, the body read whole, and the fault
// knobs every test of a carrier needs (never answering, answering 500, answering nonsense).

export type CarrierFaults = {
  /** Hold every answer until the client gives up (no answer within any budget). */
  slow: boolean;
  /** Answer every call with HTTP 500 and an HTML page, as a failing IIS or gateway does. */
  error500: boolean;
  /** Answer every call with 200 and a body cut in half (broken XML / JSON). */
  malformed: boolean;
};

export const noFaults = (): CarrierFaults => ({ slow: false, error500: false, malformed: false });

export type Handler = (
  request: IncomingMessage,
  url: URL,
  body: string,
) => { status: number; type: string; body: string };

export async function startCarrierServer(
  port: number,
  faults: CarrierFaults,
  handle: Handler,
): Promise<{ server: Server; origin: string; close: () => Promise<void> }> {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (faults.slow) return; // never answers; the client's timeout or the budget ends it
      if (faults.error500) {
        response.writeHead(500, { "Content-Type": "text/html" });
        response.end("<html><body><h1>500 - Internal server error.</h1></body></html>");
        return;
      }
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      const answer = handle(request, url, Buffer.concat(chunks).toString("utf8"));
      const body = faults.malformed ? answer.body.slice(0, Math.floor(answer.body.length / 2)) : answer.body;
      response.writeHead(faults.malformed ? 200 : answer.status, { "Content-Type": answer.type });
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    server,
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A one-page PDF, enough for a label's bytes to be checked ("%PDF-" … "%%EOF"). */
export function tinyPdf(text: string): Buffer {
  const content = `BT /F1 18 Tf 20 100 Td (${text.replace(/[()\\]/g, "")}) Tj ET`;
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n` +
      `3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 283 425]/Contents 4 0 R>>endobj\n` +
      `4 0 obj<</Length ${content.length}>>stream\n${content}\nendstream endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
    "latin1",
  );
}
