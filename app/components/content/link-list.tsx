import { Link } from "react-router";

export type SiteLink = { to: string; label: string };

/** A list of the site's own pages (the site map's groups, a legal page's other policies). */
export function LinkList({
  links,
  className,
  linkClassName,
}: {
  links: readonly SiteLink[];
  className: string;
  linkClassName: string;
}) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className={linkClassName}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
