import { type VariantProps, cva } from "class-variance-authority";
import { clsx } from "clsx";
import { Slot } from "radix-ui";
import type { ComponentProps } from "react";

// The classes are defined in app.css (.btn, .btn-<variant>, .btn-<size>) in the components
// layer: utilities passed in `className` override them by the cascade, so the button needs no
// class merging in JavaScript (tailwind-merge is 9 KB gzip).
export const buttonVariants = cva("btn", {
  variants: {
    variant: {
      default: "btn-default",
      secondary: "btn-secondary",
      outline: "btn-outline",
      ghost: "btn-ghost",
      destructive: "btn-destructive",
      link: "btn-link",
    },
    size: {
      default: "btn-md",
      sm: "btn-sm",
      lg: "btn-lg",
      icon: "btn-icon",
      "icon-sm": "btn-icon-sm",
    },
  },
  defaultVariants: { variant: "default", size: "default" },
});

export type ButtonProps = ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child element (e.g. a <Link>) with the button's styles instead of a <button>. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  if (asChild) return <Slot.Root className={clsx(buttonVariants({ variant, size }), className)} {...props} />;
  return <button type={type ?? "button"} className={clsx(buttonVariants({ variant, size }), className)} {...props} />;
}
