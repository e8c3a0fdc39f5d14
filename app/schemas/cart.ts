import { z } from "zod";

// What the browser may send about its cart: which products and options, never a price that counts.
export const CartLineInputSchema = z.object({
  cartId: z.string().min(1).max(100),
  productId: z.string().max(100),
  quantity: z.number().int().min(1).max(999),
  selectedOptions: z
    .array(z.object({ group: z.string().max(200), option: z.string().max(200) }))
    .max(20)
    .default([]),
});

export const CartCheckSchema = z.object({ lines: z.array(CartLineInputSchema).max(100) });

export type CartLineInput = z.infer<typeof CartLineInputSchema>;
