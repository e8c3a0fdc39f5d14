import { z } from "zod";
import { type CarrierService, argentineTime, withIva } from "~/domain/carrier-quotes";
import { parcelTotals } from "~/domain/parcels";
import type { OcaConfig } from "./config.server";
import { CarrierError } from "./errors";
import { carrierFetch, httpError } from "./http.server";
import type { Branch, CarrierAdapter, CarrierOption, ShipmentRequest, TrackingEvent } from "./types";
import { buildXml, dataSetRows, elementText, findElement, parseXml } from "./xml";

// OCA e-Pak (research note carriers.md §2): GET methods of Oep_TrackEPak.asmx answering XML
// DataSets. A quote needs only the CUIT and an operativa (one per service: puerta a puerta for
// "a domicilio", puerta a sucursal for "retiro en sucursal"); its price is WITHOUT IVA, so the
// shopper's price is Total (Precio + Adicional) plus 21 % (~/domain/carrier-quotes withIva).
// Creating shipments and labels needs the e-Pak user, password and account. Postal codes and the
// declared value go as integers; weight in kg and volume in m³.

const money = z
  .string()
  .trim()
  .regex(/^\d+(\.\d{1,4})?$/, "not an amount")
  .transform((v) => Math.round(Number(v) * 100));
const days = z
  .string()
  .trim()
  .regex(/^\d{1,3}$/)
  .transform(Number);
const text = z
  .unknown()
  .transform((v) => (typeof v === "string" || typeof v === "number" ? String(v).trim() : ""))
  .pipe(z.string());

const QuoteRow = z.object({ Total: money, Precio: money.optional(), PlazoEntrega: days.optional() });

const BranchRow = z.object({
  IdCentroImposicion: z.string().trim().min(1),
  Sucursal: text,
  Calle: text,
  Numero: text,
  Localidad: text,
  Provincia: text,
  CodigoPostal: text,
  HorarioAtencion: text.optional(),
});

const ShipmentRow = z.object({
  OrdenRetiro: z.string().trim().min(1),
  NumeroEnvio: z.string().trim().min(1),
});

// AnularOrdenGenerada answers one row: IdResult 100 when the order was cancelled, another code
// with OCA's reason (an unknown order, one already picked up).
const CancelRow = z.object({ IdResult: z.string().trim().min(1), Mensaje: text.optional() });
const CANCELLED = "100";

const TrackingRow = z.object({
  fecha: z.string().trim().min(1),
  Descripcion_Estado: text.optional(),
  Desdcripcion_Estado: text.optional(), // OCA's own spelling in Tracking_Pieza
  Descripcion_Motivo: text.optional(),
  SUC: text.optional(),
});

/** e-Pak takes parcels up to 50 kg, 150 cm a side (unverified: OCA's commercial conditions). */
export const OCA_LIMITS = { maxWeightGrams: 50_000, maxSideCm: 150, maxParcels: 10 };

