import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "~/db/seed/default-settings";
import { quoteShipping } from "~/domain/shipping";
import { setupTestDatabase } from "../../tests/setup/db";
import { getSettings, saveSetting, updateShippingMethods, updateShippingZones } from "./settings.server";
import { createUser } from "./user.server";

setupTestDatabase();

const HOME = "Envío a domicilio CABA y GBA";
const COUNTRY = "Envío a todo el país";

let admins = 0;
async function admin() {
  const email = `zonas-${++admins}@vitec.com.ar`;
  const user = await createUser({ email, password: "clave-de-admin-1", fullName: "Admin", role: "admin" });
  return { id: user.id, email: user.email };
}

beforeEach(async () => {
  await saveSetting("shipping_methods", DEFAULT_SETTINGS.shipping_methods);
  await saveSetting("shipping_zones", DEFAULT_SETTINGS.shipping_zones);
});

async function quote(postalCode: string) {
  const { shipping_methods, shipping_zones } = await getSettings(["shipping_methods", "shipping_zones"]);
  const result = quoteShipping(postalCode, shipping_methods, shipping_zones);
  return result.ok ? result.options : result.error;
}

describe("shipping methods and zones saved by an admin", () => {
  it("a renamed method keeps its zone costs: the city delivery still does not reach Patagonia", async () => {
    const actor = await admin();
    expect(await quote("Q8300")).toEqual([
      { name: "Retiro en local", cost: 0 },
      { name: COUNTRY, cost: 16900 },
    ]);

    await updateShippingMethods(
      actor,
      [
        { name: "Retiro en local", cost: 0 },
        { name: "Moto CABA y GBA", cost: 6500 },
        { name: "Correo a todo el país", cost: 12900 },
      ],
      ["Retiro en local", HOME, COUNTRY],
    );

    expect(await quote("Q8300")).toEqual([
      { name: "Retiro en local", cost: 0 },
      { name: "Correo a todo el país", cost: 16900 },
    ]);
    expect(await quote("C1043AAZ")).toEqual([
      { name: "Retiro en local", cost: 0 },
      { name: "Moto CABA y GBA", cost: 6500 },
    ]);
    const { shipping_zones } = await getSettings(["shipping_zones"]);
    expect(shipping_zones.find((z) => z.name === "Provincia de Buenos Aires")!.costs).toEqual({
      "Correo a todo el país": 9900,
    });
  });

  it("a removed method's zone costs go, and a zone table from before the change cannot bring them back", async () => {
    const actor = await admin();
    const before = await getSettings(["shipping_zones"]);
    await updateShippingMethods(
      actor,
      [
        { name: "Retiro en local", cost: 0 },
        { name: COUNTRY, cost: 12900 },
      ],
      ["Retiro en local", COUNTRY],
    );
    let { shipping_zones } = await getSettings(["shipping_zones"]);
    expect(shipping_zones.every((z) => !(HOME in z.costs))).toBe(true);

    // The zones card opened before the removal sends the old table.
    await updateShippingZones(actor, before.shipping_zones);
    ({ shipping_zones } = await getSettings(["shipping_zones"]));
    expect(shipping_zones.every((z) => !(HOME in z.costs))).toBe(true);
    expect(shipping_zones.find((z) => z.name === "Patagonia")!.costs).toEqual({ [COUNTRY]: 16900 });
  });
});
