import type { CarrierId } from "~/domain/carrier-quotes";
import { CarrierError } from "./errors";

// One HTTP exchange with a carrier: its own timeout, and the caller's signal (the checkout's
// budget) honoured; a connection failure or a timeout becomes a CarrierError.

export type CarrierRequest = {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  signal?: AbortSignal;
};

export async function carrierFetch(
  carrier: CarrierId,
  url: string,
  request: CarrierRequest,
): Promise<{ status: number; text: string }> {
  const own = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([own, request.signal]) : own;
  try {
    const response = await fetch(url, {
      method: request.method ?? "GET",
      headers: request.headers,
      body: request.body,
      signal,
    });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    if (signal.aborted) {
      const why = request.signal?.aborted ? "budget" : "timeout";
      throw new CarrierError("timeout", carrier, why, "No respondió a tiempo.");
    }
    const text = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : "";
    throw new CarrierError("network", carrier, "network", text || "Sin conexión.");
  }
}

/** An HTTP error status as a CarrierError, with a short piece of the answer for staff. */
export function httpError(carrier: CarrierId, status: number, text: string): CarrierError {
  const snippet = text
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 160);
  return new CarrierError("network", carrier, `http_${status}`, snippet || `HTTP ${status}`);
}
