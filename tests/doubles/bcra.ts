import { type Server, createServer } from "node:http";
import type { AddressInfo, Socket } from "node:net";

// A local stand-in for the BCRA's Estadísticas Cambiarias API v1.0 (api.bcra.gob.ar, no token):
// GET /estadisticascambiarias/v1.0/Cotizaciones answers the latest day's rates as the BCRA
// documents them, { status: 200, results: { fecha, detalle: [{ codigoMoneda, descripcion,
// tipoPase, tipoCotizacion }] } }; an unknown path answers 404 with { status, errorMessages }.
// Knobs: the dollar's rate and its day, and a failure (never answering, HTTP 500 with the
// error body, a body cut in half, a day without the dollar). Tests start it in-process.

export type BcraFailure = "none" | "slow" | "error500" | "malformed" | "no_usd";

export type BcraDouble = {
  url: string;
  /** The dollar's rate the next answer carries (pesos per dollar, as the BCRA writes it). */
  usd: number;
  /** The day the next answer is from, "2026-11-26". */
  fecha: string;
  failure: BcraFailure;
  /** How many calls it answered (or held). */
  calls: number;
  close(): Promise<void>;
};

const PATH = "/estadisticascambiarias/v1.0/Cotizaciones";

export async function startBcraDouble(options: { port?: number; host?: string } = {}): Promise<BcraDouble> {
  const sockets = new Set<Socket>();
  const double: BcraDouble = {
    url: "",
    usd: 1452.5,
    fecha: "2026-11-26",
    failure: "none",
    calls: 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((request, response) => {
    double.calls += 1;
    const url = new URL(request.url ?? "/", "http://localhost");
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "Content-Type": "application/json; charset=utf-8" });
      response.end(typeof body === "string" ? body : JSON.stringify(body));
    };
    if (double.failure === "slow") return; // the client's timeout ends it
    if (request.method !== "GET" || url.pathname.toLowerCase() !== PATH.toLowerCase()) {
      return send(404, { status: 404, errorMessages: ["Recurso no encontrado."] });
    }
    if (double.failure === "error500") {
      return send(500, { status: 500, errorMessages: ["Error interno del servidor."] });
    }
    const detalle = [
      { codigoMoneda: "EUR", descripcion: "EURO", tipoPase: 1.16, tipoCotizacion: Math.round(double.usd * 116) / 100 },
      ...(double.failure === "no_usd"
        ? []
        : [{ codigoMoneda: "USD", descripcion: "DOLAR E.E.U.U.", tipoPase: 0, tipoCotizacion: double.usd }]),
      { codigoMoneda: "BRL", descripcion: "REAL (Brasil)", tipoPase: 5.3, tipoCotizacion: 274.05 },
    ];
    const body = JSON.stringify({ status: 200, results: { fecha: double.fecha, detalle } });
    send(200, double.failure === "malformed" ? body.slice(0, Math.floor(body.length / 2)) : body);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  double.url = `http://${options.host ?? "127.0.0.1"}:${(server.address() as AddressInfo).port}`;
  return double;
}
