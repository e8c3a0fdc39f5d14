import { data } from "react-router";

/**
 * For `.catch()` on a loader's database call: logs the real error for the server's log and
 * answers 503 with the spec's Spanish text, which the route's error boundary shows. The
 * shopper never sees a stack trace or the framework's English "Unexpected Server Error".
 */
export function loadFailed(message: string) {
  return (error: unknown): never => {
    console.error(`[load] ${message}`, error);
    throw data(message, { status: 503 });
  };
}
