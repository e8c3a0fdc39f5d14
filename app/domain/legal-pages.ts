// The four static legal pages (spec section 2); their texts live in routes/content/legal.tsx.
export const LEGAL_PAGES = [
  "terminos-y-condiciones",
  "politica-de-privacidad",
  "garantia-y-devoluciones",
  "politicas-de-envio",
] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];
