import { describe, expect, it } from "vitest";
import {
  CANCEL_MAX_ATTEMPTS,
  cancelBackoffMs,
  cancelsByApi,
  labelRefusal,
  newTrackingEvents,
  shipmentCancelNote,
  splitStreet,
} from "./carrier-labels";
import { trackingUrl } from "./shipment";

describe("labelRefusal", () => {
  const order = {
    number: "A1B2C3",
    status: "processing" as const,
    shippingCarrier: "oca" as const,
    trackingNumber: null,
  };
  it("lets a confirmed carrier order without a number get its label", () => {
    expect(labelRefusal(order)).toBeNull();
    expect(labelRefusal({ ...order, status: "shipped" })).toBeNull();
  });
  it("says why not: a store method, cancelled, not paid, delivered, already labelled", () => {
    expect(labelRefusal({ ...order, shippingCarrier: null })).toMatch(/no se envía con un transportista integrado/);
    expect(labelRefusal({ ...order, status: "cancelled" })).toMatch(/está cancelada/);
    expect(labelRefusal({ ...order, status: "pending" })).toMatch(/todavía no está paga ni confirmada/);
    expect(labelRefusal({ ...order, status: "delivered" })).toMatch(/ya fue entregada/);
    expect(labelRefusal({ ...order, trackingNumber: " 123 " })).toBe(
      "La orden #A1B2C3 ya tiene etiqueta (seguimiento 123).",
    );
  });
});

describe("splitStreet", () => {
  it("takes the street, its number and the floor apart", () => {
    expect(splitStreet("Av. Corrientes 1234, 5° B")).toEqual({
      street: "Av. Corrientes",
      number: "1234",
      floorApartment: "5° B",
    });
    expect(splitStreet("Calle 7 450")).toEqual({ street: "Calle 7", number: "450", floorApartment: "" });
    expect(splitStreet("San Martín 88 PB")).toEqual({ street: "San Martín", number: "88", floorApartment: "PB" });
  });
  it("writes S/N when the address has no number", () => {
    expect(splitStreet("Ruta 2 km 40")).toMatchObject({ street: "Ruta 2 km", number: "40" });
    expect(splitStreet("Barrio Los Pinos")).toEqual({ street: "Barrio Los Pinos", number: "S/N", floorApartment: "" });
  });
});

describe("newTrackingEvents", () => {
  const at = (h: number) => new Date(Date.UTC(2026, 10, 26, h));
  it("keeps the events not seen before, oldest first, each once", () => {
    const seen = [{ at: at(10).toISOString(), description: "En proceso de retiro" }];
    const incoming = [
      { at: at(14), description: "Entregado" },
      { at: at(10), description: "En proceso de retiro" },
      { at: at(12), description: "En distribución" },
      { at: at(12), description: "En distribución" },
    ];
    expect(newTrackingEvents(seen, incoming).map((e) => e.description)).toEqual(["En distribución", "Entregado"]);
    expect(newTrackingEvents([...seen, ...incoming], incoming)).toEqual([]);
  });
});

describe("tracking links of the integrated carriers", () => {
  it("links OCA and Correo Argentino even when the carriers setting has no page for them", () => {
    expect(trackingUrl([], "OCA", "3867500000000000001")).toBe(
      "https://www.oca.com.ar/Busquedas/Envios?numero=3867500000000000001",
    );
    expect(trackingUrl([{ name: "Correo Argentino", trackingUrl: "" }], "Correo Argentino", "000500")).toBe(
      "https://www.correoargentino.com.ar/formularios/e-commerce?id=000500",
    );
    expect(trackingUrl([], "Fletes Juan", "1")).toBeNull();
  });
});

describe("cancelling a shipment", () => {
  it("cancels OCA's by API and leaves MiCorreo's to staff", () => {
    expect(cancelsByApi("oca")).toBe(true);
    expect(cancelsByApi("micorreo")).toBe(false);
  });

  it("waits longer after each network failure, never more than an hour", () => {
    const waits = Array.from({ length: CANCEL_MAX_ATTEMPTS }, (_, i) => cancelBackoffMs(i + 1) / 60_000);
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
  });

  it("tells staff what became of the shipment, in short Spanish", () => {
    expect(shipmentCancelNote("oca", "cancelled", null)).toBe("Envío anulado con OCA.");
    expect(shipmentCancelNote("oca", "cancelling", null)).toBe("Anulando el envío con OCA...");
    expect(shipmentCancelNote("oca", "cancel_failed", "OCA rechazó el pedido: ya retirada")).toBe(
      "No se pudo anular el envío con OCA. OCA rechazó el pedido: ya retirada",
    );
    expect(shipmentCancelNote("micorreo", "cancel_by_hand", null)).toMatch(/^Anulalo en MiCorreo/);
    expect(shipmentCancelNote("micorreo", "cancel_by_hand", null, "000500012345678")).toMatch(
      /^Anulalo en MiCorreo \(seguimiento 000500012345678\): /,
    );
  });
});
