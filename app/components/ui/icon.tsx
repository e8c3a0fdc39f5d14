import { clsx } from "clsx";
import sprite from "~/assets/icons.svg?url";
import type { IconName } from "./icon-names";

/** The sprite's address (hashed by the build, cached for a year): the root preloads it. */
export const ICON_SPRITE_URL = sprite;

/**
 * An icon of the storefront's sprite. Decorative (aria-hidden): the button or link that holds it
 * carries the accessible name. Sized by its class, coloured by the text colour. Its classes are
 * joined with plain `clsx`: it is on every storefront page, and tailwind-merge is 9 KB gzip.
 */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" className={clsx("inline-block shrink-0", className)}>
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
