import type { Request, Response } from "express";
import type { AppLoadContext } from "react-router";

// What every loader and action gets besides the request (app/load-context.ts). The client's
// address is Express' req.ip under the "trust proxy" setting that TRUST_PROXY gives
// (app/utils/trust-proxy.ts): the socket's peer, or the address the nearest trusted proxy saw;
// never an X-Forwarded-For entry that the client itself wrote. Every per-address limit keys on it.
export function getLoadContext(req: Request, res: Response): AppLoadContext {
  return {
    remoteAddress: req.ip ?? req.socket.remoteAddress ?? "unknown",
    cspNonce: res.locals.cspNonce as string | undefined,
  };
}
