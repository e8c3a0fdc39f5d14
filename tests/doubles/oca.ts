import { XMLParser } from "fast-xml-parser";
import { type CarrierFaults, noFaults, startCarrierServer, tinyPdf } from "./carrier-http";
import type { OcaConfig } from "~/services/carriers/config.server";

// A local stand-in for OCA e-Pak's Oep_TrackEPak.asmx (research note carriers.md §2), answering
// its GET/POST methods with ASP.NET DataSets as OCA does: Tarifar_Envio_Corporativo (the test
// CUIT and operativas; an unknown postal code gives an empty DataSet; a wrong parameter type a 500
// with .NET's text), GetCentrosImposicionConServiciosByCP, IngresoORMultiplesRetiros (e-Pak user
// and password; each call makes a new OrdenRetiro, as a repeat is not refused), the label PDFs as
// base64 inside <string>, Tracking_Pieza, and AnularOrdenGenerada (IdResult 100 when cancelled;
// an unknown order, or one already cancelled, is answered with another code and OCA-like words). Prices are the double's own formula (without IVA).
// Fault knobs: slow (never answers), error500, malformed. Tests start it in-process;
// `npm run carriers:sandbox` starts it for a person.

/** developers.oca.com.ar/epak.html test data. */
export const OCA_TEST = {
  cuit: "30-53625919-4",
  user: "test@oca.com.ar",
  password: "123456",
  account: "111757/001",
  operativaDomicilio: "64665", // P-P
  operativaSucursal: "62342", // P-S
};
const OPERATIVAS = new Set(["64665", "62342", "94584", "78254", "260708", "260709"]);

export type OcaDoubleShipment = {
  ordenRetiro: string;
  numeroEnvio: string;
  remito: string;
  operativa: string;
  /** Cancelled with AnularOrdenGenerada. */
  cancelled: boolean;
  events: { fecha: string; estado: string; motivo: string; sucursal: string }[];
};

export type OcaDouble = {
  url: string;
  apiUrl: string;
  faults: CarrierFaults;
  /** Postal codes OCA does not reach (an empty DataSet). */
  unknownPostalCodes: Set<string>;
  shipments: OcaDoubleShipment[];
  quotes: number;
  /** AnularOrdenGenerada calls that cancelled an order (a repeat for the same order does not count). */
  cancels: number;
  /** The carrier moves a parcel: an event in its tracking ("Entregado" when delivered). */
  addEvent(numeroEnvio: string, estado: string, fecha?: string): void;
  close(): Promise<void>;
};

const ROW_NS =
  'xmlns:diffgr="urn:schemas-microsoft-com:xml-diffgram-v1" xmlns:msdata="urn:schemas-microsoft-com:xml-msdata"';

/** An ASP.NET DataSet with these tables (rows of text fields), as OCA's asmx answers. */
export function dataSet(tables: Record<string, Record<string, string>[]>): string {
  const escape = (v: string) => v.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const rows = Object.entries(tables)
    .flatMap(([table, list]) =>
      list.map(
        (row, i) =>
          `<${table} diffgr:id="${table}${i + 1}" msdata:rowOrder="${i}">${Object.entries(row)
            .map(([k, v]) => `<${k}>${escape(v)}</${k}>`)
            .join("")}</${table}>`,
      ),
    )
    .join("");
  const body = rows ? `<NewDataSet xmlns="">${rows}</NewDataSet>` : "";
  return `<?xml version="1.0" encoding="utf-8"?>
<DataSet xmlns="#Oca_e_Pak"><xs:schema id="NewDataSet" xmlns="" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:msdata="urn:schemas-microsoft-com:xml-msdata"><xs:element name="NewDataSet" msdata:IsDataSet="true"/></xs:schema><diffgr:diffgram ${ROW_NS}>${body}</diffgr:diffgram></DataSet>`;
}

const xml = (body: string) => ({ status: 200, type: "text/xml; charset=utf-8", body });
const dotNetError = (text: string) => ({ status: 500, type: "text/plain; charset=utf-8", body: text });

const attributes = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", parseAttributeValue: false });

/** A branch row of GetCentrosImposicionConServiciosByCP in that postal code. */
function branch(code: string, n: string, name: string, street: string, hours: string): Record<string, string> {
  const [, calle, numero] = /^(.*) (\d+)$/.exec(street)!;
  return {
    IdCentroImposicion: `${code}${n}`,
    Sucursal: `OCA ${code} ${name}`,
    Calle: calle!,
    Numero: numero!,
    Localidad: "Localidad de prueba",
    Provincia: "BUENOS AIRES",
    CodigoPostal: code,
    HorarioAtencion: hours,
  };
}

