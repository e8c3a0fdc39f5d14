import { clsx } from "clsx";
import type { ComponentType } from "react";
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

/** The icon of a ticker's pause button: what pressing it does next. */
export function TickerPauseIcon({ paused }: { paused: boolean }) {
  return <Icon name={paused ? "play" : "pause"} className="size-4" />;
}
