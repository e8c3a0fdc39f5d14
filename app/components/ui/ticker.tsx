import { clsx } from "clsx";
import type { ComponentProps, ComponentType, ReactNode } from "react";
import { Icon } from "./icon";

/**
 * A row that scrolls sideways in a loop: its list drawn twice (the copy only closes the loop, and
 * the list hides it from screen readers), held while `paused` (WCAG 2.2.2). `className` gives the
 * speed, the hold on hover and how it stands still for users who prefer reduced motion.
 */
export function TickerTrack({
  className,
  paused,
  List,
}: {
  className: string;
  paused: boolean;
  List: ComponentType<{ duplicate?: boolean }>;
}) {
  return (
    <div className={clsx(className, paused && "[animation-play-state:paused]")}>
      <List />
      <List duplicate />
    </div>
  );
}

/** The button that holds and restarts a ticker; its icon says what pressing it does next. */
export function TickerPauseButton({
  paused,
  onToggle,
  className,
  children,
  ...aria
}: {
  paused: boolean;
  onToggle: () => void;
  className: string;
  children?: ReactNode;
} & Pick<ComponentProps<"button">, "aria-label" | "aria-pressed">) {
  return (
    <button type="button" onClick={onToggle} {...aria} className={className}>
      <Icon name={paused ? "play" : "pause"} className="size-4" />
      {children}
    </button>
  );
}
