import { z } from "zod";
import { BUSINESS_IVA_CONDITIONS, COMPANY_ROLES, COMPANY_STATUSES } from "~/domain/business";
import { isValidCuit, normalizeCuit } from "~/domain/cuit";
import { typedAmount } from "./amount";
import { PHONE_MIN_DIGITS } from "./contact";
import { CONTACT_LIMITS } from "./form-limits";

// [25/25] Business buyers (ADR 0022): the company registration form (/empresas/registro) and
// Admin > Empresas' review and customer-group forms, read at their actions with parseForm.

export const COMPANY_LIMITS = { legalName: 120, groupName: 60 } as const;

function requiredText(missing: string, max: number, tooLong: string) {
  return z.string({ error: missing }).trim().min(1, missing).max(max, tooLong);
}

export const cuitField = z
  .string({ error: "Ingresá el CUIT de la empresa." })
  .trim()
  .min(1, "Ingresá el CUIT de la empresa.")
  .max(20, "Ingresá un CUIT válido: 11 números, por ejemplo 30-71234567-1.")
  .refine(isValidCuit, "Ingresá un CUIT válido: 11 números, por ejemplo 30-71234567-1. Revisá el último dígito.")
  .transform(normalizeCuit);

export const CompanyRegistrationSchema = z.object({
  cuit: cuitField,
  legalName: requiredText(
    "Ingresá la razón social.",
    COMPANY_LIMITS.legalName,
    `La razón social no puede superar los ${COMPANY_LIMITS.legalName} caracteres.`,
  ).refine((v) => v.length >= 2, "Ingresá la razón social completa."),
  ivaCondition: z.enum(BUSINESS_IVA_CONDITIONS, {
    error: "Elegí la condición frente al IVA de la empresa.",
  }),
  contactName: requiredText(
    "Ingresá el nombre de la persona de contacto.",
    CONTACT_LIMITS.name,
    `El nombre no puede superar los ${CONTACT_LIMITS.name} caracteres.`,
  ),
  contactEmail: requiredText("Ingresá el email de contacto.", CONTACT_LIMITS.email, "El email es demasiado largo.")
    .pipe(z.email("Ingresá un email válido."))
    .transform((v) => v.toLowerCase()),
  contactPhone: requiredText(
    "Ingresá un teléfono de contacto.",
    CONTACT_LIMITS.phone,
    `El número no puede superar los ${CONTACT_LIMITS.phone} caracteres.`,
  ).refine(
    (v) => v.replace(/\D/g, "").length >= PHONE_MIN_DIGITS,
    `Ingresá un teléfono válido (al menos ${PHONE_MIN_DIGITS} dígitos).`,
  ),
});
export type CompanyRegistration = z.output<typeof CompanyRegistrationSchema>;

const percentField = (label: string) =>
  typedAmount({ label, percent: true }).transform((value, ctx): number => {
    if (value === null) return 0;
    if (value > 100) {
      ctx.addIssue({ code: "custom", message: "El descuento admite hasta 100 %." });
      return z.NEVER;
    }
    return value;
  });

const uuid = (message: string) => z.uuid({ error: message });

/** Staff's review of a company: status, group (required to approve), credit limit and terms. */
export const CompanyReviewSchema = z
  .object({
    id: uuid("No encontramos la empresa."),
    status: z.enum(COMPANY_STATUSES, { error: "Elegí el estado de la empresa." }),
    groupId: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || null)
      .pipe(uuid("Elegí un grupo de clientes.").nullable()),
    creditLimit: typedAmount({ label: "el límite de crédito" }),
    paymentTermsDays: z
      .string()
      .trim()
      .optional()
      .transform((text, ctx) => {
        if (!text) return 30;
        const value = Number(text);
        if (!Number.isInteger(value) || value < 0 || value > 180) {
          ctx.addIssue({ code: "custom", message: "El plazo de pago va de 0 a 180 días." });
          return z.NEVER;
        }
        return value;
      }),
  })
  .superRefine((value, ctx) => {
    if (value.status === "approved" && value.groupId === null) {
      ctx.addIssue({
        code: "custom",
        path: ["groupId"],
        message: "Para aprobar la empresa, elegí su grupo de clientes.",
      });
    }
  });
export type CompanyReview = z.output<typeof CompanyReviewSchema>;

/**
 * Staff turn an /empresas enquiry into a company: the registration's fields (prefilled from the
 * enquiry), approved at once or left pending, in a group.
 */
export const CompanyConversionSchema = CompanyRegistrationSchema.extend({
  enquiryId: uuid("No encontramos la consulta."),
  status: z.enum(["pending", "approved"], { error: "Elegí si la empresa queda aprobada o pendiente." }),
  groupId: uuid("Elegí el grupo de clientes de la empresa."),
});
export type CompanyConversion = z.output<typeof CompanyConversionSchema>;

