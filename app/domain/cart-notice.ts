// What the cart drawer tells the shopper after checking the cart against the server. Apart from
// ./cart, which the storefront's shell loads on every page: only the drawer (loaded when used) needs it.

/** What the shopper is told after a server check: both what is gone and what changed price, in one toast. */
export function cartCheckNotice(result: {
  priceChanged: string[];
  unavailable: string[];
}): { type: "error" | "info"; title: string; description: string } | null {
  const { priceChanged, unavailable } = result;
  if (unavailable.length === 0 && priceChanged.length === 0) return null;
  const parts: string[] = [];
  if (unavailable.length === 1) parts.push(`${unavailable[0]} ya no está disponible. Quitalo para continuar.`);
  if (unavailable.length > 1) parts.push(`${unavailable.join(", ")} ya no están disponibles. Quitalos para continuar.`);
  if (priceChanged.length) parts.push(`Actualizamos el precio de: ${priceChanged.join(", ")}.`);
  return unavailable.length
    ? {
        type: "error",
        title: unavailable.length === 1 ? "Producto no disponible" : "Productos no disponibles",
        description: parts.join(" "),
      }
    : { type: "info", title: "Actualizamos precios", description: parts.join(" ") };
}
