import { useEffect, useRef } from "react";

// The one client for the store's own JSON endpoints (/api/*, app/routes/resources): a GET, or a
// POST with a JSON body, answered as data or as a failure the caller can tell apart from an
// abandoned request. Components never call fetch for /api/* themselves.

export type ApiRequest = { path: `/api/${string}`; body?: unknown };
/** A failure keeps the status and, when the endpoint explained itself in JSON, its body. */
export type ApiAnswer<T> = { ok: true; data: T } | { ok: false; status: number | null; body?: unknown };

/** Asks the endpoint; null when the request was abandoned (its signal aborted). */
export async function callApi<T>(request: ApiRequest, signal?: AbortSignal): Promise<ApiAnswer<T> | null> {
  const init: RequestInit =
    request.body === undefined
      ? { headers: { Accept: "application/json" }, signal }
      : {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify(request.body),
          signal,
        };
  try {
    const response = await fetch(request.path, init);
    if (signal?.aborted) return null;
    if (!response.ok) {
      const body: unknown = await response.json().catch(() => undefined);
      return { ok: false, status: response.status, body };
    }
    return { ok: true, data: (await response.json()) as T };
  } catch {
    return signal?.aborted ? null : { ok: false, status: null };
  }
}

/**
 * Asks `request` after render, and again whenever the request (or `again`) changes; null asks
 * nothing. An answer that arrives after a newer request, or after the component left, is
 * dropped. `onStart` runs as each request goes out.
 */
export function useApi<T>(
  request: ApiRequest | null,
  handlers: { onAnswer: (answer: ApiAnswer<T>) => void; onStart?: () => void },
  again?: unknown,
): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  const key = request ? JSON.stringify(request) : null;
  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    latest.current.onStart?.();
    void callApi<T>(JSON.parse(key) as ApiRequest, controller.signal).then((answer) => {
      if (answer) latest.current.onAnswer(answer);
    });
    return () => controller.abort();
  }, [key, again]);
}
