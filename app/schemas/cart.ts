import { z } from "zod";

// What the browser may send about its cart: which products and options, never a price that counts.
// Only a tampered request or a damaged stored cart fails these checks; the shopper is told in Spanish.
const UNREADABLE = "No pudimos leer tu carrito. Recargá la página e intentá de nuevo.";

export const MAX_LINE_QUANTITY = 999;

export const CartLineInputSchema = z.object({
  cartId: z.string({ error: UNREADABLE }).min(1, UNREADABLE).max(100, UNREADABLE),
  productId: z.string({ error: UNREADABLE }).max(100, UNREADABLE),
  quantity: z
    .number({ error: "La cantidad de cada producto debe ser un número entero." })
    .int("La cantidad de cada producto debe ser un número entero.")
    .min(1, "La cantidad de cada producto debe ser al menos 1.")
    .max(MAX_LINE_QUANTITY, `Podés comprar hasta ${MAX_LINE_QUANTITY} unidades de cada producto.`),
  selectedOptions: z
    .array(
      z.object({
        group: z.string({ error: UNREADABLE }).max(200, UNREADABLE),
        option: z.string({ error: UNREADABLE }).max(200, UNREADABLE),
      }),
      { error: UNREADABLE },
    )
    .max(20, UNREADABLE)
    .default([]),
});

export const CartCheckSchema = z.object({
  lines: z.array(CartLineInputSchema, { error: UNREADABLE }).max(100, UNREADABLE),
});

export type CartLineInput = z.infer<typeof CartLineInputSchema>;
