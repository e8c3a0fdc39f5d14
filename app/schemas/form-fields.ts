import { z } from "zod";

// Field schemas that several forms share, read from what a browser posts.

/**
 * A checkbox: "on" (or a boolean) is true, anything else false. An unticked box sends nothing, so the
 * key may be missing altogether: `.optional()` before the transform lets an object take it as false.
 */
export const checkbox = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((v) => v === true || v === "on" || v === "true");

/** A hidden id that is empty for something new: the id, or null. */
export const optionalId = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => v || null);
