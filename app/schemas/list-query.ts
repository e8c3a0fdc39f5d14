import { z } from "zod";
import { isIsoDay } from "~/domain/dates";

/** `?page=` of an admin list: a whole number from 1; anything else reads as page 1 (the model clamps the end). */
export const pageParam = z.coerce
  .number()
  .int()
  .min(1)
  .max(10_000)
  .optional()
  .catch(undefined)
  .transform((v) => v ?? 1);

/** Rows per page an admin table offers (products, orders). */
export const PAGE_SIZES = [10, 20, 30, 40, 50] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

/** `?size=`: one of PAGE_SIZES, else the table's default. */
export function pageSizeParam(fallback: PageSize) {
  return z.coerce
    .number()
    .refine((n): n is PageSize => (PAGE_SIZES as readonly number[]).includes(n))
    .catch(fallback);
}

/** `?desde=` / `?hasta=`: a yyyy-mm-dd day, else no bound. */
export const dayParam = z
  .string()
  .optional()
  .transform((v) => (v && isIsoDay(v) ? v : null))
  .catch(null);
