import compression from "compression";
import type { NextFunction, Request, RequestHandler, Response } from "express";

type Listener = (...args: unknown[]) => void;

/**
 * compression(), with its "drain" listeners kept in one place.
 *
 * compression() sends `res.on("drain")` to its compressor stream but not `res.off("drain")`, so a
 * streamed page that waits for "drain" many times (React Router writes a page in chunks and waits
 * whenever the client reads slowly) leaves one dead listener on the compressor per wait, and Node
 * prints MaxListenersExceededWarning after ten. Here the response hands compression() a single
 * listener that calls the ones currently registered, and `off`/`removeListener` remove them.
 */
export function compressResponses(options: compression.CompressionOptions): RequestHandler {
  const compress = compression(options);
  return (req: Request, res: Response, next: NextFunction) => {
    compress(req, res, (error?: unknown) => {
      if (error) return next(error);
      keepDrainListenersOnResponse(res);
      next();
    });
  };
}

function keepDrainListenersOnResponse(res: Response) {
  const drainListeners = new Set<Listener>();
  let attached = false;
  const on = res.on;
  const removeListener = res.removeListener;
  const addListener = function (this: Response, type: string | symbol, listener: Listener) {
    if (type !== "drain") return on.call(this, type, listener);
    drainListeners.add(listener);
    if (!attached) {
      attached = true;
      on.call(this, "drain", (...args: unknown[]) => {
        for (const drainListener of [...drainListeners]) drainListener.apply(res, args);
      });
    }
    return this;
  };
  const remove = function (this: Response, type: string | symbol, listener: Listener) {
    if (type !== "drain") return removeListener.call(this, type, listener);
    for (const registered of drainListeners) {
      // once() registers a wrapper that carries the original as `listener`.
      if (registered === listener || (registered as { listener?: Listener }).listener === listener) {
        drainListeners.delete(registered);
      }
    }
    return this;
  };
  res.on = res.addListener = addListener as Response["on"];
  res.off = res.removeListener = remove as Response["off"];
}
