// What server/index.ts hands to every loader and action besides the request.
declare module "react-router" {
  interface AppLoadContext {
    /** The client's IP address (rate limits). */
    remoteAddress: string;
  }
}

export {};
