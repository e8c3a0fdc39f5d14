import { useEffect, useRef } from "react";
import { useToast } from "~/components/toaster";
import type { ToastInput } from "~/schemas/toast";

/**
 * The one way a screen reacts to an action's answer (a fetcher's, or the page's own): once per new
 * answer, when the request has settled, it raises the answer's toast and calls `onResult` with it.
 */
export function useActionResult<T extends { toast?: ToastInput | null }>(
  data: T | undefined,
  state: string,
  onResult?: (result: T) => void,
): void {
  const toast = useToast();
  const handled = useRef<T | undefined>(undefined);
  const callback = useRef(onResult);
  useEffect(() => {
    callback.current = onResult;
  }, [onResult]);
  useEffect(() => {
    if (state !== "idle" || !data || handled.current === data) return;
    handled.current = data;
    if (data.toast) toast(data.toast);
    callback.current?.(data);
  }, [data, state, toast]);
}
