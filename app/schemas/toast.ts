import { z } from "zod";

// A toast flashed through a cookie after a redirect, or raised in the browser.
export const ToastSchema = z.object({
  id: z.string().default(() => Math.random().toString(36).slice(2)),
  type: z.enum(["success", "error", "info"]).default("info"),
  title: z.string().max(200),
  description: z.string().max(500).optional(),
});

export type Toast = z.infer<typeof ToastSchema>;
export type ToastInput = z.input<typeof ToastSchema>;

/**
 * What a loader that could not read its data answers beside its fallback: the screen raises it with
 * `useActionResult(loaderData, "idle")`, as it raises an action's answer.
 */
export const loadFailedToast = (description: string, title = "Error"): ToastInput => ({
  type: "error",
  title,
  description,
});
