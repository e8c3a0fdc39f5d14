import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icon-names";
import { type Collection, DEFAULT_COLLECTION_ICON } from "~/domain/collections";

/** The sprite's icons for the collections' icon keys (domain/collections.ts maps category ids to keys). */
const ICONS: Record<string, IconName> = {
  laptop: "laptop",
  pc: "computer",
  gamepad: "gamepad-2",
  monitor: "monitor",
  case: "pc-case",
  coffee: "coffee",
  chair: "armchair",
  backpack: "backpack",
  mouse: "mouse",
  keyboard: "keyboard",
  [DEFAULT_COLLECTION_ICON]: "package",
};

/** The icon of a collection's icon key; unknown keys get the default icon. */
export function collectionIcon(key: string | undefined): IconName {
  return (key && ICONS[key]) || "package";
}

/**
 * Home section 3: a tile per top-level category, 2 columns on phones, 3 on tablets, 5 on
 * desktop. A category the spec does not name gets the default icon.
 */
export function CategoryGrid({ collections }: { collections: Collection[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5">
      {collections.map((collection) => {
        const icon = collectionIcon(collection.icon);
        return (
          <li key={collection.id}>
            <Link to={`/store?category=${encodeURIComponent(collection.id)}`} className="group category-tile">
              <span className="category-icon">
                <Icon name={icon} className="size-7" />
              </span>
              {collection.name}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
