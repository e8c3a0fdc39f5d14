import { randomBytes } from "node:crypto";
import { type CarrierFaults, noFaults, startCarrierServer, tinyPdf } from "./carrier-http";
import type { MiCorreoConfig } from "~/services/carriers/config.server";

// A local stand-in for Correo Argentino's MiCorreo API (/micorreo/v1, "API MiCorreo" 2025-01-14,
// research note carriers.md §3) and the labels of Paq.ar (/paqar/v1/labels, §4): POST /token
// (Basic; a JWT-looking token and its `expires` in Argentina's time without offset), POST
// /users/validate, POST /rates (D and S, weight 1–25 000 g, sides up to 150 cm; the double's own
// prices), GET /agencies by province, POST /shipping/import (idempotent on extOrderId: "La orden
// ya fue importada con anterioridad"), GET /shipping/tracking (an unknown number: 200 with an
// error body). Fault knobs: slow (never answers), error500, malformed. Tests start it
// in-process; `npm run carriers:sandbox` starts it for a person.

export const MICORREO_TEST = {
  user: "tienda-test",
  password: "clave-test",
  customerId: "0001234567",
  paqarApiKey: "paqar-test-key",
  paqarAgreement: "18017",
};

export type MiCorreoImport = { extOrderId: string; body: Record<string, unknown>; trackingNumber: string | null };

export type MiCorreoDouble = {
  url: string;
  apiUrl: string;
  paqarUrl: string;
  faults: CarrierFaults;
  unknownPostalCodes: Set<string>;
  imports: MiCorreoImport[];
  tokensIssued: number;
  /** Correo assigns a tracking number to an imported order (what staff would read in MiCorreo). */
  assignTracking(extOrderId: string): string;
  addEvent(trackingNumber: string, event: string, date?: string): void;
  close(): Promise<void>;
};

const json = (status: number, body: unknown) => ({ status, type: "application/json", body: JSON.stringify(body) });
const error = (status: number, code: string, message: string) => json(status, { code, message });

/** Argentina's local time (UTC-3) as MiCorreo writes it: "2026-11-26 20:30:00", no offset. */
function argentine(at: Date): string {
  return new Date(at.getTime() - 3 * 3600_000).toISOString().slice(0, 19).replace("T", " ");
}

const PROVINCE_AGENCIES: Record<
  string,
  { code: string; name: string; street: string; number: string; city: string; postalCode: string }[]
> = {
  B: [
    {
      code: "B0001",
      name: "La Plata Centro",
      street: "Calle 7",
      number: "1000",
      city: "La Plata",
      postalCode: "B1900AAA",
    },
    { code: "B0002", name: "Quilmes", street: "Rivadavia", number: "300", city: "Quilmes", postalCode: "B1878AAB" },
    {
      code: "B0003",
      name: "Mar del Plata",
      street: "Luro",
      number: "2400",
      city: "Mar del Plata",
      postalCode: "B7600AAC",
    },
  ],
  C: [
    { code: "C0001", name: "Correo Central", street: "Sarmiento", number: "151", city: "CABA", postalCode: "C1041AAC" },
    { code: "C0002", name: "Palermo", street: "Av. Santa Fe", number: "3800", city: "CABA", postalCode: "C1425BHA" },
  ],
  X: [
    { code: "X0001", name: "Córdoba Centro", street: "Colón", number: "200", city: "Córdoba", postalCode: "X5000AAA" },
  ],
};

