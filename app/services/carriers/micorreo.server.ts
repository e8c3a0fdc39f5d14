import { z } from "zod";
import { type CarrierService, argentineTime, carrierPostalCode } from "~/domain/carrier-quotes";
import { parsePostalCode } from "~/domain/postal-code";
import type { Parcel } from "~/domain/parcels";
import type { MiCorreoConfig } from "./config.server";
import { CarrierError } from "./errors";
import { carrierFetch, httpError } from "./http.server";
import type { Branch, CarrierAdapter, CarrierOption, TrackingEvent } from "./types";

// Correo Argentino MiCorreo (research note carriers.md §3; "API MiCorreo" 2025-01-14): JSON over
// HTTPS with a bearer token from POST /token (Basic user:password; about 2.5 h; its `expires` is
// Argentina's local time without an offset). Rates per parcel (weight 1–25 000 g, sides up to
// 150 cm), D (a domicilio) or S (a sucursal); MiCorreo quotes final prices (IVA included: the
// price its own site charges a consumer), so they are taken as they come. Shipments are imported
// with the order number as extOrderId: a repeat answers "ya fue importada", which is success.
// The import gives no tracking number (Correo assigns it later) and no label: labels come from
// Paq.ar (POST /labels) only where the merchant has that agreement and the number is known.

export const MICORREO_LIMITS = { maxWeightGrams: 25_000, maxSideCm: 150, maxParcels: 10 };

const TokenAnswer = z.object({ token: z.string().min(10), expires: z.string().min(10) });

const Rate = z.object({
  deliveredType: z.enum(["D", "S"]),
  productType: z.string().min(1),
  productName: z.string().min(1),
  price: z.coerce.number().nonnegative(),
  deliveryTimeMin: z.coerce.number().int().nonnegative().optional(),
  deliveryTimeMax: z.coerce.number().int().nonnegative().optional(),
});
const RatesAnswer = z.object({ validTo: z.string().optional(), rates: z.array(Rate) });

const Day = z.object({ start: z.string(), end: z.string() }).nullable().optional();
const Agency = z.object({
  code: z.string().min(1),
  name: z.string(),
  location: z.object({
    address: z.object({
      streetName: z.string().nullish(),
      streetNumber: z.string().nullish(),
      locality: z.string().nullish(),
      city: z.string().nullish(),
      province: z.string().nullish(),
      postalCode: z.string().nullish(),
    }),
  }),
  hours: z.record(z.string(), Day).nullish(),
  status: z.string().optional(),
});
const AgenciesAnswer = z.array(Agency);

const TrackingAnswer = z.array(
  z.object({
    trackingNumber: z.string().optional(),
    events: z.array(
      z.object({ event: z.string(), date: z.string(), branch: z.string().nullish(), status: z.string().nullish() }),
    ),
  }),
);
const ErrorBody = z.object({ code: z.union([z.string(), z.number()]).optional(), message: z.string() });

const PaqarLabels = z.array(z.object({ fileBase64: z.string().min(8) }));

const DAY_NAMES: [string, string][] = [
  ["monday", "Lun"],
  ["tuesday", "Mar"],
  ["wednesday", "Mié"],
  ["thursday", "Jue"],
  ["friday", "Vie"],
  ["saturday", "Sáb"],
  ["sunday", "Dom"],
];

/** { monday: {start: "0900", end: "1800"}, … } -> "Lun 09:00 a 18:00 · Mar …" (days without hours left out). */
function hoursText(
  hours: Record<string, { start: string; end: string } | null | undefined> | null | undefined,
): string {
  if (!hours) return "";
  const time = (v: string) => (/^\d{4}$/.test(v) ? `${v.slice(0, 2)}:${v.slice(2)}` : v);
  return DAY_NAMES.flatMap(([key, label]) => {
    const day = hours[key];
    return day ? [`${label} ${time(day.start)} a ${time(day.end)}`] : [];
  }).join(" · ");
}

