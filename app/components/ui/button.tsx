import { clsx } from "clsx";
import { Children, type ComponentProps, type ReactElement, cloneElement } from "react";

// The classes are defined in app.css (.btn, .btn-<variant>, .btn-<size>) in the components
// layer: utilities passed in `className` override them by the cascade, so the button needs no
// class merging in JavaScript (tailwind-merge is 9 KB gzip), nor a variants library.
const VARIANTS = {
  default: "btn-default",
  secondary: "btn-secondary",
  outline: "btn-outline",
  ghost: "btn-ghost",
  destructive: "btn-destructive",
  link: "btn-link",
} as const;
const SIZES = {
  default: "btn-md",
  sm: "btn-sm",
  lg: "btn-lg",
  icon: "btn-icon",
  "icon-sm": "btn-icon-sm",
} as const;

export type ButtonVariants = { variant?: keyof typeof VARIANTS; size?: keyof typeof SIZES };

/** The classes of a button of that variant and size (for a link or a Radix part drawn as a button). */
export function buttonVariants({ variant, size }: ButtonVariants = {}): string {
  return `btn ${VARIANTS[variant ?? "default"]} ${SIZES[size ?? "default"]}`;
}

export type ButtonProps = ComponentProps<"button"> &
  ButtonVariants & {
    /** Render the child element (e.g. a <Link>) with the button's styles instead of a <button>. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const classes = clsx(buttonVariants({ variant, size }), className);
  if (asChild) {
    // The one child (a <Link> or <a>) gets the button's classes before its own, and the other
    // props the child does not set itself. Radix's Slot did this on every page that has a button,
    // for 1.5 KB gzip; its merging of event handlers and refs is not needed by any caller.
    const { children, ...rest } = props;
    const child = Children.only(children) as ReactElement<{ className?: string }>;
    return cloneElement(child, { ...rest, ...child.props, className: clsx(classes, child.props.className) });
  }
  return <button type={type ?? "button"} className={classes} {...props} />;
}
