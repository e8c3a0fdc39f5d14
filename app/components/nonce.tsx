import { createContext, useContext } from "react";

// The Content-Security-Policy nonce of the page being rendered (server/security.ts). The server
// provides it (app/entry.server.tsx); React Router's inline scripts carry it. In the browser it
// is empty: the scripts are already in the page and browsers hide the nonce attribute anyway.
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
