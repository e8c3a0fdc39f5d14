import { describe, expect, it } from "vitest";
import { statusToAnnounce, trackingUrl } from "./shipment";

const CARRIERS = [
  { name: "Andreani", trackingUrl: "https://www.andreani.com/envio/{tracking}" },
  { name: "Moto mensajería", trackingUrl: "" },
];

describe("trackingUrl", () => {
  it("puts the tracking number where the carrier's pattern says, encoded", () => {
    expect(trackingUrl(CARRIERS, "Andreani", "AND 123/45")).toBe("https://www.andreani.com/envio/AND%20123%2F45");
  });

  it("gives no link without a number, for an unknown carrier, or for a carrier without a tracking page", () => {
    expect(trackingUrl(CARRIERS, "Andreani", "  ")).toBeNull();
    expect(trackingUrl(CARRIERS, "Andreani", null)).toBeNull();
    expect(trackingUrl(CARRIERS, "Fletes Juan", "123")).toBeNull();
    expect(trackingUrl(CARRIERS, "Moto mensajería", "123")).toBeNull();
    expect(trackingUrl(CARRIERS, null, "123")).toBeNull();
  });
});

describe("statusToAnnounce", () => {
  it("announces processing, shipped, delivered and cancelled", () => {
    expect(statusToAnnounce("pending", "processing")).toBe("processing");
    expect(statusToAnnounce("processing", "shipped")).toBe("shipped");
    expect(statusToAnnounce("shipped", "delivered")).toBe("delivered");
    expect(statusToAnnounce("pending", "cancelled")).toBe("cancelled");
  });

  it("announces nothing when the order is back where it was a minute ago, or back to pending", () => {
    expect(statusToAnnounce("processing", "processing")).toBeNull();
    expect(statusToAnnounce("processing", "pending")).toBeNull();
  });
});