export const CustomerGroupSchema = z.object({
  name: requiredText(
    "Ingresá el nombre del grupo.",
    COMPANY_LIMITS.groupName,
    `El nombre del grupo no puede superar los ${COMPANY_LIMITS.groupName} caracteres.`,
  ),
  defaultPercent: percentField("el descuento general"),
});
export type CustomerGroupForm = z.output<typeof CustomerGroupSchema>;

/** Admin > Empresas' filter: ?estado=pending|approved|rejected (anything else: all). */
export const CompanyListQuerySchema = z.object({
  estado: z.enum(COMPANY_STATUSES).optional().catch(undefined),
});

const memberEmail = z
  .string({ error: "Ingresá el email de la cuenta." })
  .trim()
  .min(1, "Ingresá el email de la cuenta.")
  .max(CONTACT_LIMITS.email, "El email es demasiado largo.")
  .pipe(z.email("Ingresá un email válido."))
  .transform((v) => v.toLowerCase());
const memberRole = z.enum(COMPANY_ROLES, { error: "Elegí si compra o también aprueba." });
const memberUserId = z.string().trim().min(1).max(100);

export const CompanyMemberAddSchema = z.object({
  companyId: uuid("No encontramos la empresa."),
  email: memberEmail,
  role: memberRole,
});

export const CompanyMemberRemoveSchema = z.object({
  companyId: uuid("No encontramos la empresa."),
  userId: memberUserId,
});

/** Mi Cuenta > Empresa: what an approver changes in their own company (never a company id). */
export const MyCompanyMemberSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("member-add"), email: memberEmail, role: memberRole }),
  z.object({ intent: z.literal("member-role"), userId: memberUserId, role: memberRole }),
  z.object({ intent: z.literal("member-remove"), userId: memberUserId }),
  z.object({ intent: z.literal("invitation-cancel"), invitationId: memberUserId }),
]);

// A group's price list (Admin > Empresas > a group): rules, quantity breaks and minimums. A
// product or variant is named by its SKU, as staff read it on the product.

const skuField = z
  .string({ error: "Ingresá el SKU del producto o de la variante." })
  .trim()
  .min(1, "Ingresá el SKU del producto o de la variante.")
  .max(100, "El SKU no puede superar los 100 caracteres.");

const quantityField = (label: string) =>
  z
    .string({ error: `Ingresá ${label}.` })
    .trim()
    .transform((text, ctx) => {
      const value = Number(text);
      if (!text || !Number.isInteger(value) || value < 2 || value > 100_000) {
        ctx.addIssue({
          code: "custom",
          message: `${label.charAt(0).toUpperCase()}${label.slice(1)}: un número entero desde 2.`,
        });
        return z.NEVER;
      }
      return value;
    });

const PRICE_KINDS = ["percent", "fixed"] as const;

/** "10 %" off, or a fixed unit price: one value, read as its kind says. */
const priceValue = {
  kind: z.enum(PRICE_KINDS, { error: "Elegí si es un porcentaje o un precio fijo." }),
  value: typedAmount({ label: "el valor" }),
};

function checkValue(v: { kind: "percent" | "fixed"; value: number | null }, ctx: z.RefinementCtx) {
  if (v.value === null) ctx.addIssue({ code: "custom", path: ["value"], message: "Ingresá el valor." });
  else if (v.kind === "percent" && (v.value <= 0 || v.value > 100)) {
    ctx.addIssue({ code: "custom", path: ["value"], message: "El descuento va de más de 0 a 100 %." });
  }
}

export const PriceRuleFormSchema = z
  .object({
    scope: z.enum(["category", "sku"], { error: "Elegí si la regla es para una categoría o un producto." }),
    categoryId: z.string().trim().max(100).optional(),
    sku: z.string().trim().max(100).optional(),
    ...priceValue,
  })
  .superRefine((v, ctx) => {
    checkValue(v, ctx);
    if (v.scope === "category" && !v.categoryId) {
      ctx.addIssue({ code: "custom", path: ["categoryId"], message: "Elegí la categoría." });
    }
    if (v.scope === "category" && v.kind === "fixed") {
      ctx.addIssue({
        code: "custom",
        path: ["kind"],
        message: "Una categoría lleva un porcentaje, no un precio fijo.",
      });
    }
    if (v.scope === "sku" && !v.sku) {
      ctx.addIssue({ code: "custom", path: ["sku"], message: "Ingresá el SKU del producto o de la variante." });
    }
  });
export type PriceRuleForm = z.output<typeof PriceRuleFormSchema>;

export const QuantityBreakFormSchema = z
  .object({ sku: skuField, minQuantity: quantityField("la cantidad desde"), ...priceValue })
  .superRefine(checkValue);
export type QuantityBreakForm = z.output<typeof QuantityBreakFormSchema>;

export const MinimumFormSchema = z.object({ sku: skuField, minQuantity: quantityField("la cantidad mínima") });

export const RowIdSchema = z.object({ rowId: z.string().trim().min(1).max(100) });

export const GroupDefaultSchema = z.object({ defaultPercent: percentField("el descuento general") });
