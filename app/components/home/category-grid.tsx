import {
  Armchair,
  Backpack,
  Coffee,
  Computer,
  Gamepad2,
  Keyboard,
  Laptop,
  type LucideIcon,
  Monitor,
  Mouse,
  Package,
  PcCase,
} from "lucide-react";
import { Link } from "react-router";
import { type Collection, DEFAULT_COLLECTION_ICON } from "~/domain/collections";

/** Lucide icons for the collections' icon keys (domain/collections.ts maps category ids to keys). */
const ICONS: Record<string, LucideIcon> = {
  laptop: Laptop,
  pc: Computer,
  gamepad: Gamepad2,
  monitor: Monitor,
  case: PcCase,
  coffee: Coffee,
  chair: Armchair,
  backpack: Backpack,
  mouse: Mouse,
  keyboard: Keyboard,
  [DEFAULT_COLLECTION_ICON]: Package,
};

/** The icon of a collection's icon key; unknown keys get the default icon. */
export function collectionIcon(key: string | undefined): LucideIcon {
  return (key && ICONS[key]) || ICONS[DEFAULT_COLLECTION_ICON] || Package;
}

/**
 * Home section 3: a tile per top-level category, 2 columns on phones, 3 on tablets, 5 on
 * desktop. A category the spec does not name gets the default icon.
 */
export function CategoryGrid({ collections }: { collections: Collection[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5">
      {collections.map((collection) => {
        const Icon = collectionIcon(collection.icon);
        return (
          <li key={collection.id}>
            <Link
              to={`/store?category=${encodeURIComponent(collection.id)}`}
              className="group flex h-full flex-col items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 text-center font-semibold text-slate-800 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-500 hover:text-brand-700 hover:shadow-md motion-reduce:transition-none motion-reduce:hover:translate-y-0 sm:p-6"
            >
              <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600 transition-colors group-hover:bg-brand-600 group-hover:text-white">
                <Icon aria-hidden className="size-7" />
              </span>
              {collection.name}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