function nowArgentina(): string {
  return new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 19);
}

export async function startOcaDouble(options: { port?: number } = {}): Promise<OcaDouble> {
  const faults = noFaults();
  const unknownPostalCodes = new Set<string>();
  const shipments: OcaDoubleShipment[] = [];
  let quotes = 0;
  let cancels = 0;
  let nextOrden = 1000;

  const { origin, close } = await startCarrierServer(options.port ?? 0, faults, (request, url, rawBody) => {
    const method = url.pathname.split("/").pop() ?? "";
    const params = request.method === "POST" ? new URLSearchParams(rawBody) : url.searchParams;
    const get = (name: string) => params.get(name) ?? "";

    switch (method) {
      case "Tarifar_Envio_Corporativo": {
        const weight = Number(get("PesoTotal"));
        const volume = Number(get("VolumenTotal"));
        const count = Number(get("CantidadPaquetes"));
        const declared = get("ValorDeclarado");
        for (const [name, value] of [
          ["CodigoPostalOrigen", get("CodigoPostalOrigen")],
          ["CodigoPostalDestino", get("CodigoPostalDestino")],
          ["ValorDeclarado", declared],
          ["CantidadPaquetes", get("CantidadPaquetes")],
        ]) {
          if (!/^\d+$/.test(value!)) {
            return dotNetError(
              `System.ArgumentException: Cannot convert ${value} to System.Int32.\r\nParameter name: ${name}`,
            );
          }
        }
        if (!Number.isFinite(weight) || !Number.isFinite(volume)) {
          return dotNetError("System.ArgumentException: Cannot convert to System.Decimal.");
        }
        quotes++;
        const destination = get("CodigoPostalDestino");
        if (get("Cuit") !== OCA_TEST.cuit || !OPERATIVAS.has(get("Operativa")) || unknownPostalCodes.has(destination)) {
          return xml(dataSet({}));
        }
        const far = Math.abs(Number(destination) - Number(get("CodigoPostalOrigen"))) > 1000;
        const branch = get("Operativa") === OCA_TEST.operativaSucursal;
        const precio =
          4200 +
          Math.ceil(weight) * 650 +
          Math.ceil(volume * 1000) * 120 +
          (far ? 3100 : 0) -
          (branch ? 900 : 0) +
          (count - 1) * 1500;
        const adicional = Math.round(Number(declared) * 0.01 * 100) / 100;
        return xml(
          dataSet({
            Table: [
              {
                Tarifador: "15",
                Precio: precio.toFixed(2),
                Idtiposervicio: "1",
                Ambito: far ? "Nacional" : "Regional",
                PlazoEntrega: far ? "5" : "2",
                Adicional: adicional.toFixed(2),
                Total: (precio + adicional).toFixed(2),
              },
            ],
          }),
        );
      }
      case "GetCentrosImposicionConServiciosByCP": {
        const code = get("CodigoPostal");
        if (!/^\d{4}$/.test(code) || unknownPostalCodes.has(code)) return xml(dataSet({}));
        return xml(
          dataSet({
            Table: [
              branch(code, "1", "Centro", "Av. Corrientes 1234", "Lun a Vie 9 a 18, Sáb 9 a 13"),
              branch(code, "2", "Norte", "Calle 7 450", "Lun a Vie 8 a 17"),
            ],
          }),
        );
      }
      case "IngresoORMultiplesRetiros": {
        if (get("usr") !== OCA_TEST.user || get("psw") !== OCA_TEST.password) {
          return xml(dataSet({ Errores: [{ Descripcion: "Usuario o contraseña inválidos" }], DetalleIngresos: [] }));
        }
        const doc = attributes.parse(get("xml_Datos")) as {
          ROWS?: { cabecera?: { nrocuenta?: string }; origenes?: { origen?: { envios?: { envio?: unknown } } } };
        };
        const envio = doc.ROWS?.origenes?.origen?.envios?.envio as
          { idoperativa?: string; nroremito?: string } | undefined;
        if (doc.ROWS?.cabecera?.nrocuenta !== OCA_TEST.account || !envio?.idoperativa || !envio.nroremito) {
          return xml(dataSet({ Errores: [{ Descripcion: "El XML de datos no es válido" }] }));
        }
        const shipment: OcaDoubleShipment = {
          ordenRetiro: String(nextOrden++),
          numeroEnvio: `3867500000${String(shipments.length + 1).padStart(9, "0")}`,
          remito: envio.nroremito,
          operativa: envio.idoperativa,
          cancelled: false,
          events: [{ fecha: nowArgentina(), estado: "En proceso de retiro", motivo: "", sucursal: "" }],
        };
        shipments.push(shipment);
        return xml(
          dataSet({
            Resumen: [
              {
                CodigoOperacion: String(shipments.length),
                CantidadRegistros: "1",
                CantidadIngresados: "1",
                CantidadRechazados: "0",
              },
            ],
            DetalleIngresos: [
              {
                Operativa: shipment.operativa,
                OrdenRetiro: shipment.ordenRetiro,
                NumeroEnvio: shipment.numeroEnvio,
                Remito: shipment.remito,
                Estado: "Ingresado",
              },
            ],
          }),
        );
      }
      case "GetPdfDeEtiquetasPorOrdenOrNumeroEnvio":
      case "GetPdfDeEtiquetasPorOrdenOrNumeroEnvioParaEtiquetadora": {
        const shipment = shipments.find(
          (s) => s.ordenRetiro === get("idOrdenRetiro") && s.numeroEnvio === get("nroEnvio"),
        );
        if (!shipment) return xml(`<?xml version="1.0" encoding="utf-8"?><string xmlns="#Oca_e_Pak" />`);
        const pdf = tinyPdf(`OCA ${shipment.numeroEnvio}`).toString("base64");
        return xml(`<?xml version="1.0" encoding="utf-8"?><string xmlns="#Oca_e_Pak">${pdf}</string>`);
      }
      case "AnularOrdenGenerada": {
        const answer = (IdResult: string, Mensaje: string) => xml(dataSet({ Table: [{ IdResult, Mensaje }] }));
        if (get("usr") !== OCA_TEST.user || get("psw") !== OCA_TEST.password) {
          return answer("110", "Usuario o contraseña inválidos");
        }
        if (!/^\d+$/.test(get("IdOrdenRetiro"))) {
          return dotNetError(
            "System.ArgumentException: Cannot convert to System.Int32.\r\nParameter name: IdOrdenRetiro",
          );
        }
        const shipment = shipments.find((s) => s.ordenRetiro === get("IdOrdenRetiro"));
        if (!shipment) return answer("130", "La orden de retiro no existe");
        if (shipment.cancelled) return answer("120", "La orden de retiro ya se encuentra anulada");
        shipment.cancelled = true;
        cancels++;
        return answer("100", "La orden fue anulada");
      }
      case "Tracking_Pieza": {
        const shipment = shipments.find((s) => s.numeroEnvio === get("Pieza"));
        return xml(
          dataSet({
            Table: (shipment?.events ?? []).map((e) => ({
              NumeroEnvio: shipment!.numeroEnvio,
              Descripcion_Motivo: e.motivo,
              Desdcripcion_Estado: e.estado,
              SUC: e.sucursal,
              fecha: e.fecha,
            })),
          }),
        );
      }
      default:
        return { status: 404, type: "text/html", body: "<html><body>Not found</body></html>" };
    }
  });

  return {
    url: origin,
    apiUrl: `${origin}/epak_tracking/Oep_TrackEPak.asmx`,
    faults,
    unknownPostalCodes,
    shipments,
    get quotes() {
      return quotes;
    },
    get cancels() {
      return cancels;
    },
    addEvent(numeroEnvio, estado, fecha = nowArgentina()) {
      const shipment = shipments.find((s) => s.numeroEnvio === numeroEnvio);
      if (!shipment) throw new Error(`OCA double: no shipment ${numeroEnvio}`);
      shipment.events.push({ fecha, estado, motivo: "", sucursal: "SUCURSAL DESTINO" });
    },
    close,
  };
}

/** The store's OCA configuration pointed at this double (the test CUIT, operativas and account). */
export function ocaDoubleConfig(double: OcaDouble): OcaConfig {
  return {
    apiUrl: double.apiUrl,
    cuit: OCA_TEST.cuit,
    operativaDomicilio: OCA_TEST.operativaDomicilio,
    operativaSucursal: OCA_TEST.operativaSucursal,
    user: OCA_TEST.user,
    password: OCA_TEST.password,
    account: OCA_TEST.account,
    originPostalCode: "1043",
    timeoutMs: 15_000,
  };
}
