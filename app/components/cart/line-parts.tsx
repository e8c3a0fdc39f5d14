// What the cart drawer and the checkout summary show alike for a line of the cart: the
// product's photo and the options chosen.

const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

/** The line's product photo, decorative beside its name (the placeholder when it has none). */
export function LineThumbnail({
  src,
  px,
  className,
}: {
  src: string | null | undefined;
  px: number;
  className: string;
}) {
  return (
    <img
      src={src || PLACEHOLDER_IMAGE}
      alt=""
      width={px}
      height={px}
      loading="lazy"
      className={`shrink-0 rounded-md border border-slate-200 object-cover ${className}`}
    />
  );
}

/** "Color: Negro", one line per option chosen. */
export function LineOptions({ options }: { options: readonly { group: string; option: string }[] }) {
  return options.map((o) => (
    <p key={`${o.group}:${o.option}`} className="text-xs text-slate-600">
      {o.group}: {o.option}
    </p>
  ));
}
