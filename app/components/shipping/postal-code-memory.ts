// The postal code a shopper last quoted shipping for (product page, cart), remembered in the
// browser so the checkout starts with it. A read or write failure is only logged.
const KEY = "vitec_postal_code_v1";

export function rememberPostalCode(code: string): void {
  try {
    window.localStorage.setItem(KEY, code);
  } catch (error) {
    console.error("No se pudo guardar el código postal", error);
  }
}

export function recallPostalCode(): string {
  try {
    return window.localStorage.getItem(KEY) ?? "";
  } catch (error) {
    console.error("No se pudo leer el código postal", error);
    return "";
  }
}