export function miCorreoCarrier(config: MiCorreoConfig): CarrierAdapter {
  let token: { value: string; until: number } | null = null;

  let pending: Promise<string> | null = null;

  /** The token, asked once at a time however many calls need it (rates go out one per parcel). */
  function bearer(signal?: AbortSignal): Promise<string> {
    if (token && token.until > Date.now() + 60_000) return Promise.resolve(token.value);
    pending ??= login(signal).finally(() => {
      pending = null;
    });
    return pending;
  }

  async function login(signal?: AbortSignal): Promise<string> {
    const basic = Buffer.from(`${config.user}:${config.password}`).toString("base64");
    const { status, text } = await carrierFetch("micorreo", `${config.apiUrl}/token`, {
      method: "POST",
      headers: { Authorization: `Basic ${basic}` },
      timeoutMs: config.timeoutMs,
      signal,
    });
    if (status === 401 || status === 403) {
      throw new CarrierError(
        "config",
        "micorreo",
        "token",
        "Correo Argentino no aceptó el usuario y la clave de MiCorreo.",
      );
    }
    if (status >= 400) throw httpError("micorreo", status, text);
    const answer = TokenAnswer.safeParse(json(text));
    const until = answer.success ? argentineTime(answer.data.expires) : null;
    if (!answer.success || !until) throw new CarrierError("malformed", "micorreo", "token", "Token ilegible.");
    token = { value: answer.data.token, until: until.getTime() };
    return token.value;
  }

  /** A JSON call with the token; a 401 forgets it and tries once more. Returns the parsed body. */
  async function call(
    method: "GET" | "POST",
    path: string,
    body: unknown,
    signal?: AbortSignal,
    retry = true,
  ): Promise<{ status: number; body: unknown }> {
    const { status, text } = await carrierFetch("micorreo", `${config.apiUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${await bearer(signal)}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs: config.timeoutMs,
      signal,
    });
    if (status === 401 && retry) {
      token = null;
      return call(method, path, body, signal, false);
    }
    if (status >= 500) throw httpError("micorreo", status, text);
    const parsed = json(text);
    if (parsed === undefined) throw new CarrierError("malformed", "micorreo", path, "La respuesta no es JSON.");
    return { status, body: parsed };
  }

  /** The answer checked by `schema`; the carrier's error body becomes "rejected", anything else "malformed". */
  function checked<T>(schema: z.ZodType<T, unknown>, answer: { status: number; body: unknown }, path: string): T {
    const parsed = answer.status < 400 ? schema.safeParse(answer.body) : null;
    if (parsed?.success) return parsed.data;
    const error = ErrorBody.safeParse(answer.body);
    if (answer.status >= 400 || error.success) {
      throw new CarrierError(
        "rejected",
        "micorreo",
        path,
        error.success ? error.data.message : `HTTP ${answer.status}`,
      );
    }
    throw new CarrierError("malformed", "micorreo", path, `Respuesta inesperada: ${parsed?.error.issues[0]?.message}`);
  }

  const dimensions = (parcel: Parcel) => ({
    weight: Math.max(1, parcel.weightGrams),
    height: Math.ceil(parcel.heightCm),
    width: Math.ceil(parcel.widthCm),
    length: Math.ceil(parcel.lengthCm),
  });

  return {
    id: "micorreo",
    name: "Correo Argentino",
    limits: MICORREO_LIMITS,

    async quote(request) {
      // One rates call per parcel; each option's price is the sum over the parcels (an option
      // missing for any parcel is not offered), its days the slowest parcel's.
      const answers = await Promise.all(
        request.parcels.map(async (parcel) =>
          checked(
            RatesAnswer,
            await call(
              "POST",
              "/rates",
              {
                customerId: config.customerId,
                postalCodeOrigin: config.originPostalCode,
                postalCodeDestination: request.postalCode,
                dimensions: dimensions(parcel),
              },
              request.signal,
            ),
            "/rates",
          ),
        ),
      );
      const byKey = new Map<string, CarrierOption & { parcels: number }>();
      for (const answer of answers) {
        const validTo = answer.validTo ? argentineTime(answer.validTo) : null;
        for (const rate of answer.rates) {
          const service: CarrierService = rate.deliveredType === "D" ? "domicilio" : "sucursal";
          const key = `${rate.productType}-${rate.deliveredType}`;
          const cents = Math.round(rate.price * 100);
          const seen = byKey.get(key);
          const soonest = (a: Date | null, b: Date | null) => (a && b ? (a < b ? a : b) : (a ?? b));
          byKey.set(key, {
            service,
            serviceName: `Correo Argentino ${rate.productName} ${service === "domicilio" ? "a domicilio" : "a sucursal"}`,
            carrierRef: key,
            priceCents: (seen?.priceCents ?? 0) + cents,
            netPriceCents: null,
            deliveryDaysMin: Math.max(seen?.deliveryDaysMin ?? 0, rate.deliveryTimeMin ?? 0) || null,
            deliveryDaysMax: Math.max(seen?.deliveryDaysMax ?? 0, rate.deliveryTimeMax ?? 0) || null,
            validUntil: soonest(seen?.validUntil ?? null, validTo),
            parcels: (seen?.parcels ?? 0) + 1,
          });
        }
      }
      return [...byKey.values()]
        .filter((option) => option.parcels === request.parcels.length)
        .map(({ parcels: _, ...option }) => option);
    },

    async branches(postalCode, signal) {
      const province = parsePostalCode(postalCode)?.province;
      const target = Number(carrierPostalCode(postalCode));
      if (!province || !target) return [];
      const query = new URLSearchParams({
        customerId: config.customerId,
        provinceCode: province,
        services: "pickup_availability",
      });
      const agencies = checked(AgenciesAnswer, await call("GET", `/agencies?${query}`, undefined, signal), "/agencies");
      return agencies
        .filter((a) => !a.status || a.status.toUpperCase() === "ACTIVE")
        .map((a): Branch & { distance: number } => {
          const address = a.location.address;
          const code = carrierPostalCode(address.postalCode ?? "") ?? "";
          return {
            id: a.code,
            name: a.name,
            address: [address.streetName, address.streetNumber].filter(Boolean).join(" "),
            locality: [address.locality ?? address.city, address.province].filter(Boolean).join(", "),
            postalCode: address.postalCode ?? "",
            hours: hoursText(a.hours),
            // Nearest by postal code: the same code first, then the closest numbers.
            distance: code ? Math.abs(Number(code) - target) : Number.MAX_SAFE_INTEGER,
          };
        })
        .sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name))
        .slice(0, 10)
        .map(({ distance: _, ...branch }) => branch);
    },

    async createShipment(request) {
      const [productType, deliveredType] = request.carrierRef.split("-");
      const person = (a: typeof request.recipient) => ({
        name: a.name,
        phone: a.phone ?? "",
        email: a.email ?? "",
        address: {
          streetName: a.street,
          streetNumber: a.number,
          floor: a.floorApartment ?? "",
          apartment: "",
          city: a.locality,
          provinceCode: parsePostalCode(a.postalCode)?.province ?? "",
          postalCode: carrierPostalCode(a.postalCode) ?? a.postalCode,
        },
      });
      const totals = request.parcels.reduce(
        (t, p) => ({
          weight: t.weight + p.weightGrams,
          height: t.height + Math.ceil(p.heightCm),
          width: Math.max(t.width, Math.ceil(p.widthCm)),
          length: Math.max(t.length, Math.ceil(p.lengthCm)),
        }),
        { weight: 0, height: 0, width: 0, length: 0 },
      );
      const answer = await call("POST", "/shipping/import", {
        customerId: config.customerId,
        extOrderId: request.orderNumber,
        orderNumber: request.orderNumber,
        sender: person(request.sender),
        recipient: person(request.recipient),
        shipping: {
          deliveryType: deliveredType ?? (request.service === "domicilio" ? "D" : "S"),
          productType: productType || "CP",
          agency: request.service === "sucursal" ? (request.branchId ?? null) : null,
          address: person(request.recipient).address,
          weight: totals.weight,
          declaredValue: Math.round(request.declaredValueCents / 100),
          height: totals.height,
          length: totals.length,
          width: totals.width,
        },
      });
      const error = ErrorBody.safeParse(answer.body);
      if (error.success && /ya fue importada/i.test(error.data.message)) {
        return { carrierShipmentId: null, trackingNumber: null, alreadyExisted: true };
      }
      if (answer.status >= 400) {
        throw new CarrierError(
          "rejected",
          "micorreo",
          "/shipping/import",
          error.success ? error.data.message : `HTTP ${answer.status}`,
        );
      }
      checked(z.object({ createdAt: z.string().min(1) }), answer, "/shipping/import");
      return { carrierShipmentId: null, trackingNumber: null, alreadyExisted: false };
    },

    async cancelShipment() {
      // MiCorreo's import documents no cancel (research note carriers.md §3): staff cancel it there.
      throw new CarrierError("unsupported", "micorreo", "no_cancel", "Anulalo en MiCorreo.");
    },

    async label(shipment, format) {
      const paqar = config.paqar;
      if (!paqar) {
        throw new CarrierError(
          "unsupported",
          "micorreo",
          "no_label",
          "MiCorreo no da etiquetas por API: imprimila en MiCorreo y cargá el número de seguimiento que te asigne Correo Argentino.",
        );
      }
      if (!shipment.trackingNumber) {
        throw new CarrierError(
          "rejected",
          "micorreo",
          "no_tracking",
          "El envío todavía no tiene número de seguimiento.",
        );
      }
      const query = new URLSearchParams({ labelFormat: format === "10x15" ? "10x15" : "label" });
      const { status, text } = await carrierFetch("micorreo", `${paqar.apiUrl}/labels?${query}`, {
        method: "POST",
        headers: {
          Authorization: `Apikey ${paqar.apiKey}`,
          agreement: paqar.agreement,
          "Content-Type": "application/json",
        },
        body: JSON.stringify([{ sellerId: paqar.agreement, trackingNumber: shipment.trackingNumber }]),
        timeoutMs: config.timeoutMs,
      });
      if (status >= 400) throw httpError("micorreo", status, text);
      const labels = PaqarLabels.safeParse(json(text));
      const pdf = labels.success ? Buffer.from(labels.data[0]?.fileBase64 ?? "", "base64") : Buffer.alloc(0);
      if (pdf.subarray(0, 5).toString("latin1") !== "%PDF-") {
        throw new CarrierError("malformed", "micorreo", "/labels", "Paq.ar no devolvió un PDF.");
      }
      return pdf;
    },

    async tracking(trackingNumber) {
      const query = new URLSearchParams({ shippingId: trackingNumber });
      const answer = await call("GET", `/shipping/tracking?${query}`, undefined);
      // An unknown number answers 200 with an error body, not 404.
      const error = ErrorBody.safeParse(answer.body);
      if (error.success) throw new CarrierError("rejected", "micorreo", "/shipping/tracking", error.data.message);
      const shipments = checked(TrackingAnswer, answer, "/shipping/tracking");
      return shipments.flatMap((s) =>
        s.events.flatMap((event): TrackingEvent[] => {
          const at = argentineTime(event.date);
          if (!at) return [];
          return [
            { at, description: event.event, place: event.branch ?? "", delivered: /entregad/i.test(event.event) },
          ];
        }),
      );
    },
  };
}

function json(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
