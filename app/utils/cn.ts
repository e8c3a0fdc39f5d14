import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Joins class names and lets later Tailwind classes override earlier ones. tailwind-merge is
 * 9 KB gzip: what every storefront page loads (the header, footer, cards) joins its classes with
 * plain `clsx` and never passes conflicting ones.
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
