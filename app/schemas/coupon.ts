import { z } from "zod";
import { checkbox, optionalId } from "./form-fields";
import { COUPON_KINDS } from "~/domain/coupons";
import { fromStoreLocalInput } from "~/domain/dates";
import { type AmountLabel, requiredAmount, typedAmount } from "./amount";

// Admin > Cupones: the coupon form, read from its fields. Amounts as people type them
// ("5.000", "12,5"), dates as <input type="datetime-local"> sends them, in the store's time zone.

/** An amount that may be left empty (null) but, typed, is above 0. */
const optionalAmount = (field: AmountLabel, message: string) =>
  typedAmount(field).transform((value, ctx) => {
    if (value !== null && value <= 0) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return value;
  });

const optionalCount = (label: string) =>
  z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (!text?.trim()) return null;
      const value = Number(text.trim());
      if (!Number.isInteger(value) || value < 1 || value > 1_000_000) {
        ctx.addIssue({ code: "custom", message: `${label}: ingresá un número entero desde 1.` });
        return z.NEVER;
      }
      return value;
    });

/** "2026-11-24T10:00" in the store's time zone -> the instant; empty -> null. */
const optionalMoment = z
  .string()
  .optional()
  .transform((text, ctx) => {
    if (!text?.trim()) return null;
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text.trim())) {
      ctx.addIssue({ code: "custom", message: "Ingresá la fecha y la hora." });
      return z.NEVER;
    }
    const date = fromStoreLocalInput(text.trim());
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: "custom", message: "Ingresá una fecha válida." });
      return z.NEVER;
    }
    return date;
  });

export const CouponFormSchema = z
  .object({
    /** Empty for a new coupon. */
    id: optionalId,
    code: z
      .string({ error: "Ingresá el código." })
      .transform((v) => v.replace(/\s+/g, "").toUpperCase())
      .refine((v) => v.length > 0, "Ingresá el código.")
      .refine(
        (v) => /^[A-Z0-9_-]{3,40}$/.test(v),
        "El código tiene de 3 a 40 letras, números, guiones o guiones bajos.",
      ),
    kind: z.enum(COUPON_KINDS, { error: "Elegí si es un porcentaje o un monto fijo." }),
    value: requiredAmount({ label: "el descuento", percent: true }).refine(
      (value) => value > 0,
      "Ingresá un descuento mayor a 0.",
    ),
    minPurchase: optionalAmount(
      { label: "la compra mínima", feminine: true },
      "Compra mínima: ingresá un monto mayor a 0.",
    ),
    startsAt: optionalMoment,
    endsAt: optionalMoment,
    maxUses: optionalCount("Usos en total"),
    maxUsesPerCustomer: optionalCount("Usos por cliente"),
    categoryIds: z.array(z.string().max(100)).max(100).default([]),
    /** SKUs of the products it is restricted to, separated by commas or lines. */
    productSkus: z
      .string()
      .max(5000)
      .optional()
      .transform((v) => [
        ...new Set(
          (v ?? "")
            .split(/[\s,;]+/)
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ]),
    combinable: checkbox,
    active: checkbox,
  })
  .superRefine((form, ctx) => {
    if (form.kind === "percent" && form.value > 100) {
      ctx.addIssue({ code: "custom", path: ["value"], message: "Un porcentaje va de 0 a 100." });
    }
    if (form.startsAt && form.endsAt && form.endsAt <= form.startsAt) {
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: "El fin tiene que ser posterior al inicio." });
    }
  });

export type CouponForm = z.output<typeof CouponFormSchema>;

/** The names the coupon form repeats (one per ticked category): `parseForm` reads them as lists. */
export const COUPON_FORM_LISTS = ["categoryIds"] as const;

/** "Activar" / "Desactivar" on a row. */
export const CouponToggleSchema = z.object({
  id: z.string().max(100),
  active: z
    .string()
    .optional()
    .transform((v) => v === "true"),
});