export async function startMiCorreoDouble(options: { port?: number } = {}): Promise<MiCorreoDouble> {
  const faults = noFaults();
  const unknownPostalCodes = new Set<string>();
  const imports: MiCorreoImport[] = [];
  const tokens = new Map<string, number>();
  const events = new Map<string, { event: string; date: string; branch: string; status: string }[]>();
  let tokensIssued = 0;

  const { origin, close } = await startCarrierServer(options.port ?? 0, faults, (request, url, raw) => {
    const path = url.pathname;
    if (path.startsWith("/paqar/v1/")) {
      if (request.headers.authorization !== `Apikey ${MICORREO_TEST.paqarApiKey}`)
        return error(401, "401", "Apikey inválida");
      if (path !== "/paqar/v1/labels" || request.method !== "POST") return error(404, "404", "Not found");
      const asked = parse(raw) as { trackingNumber?: string }[] | undefined;
      const known = new Set(imports.map((i) => i.trackingNumber).filter(Boolean));
      if (!Array.isArray(asked) || !asked[0]?.trackingNumber || !known.has(asked[0].trackingNumber)) {
        return error(400, "400", "Número de seguimiento inexistente");
      }
      const pdf = tinyPdf(`Correo ${asked[0].trackingNumber} ${url.searchParams.get("labelFormat")}`).toString(
        "base64",
      );
      return json(200, [{ fileBase64: pdf, fileName: `${asked[0].trackingNumber}.pdf`, result: "OK" }]);
    }
    const route = path.replace(/^\/micorreo\/v1/, "");
    if (route === "/token" && request.method === "POST") {
      const expected = `Basic ${Buffer.from(`${MICORREO_TEST.user}:${MICORREO_TEST.password}`).toString("base64")}`;
      if (request.headers.authorization !== expected) return error(401, "401", "Usuario o contraseña incorrectos");
      const token = `eyJ${randomBytes(24).toString("base64url")}`;
      const until = new Date(Date.now() + 2.5 * 3600_000);
      tokens.set(token, until.getTime());
      tokensIssued++;
      return json(200, { token, expires: argentine(until) });
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (!bearer || (tokens.get(bearer) ?? 0) < Date.now()) return error(401, "401", "Token inválido o vencido");
    const body = (parse(raw) ?? {}) as Record<string, unknown>;

    if (route === "/users/validate" && request.method === "POST") {
      return json(200, { customerId: MICORREO_TEST.customerId, createdAt: argentine(new Date()) });
    }
    if (route === "/rates" && request.method === "POST") {
      const dims = body.dimensions as Record<string, unknown> | undefined;
      const destination = String(body.postalCodeDestination ?? "");
      if (body.customerId !== MICORREO_TEST.customerId) return error(400, "1001", "customerId inválido");
      if (!/^\d{4}$/.test(destination) || unknownPostalCodes.has(destination)) {
        return error(400, "1002", "Código postal de destino inválido");
      }
      const weight = Number(dims?.weight);
      const sides = ["height", "width", "length"].map((k) => Number(dims?.[k]));
      if (!Number.isInteger(weight) || weight < 1 || weight > 25_000) {
        return error(400, "1003", "El peso debe estar entre 1 y 25000 gramos");
      }
      if (sides.some((s) => !Number.isInteger(s) || s < 1 || s > 150)) {
        return error(400, "1004", "Las dimensiones deben estar entre 1 y 150 cm");
      }
      const far = Math.abs(Number(destination) - Number(body.postalCodeOrigin)) > 1000;
      const base = 5200 + Math.ceil(weight / 1000) * 700 + (far ? 2800 : 0);
      const types = body.deliveredType === "D" || body.deliveredType === "S" ? [body.deliveredType] : ["D", "S"];
      return json(200, {
        customerId: MICORREO_TEST.customerId,
        validTo: argentine(new Date(Date.now() + 3600_000)),
        rates: types.map((type) => ({
          deliveredType: type,
          productType: "CP",
          productName: "Clásico",
          price: type === "D" ? base + 1500 : base,
          deliveryTimeMin: far ? "4" : "2",
          deliveryTimeMax: far ? "7" : "4",
        })),
      });
    }
    if (route === "/agencies" && request.method === "GET") {
      const province = url.searchParams.get("provinceCode") ?? "";
      return json(
        200,
        (PROVINCE_AGENCIES[province] ?? []).map((a) => ({
          code: a.code,
          name: a.name,
          manager: "",
          email: "",
          phone: "0810-777-7787",
          services: { packageReception: true, pickupAvailability: true },
          location: {
            address: {
              streetName: a.street,
              streetNumber: a.number,
              floor: null,
              apartment: null,
              locality: a.city,
              city: a.city,
              province: province === "C" ? "CAPITAL FEDERAL" : "PROVINCIA",
              provinceCode: province,
              postalCode: a.postalCode,
            },
            latitude: "-34.6",
            longitude: "-58.4",
          },
          hours: {
            sunday: null,
            monday: { start: "0900", end: "1800" },
            tuesday: { start: "0900", end: "1800" },
            wednesday: { start: "0900", end: "1800" },
            thursday: { start: "0900", end: "1800" },
            friday: { start: "0900", end: "1800" },
            saturday: { start: "0900", end: "1300" },
            holidays: null,
          },
          status: "ACTIVE",
        })),
      );
    }
    if (route === "/shipping/import" && request.method === "POST") {
      const extOrderId = String(body.extOrderId ?? "");
      if (body.customerId !== MICORREO_TEST.customerId || !extOrderId) return error(400, "2001", "Datos incompletos");
      if (imports.some((i) => i.extOrderId === extOrderId)) {
        return error(400, "2002", "La orden ya fue importada con anterioridad");
      }
      imports.push({ extOrderId, body, trackingNumber: null });
      return json(200, { createdAt: argentine(new Date()) });
    }
    if (route === "/shipping/tracking" && request.method === "GET") {
      const id = url.searchParams.get("shippingId") ?? "";
      const list = events.get(id);
      if (!list) return json(200, { code: "3001", message: "No se encontraron resultados para el envío" });
      return json(200, [{ id: "1", productId: "CP", trackingNumber: id, events: list }]);
    }
    return error(404, "404", "Recurso inexistente");
  });

  return {
    url: origin,
    apiUrl: `${origin}/micorreo/v1`,
    paqarUrl: `${origin}/paqar/v1`,
    faults,
    unknownPostalCodes,
    imports,
    get tokensIssued() {
      return tokensIssued;
    },
    assignTracking(extOrderId) {
      const found = imports.find((i) => i.extOrderId === extOrderId);
      if (!found) throw new Error(`MiCorreo double: no import ${extOrderId}`);
      found.trackingNumber ??= `000500${String(imports.indexOf(found) + 1).padStart(7, "0")}`;
      events.set(found.trackingNumber, [
        { event: "PREIMPOSICION", date: argentine(new Date()), branch: "", status: "" },
      ]);
      return found.trackingNumber;
    },
    addEvent(trackingNumber, event, date = argentine(new Date())) {
      const list = events.get(trackingNumber);
      if (!list) throw new Error(`MiCorreo double: no tracking ${trackingNumber}`);
      list.push({ event, date, branch: "CENTRO DE PROCESAMIENTO", status: "" });
    },
    close,
  };
}

function parse(raw: string): unknown {
  try {
    return raw ? (JSON.parse(raw) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** The store's MiCorreo configuration pointed at this double (without Paq.ar). */
export function miCorreoDoubleConfig(double: MiCorreoDouble): MiCorreoConfig {
  return {
    apiUrl: double.apiUrl,
    user: MICORREO_TEST.user,
    password: MICORREO_TEST.password,
    customerId: MICORREO_TEST.customerId,
    originPostalCode: "1043",
    paqar: null,
    timeoutMs: 15_000,
  };
}
