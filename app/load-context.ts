// What server/index.ts hands to every loader and action besides the request.
declare module "react-router" {
  interface AppLoadContext {
    /** The client's IP address (rate limits). */
    remoteAddress: string;
    /** The nonce of this response's Content-Security-Policy (production; app/entry.server.tsx). */
    cspNonce?: string;
  }
}

export {};