export function ocaCarrier(config: OcaConfig): CarrierAdapter {
  const url = (method: string, params: Record<string, string>) =>
    `${config.apiUrl}/${method}?${new URLSearchParams(params).toString()}`;

  /** A DataSet answer's rows of `table`, each checked by `schema`; anything else is our error. */
  async function rows<T>(
    method: string,
    params: Record<string, string>,
    table: string,
    schema: z.ZodType<T, unknown>,
    signal?: AbortSignal,
  ): Promise<T[]> {
    const { status, text: body } = await carrierFetch("oca", url(method, params), {
      timeoutMs: config.timeoutMs,
      signal,
    });
    if (status >= 400) throw httpError("oca", status, body);
    const doc = parseXml(body);
    const found = doc ? dataSetRows(doc, table) : null;
    if (!found) throw new CarrierError("malformed", "oca", method, "La respuesta no es un DataSet de OCA.");
    return found.map((row) => {
      const parsed = schema.safeParse(row);
      if (!parsed.success) {
        throw new CarrierError(
          "malformed",
          "oca",
          method,
          `Fila de ${table} inesperada: ${parsed.error.issues[0]?.message}`,
        );
      }
      return parsed.data;
    });
  }

  async function quoteOne(
    service: CarrierService,
    operativa: string,
    request: Parameters<CarrierAdapter["quote"]>[0],
  ): Promise<CarrierOption[]> {
    const totals = parcelTotals(request.parcels);
    const found = await rows(
      "Tarifar_Envio_Corporativo",
      {
        PesoTotal: (totals.weightGrams / 1000).toFixed(3),
        VolumenTotal: (totals.volumeCm3 / 1_000_000).toFixed(6),
        CodigoPostalOrigen: config.originPostalCode,
        CodigoPostalDestino: request.postalCode,
        CantidadPaquetes: String(totals.count),
        ValorDeclarado: String(Math.round(request.declaredValueCents / 100)),
        Cuit: config.cuit,
        Operativa: operativa,
      },
      "Table",
      QuoteRow,
      request.signal,
    );
    const row = found[0];
    if (!row) return []; // OCA has no such service to that postal code
    return [
      {
        service,
        serviceName: service === "domicilio" ? "OCA a domicilio" : "OCA retiro en sucursal",
        carrierRef: operativa,
        priceCents: withIva(row.Total),
        netPriceCents: row.Total,
        deliveryDaysMin: row.PlazoEntrega ?? null,
        deliveryDaysMax: row.PlazoEntrega ?? null,
        validUntil: null,
      },
    ];
  }

  function credentials() {
    if (!config.user || !config.password || !config.account) {
      throw new CarrierError("config", "oca", "no_epak_account", "Faltan el usuario, la clave o la cuenta de e-Pak.");
    }
    return { user: config.user, password: config.password, account: config.account };
  }

  function shipmentXml(request: ShipmentRequest, account: string): string {
    const operativa = request.carrierRef;
    const person = (a: ShipmentRequest["recipient"]) => ({
      "@_apellido": a.name,
      "@_nombre": "",
      "@_calle": a.street,
      "@_nro": a.number,
      "@_piso": a.floorApartment ?? "",
      "@_depto": "",
      "@_localidad": a.locality,
      "@_provincia": a.province,
      "@_cp": a.postalCode.replace(/\D/g, "").slice(0, 4),
      "@_telefono": a.phone ?? "",
      "@_email": a.email ?? "",
      "@_idci": request.service === "sucursal" ? (request.branchId ?? "0") : "0",
    });
    return buildXml({
      ROWS: {
        cabecera: { "@_ver": "2.0", "@_nrocuenta": account },
        origenes: {
          origen: {
            "@_calle": request.sender.street,
            "@_nro": request.sender.number,
            "@_cp": config.originPostalCode,
            "@_localidad": request.sender.locality,
            "@_provincia": request.sender.province,
            "@_contacto": request.sender.name,
            "@_email": request.sender.email ?? "",
            "@_idfranjahoraria": "1",
            "@_idcentroimposicionorigen": "0",
            envios: {
              envio: {
                "@_idoperativa": operativa,
                "@_nroremito": request.orderNumber,
                destinatario: person(request.recipient),
                paquetes: {
                  paquete: request.parcels.map((p) => ({
                    "@_alto": String(Math.ceil(p.heightCm)),
                    "@_ancho": String(Math.ceil(p.widthCm)),
                    "@_largo": String(Math.ceil(p.lengthCm)),
                    "@_peso": (p.weightGrams / 1000).toFixed(3),
                    "@_valor": String(Math.round(request.declaredValueCents / 100 / request.parcels.length)),
                    "@_cant": "1",
                  })),
                },
              },
            },
          },
        },
      },
    });
  }

  return {
    id: "oca",
    name: "OCA",
    limits: OCA_LIMITS,

    async quote(request) {
      const asks: Promise<CarrierOption[]>[] = [];
      if (config.operativaDomicilio) asks.push(quoteOne("domicilio", config.operativaDomicilio, request));
      if (config.operativaSucursal) asks.push(quoteOne("sucursal", config.operativaSucursal, request));
      return (await Promise.all(asks)).flat();
    },

    async branches(postalCode, signal) {
      const found = await rows(
        "GetCentrosImposicionConServiciosByCP",
        { CodigoPostal: postalCode },
        "Table",
        BranchRow,
        signal,
      );
      return found.map((row): Branch => ({
        id: row.IdCentroImposicion,
        name: row.Sucursal,
        address: [row.Calle, row.Numero].filter(Boolean).join(" "),
        locality: [row.Localidad, row.Provincia].filter(Boolean).join(", "),
        postalCode: row.CodigoPostal,
        hours: row.HorarioAtencion ?? "",
      }));
    },

    async createShipment(request) {
      const { user, password, account } = credentials();
      const body = new URLSearchParams({
        usr: user,
        psw: password,
        xml_Datos: shipmentXml(request, account),
        ConfirmarRetiro: "true",
        ArchivoCliente: "",
        ArchivoProceso: "",
      }).toString();
      const { status, text: answer } = await carrierFetch("oca", `${config.apiUrl}/IngresoORMultiplesRetiros`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body,
        timeoutMs: config.timeoutMs,
      });
      if (status >= 400) throw httpError("oca", status, answer);
      const doc = parseXml(answer);
      const errors = doc ? dataSetRows(doc, "Errores") : null;
      const details = doc ? dataSetRows(doc, "DetalleIngresos") : null;
      if (!details || !errors)
        throw new CarrierError(
          "malformed",
          "oca",
          "IngresoORMultiplesRetiros",
          "La respuesta no es un DataSet de OCA.",
        );
      if (errors.length > 0) {
        const reason = text.safeParse(errors[0]!.Descripcion ?? errors[0]!.Mensaje).data ?? "";
        throw new CarrierError("rejected", "oca", "ingreso", reason || "OCA no aceptó el envío.");
      }
      const row = ShipmentRow.safeParse(details[0]);
      if (!row.success)
        throw new CarrierError("malformed", "oca", "IngresoORMultiplesRetiros", "Falta la orden de retiro.");
      return { carrierShipmentId: row.data.OrdenRetiro, trackingNumber: row.data.NumeroEnvio, alreadyExisted: false };
    },

    async label(shipment, format) {
      if (!shipment.carrierShipmentId || !shipment.trackingNumber) {
        throw new CarrierError("rejected", "oca", "no_shipment", "El envío todavía no tiene orden de retiro en OCA.");
      }
      const method =
        format === "10x15"
          ? "GetPdfDeEtiquetasPorOrdenOrNumeroEnvioParaEtiquetadora"
          : "GetPdfDeEtiquetasPorOrdenOrNumeroEnvio";
      const { status, text: answer } = await carrierFetch(
        "oca",
        url(method, {
          idOrdenRetiro: shipment.carrierShipmentId,
          nroEnvio: shipment.trackingNumber,
          logisticaInversa: "false",
        }),
        { timeoutMs: config.timeoutMs },
      );
      if (status >= 400) throw httpError("oca", status, answer);
      const base64 = elementText(findElement(parseXml(answer), "string")).replace(/\s+/g, "");
      const pdf = Buffer.from(base64, "base64");
      if (!/^[A-Za-z0-9+/=]+$/.test(base64) || pdf.subarray(0, 5).toString("latin1") !== "%PDF-") {
        throw new CarrierError("malformed", "oca", method, "OCA no devolvió un PDF.");
      }
      return pdf;
    },

    async cancelShipment(shipment) {
      if (!shipment.carrierShipmentId) {
        throw new CarrierError("rejected", "oca", "no_shipment", "El envío no tiene orden de retiro en OCA.");
      }
      const { user, password } = credentials();
      // POST, as IngresoORMultiplesRetiros: the e-Pak password stays out of URLs and logs.
      const body = new URLSearchParams({ usr: user, psw: password, IdOrdenRetiro: shipment.carrierShipmentId });
      const { status, text: answer } = await carrierFetch("oca", `${config.apiUrl}/AnularOrdenGenerada`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: body.toString(),
        timeoutMs: config.timeoutMs,
      });
      if (status >= 400) throw httpError("oca", status, answer);
      const doc = parseXml(answer);
      const parsed = CancelRow.safeParse((doc ? dataSetRows(doc, "Table") : null)?.[0]);
      if (!parsed.success) {
        throw new CarrierError("malformed", "oca", "AnularOrdenGenerada", "La respuesta no dice si se anuló.");
      }
      const { IdResult, Mensaje = "" } = parsed.data;
      // Asked twice (a lost answer, a retry): the order is already cancelled, which is what we want.
      if (IdResult === CANCELLED || /ya (se encuentra|est[aá]|fue) anulad/i.test(Mensaje)) return;
      throw new CarrierError("rejected", "oca", IdResult, Mensaje || "OCA no anuló la orden de retiro.");
    },

    async tracking(trackingNumber) {
      const found = await rows(
        "Tracking_Pieza",
        { NroDocumentoCliente: "", CUIT: config.cuit, Pieza: trackingNumber },
        "Table",
        TrackingRow,
      );
      return found.flatMap((row): TrackingEvent[] => {
        const at = argentineTime(row.fecha);
        if (!at) return [];
        const description = row.Desdcripcion_Estado || row.Descripcion_Estado || row.Descripcion_Motivo || "";
        return [{ at, description, place: row.SUC ?? "", delivered: /entregad/i.test(description) }];
      });
    },
  };
}
