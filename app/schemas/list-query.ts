import { z } from "zod";

/** `?page=` of an admin list: a whole number from 1; anything else reads as page 1 (the model clamps the end). */
export const pageParam = z.coerce
  .number()
  .int()
  .min(1)
  .max(10_000)
  .optional()
  .catch(undefined)
  .transform((v) => v ?? 1);
