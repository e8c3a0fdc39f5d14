import type { IvaCondition } from "./invoice";

// [25/25] Business buyers (ADR 0022): what a company is, as the admin and the registration form
// name it. A consumidor final is not a business buyer, so a company is one of the other three IVA
// conditions (Factura A for the first two, B for an exento: app/domain/invoice.ts).

export const BUSINESS_IVA_CONDITIONS = [
  "responsable_inscripto",
  "monotributista",
  "exento",
] as const satisfies readonly IvaCondition[];
export type BusinessIvaCondition = (typeof BUSINESS_IVA_CONDITIONS)[number];

export const COMPANY_STATUSES = ["pending", "approved", "rejected"] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

export const COMPANY_STATUS_LABELS: Record<CompanyStatus, string> = {
  pending: "Pendiente",
  approved: "Aprobada",
  rejected: "Rechazada",
};

/** A buyer places orders; an approver also manages the company (the user who registered it). */
export const COMPANY_ROLES = ["buyer", "approver"] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const PRICE_RULE_SCOPES = ["category", "product", "variant"] as const;
export type PriceRuleScope = (typeof PRICE_RULE_SCOPES)[number];

export const COMPANY_ROLE_LABELS: Record<CompanyRole, string> = {
  buyer: "Compra",
  approver: "Compra y aprueba",
};
