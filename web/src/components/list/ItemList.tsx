// The list itself: tiles (cards in a responsive grid) or rows. Items are plain <li>s; use <ItemCard>
// for the usual picture + title + details + badges item.
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ListLayout } from "./use-list-state.ts";

export function ItemList({ layout, label, children }: { layout: ListLayout; label?: string; children: ReactNode }) {
  return (
    <ul className={layout === "tiles" ? "item-tiles" : "item-rows"} aria-label={label}>
      {children}
    </ul>
  );
}

export interface ItemCardProps {
  /** Where the item's title links to. */
  to: string;
  title: string;
  /** A picture URL, or a node (initials, an icon); a neutral placeholder otherwise. */
  picture?: string | ReactNode | null;
  /** Short lines under the title (type, place, dates). */
  meta?: ReactNode;
  /** Longer text, clamped to three lines in tiles and one in rows. */
  description?: ReactNode;
  /** Tags at the side (Public, Owner, ...). */
  badges?: ReactNode;
  /** Controls at the end (buttons); not inside the link. */
  actions?: ReactNode;
}

/** One item: the whole title is the link, so the item is a single tab stop plus its actions. */
export function ItemCard({ to, title, picture, meta, description, badges, actions }: ItemCardProps) {
  return (
    <li className="item">
      <span className="item-picture" aria-hidden="true">
        {typeof picture === "string" ? <img src={picture} alt="" loading="lazy" /> : (picture ?? <Initials text={title} />)}
      </span>
      <span className="item-body">
        <Link to={to} className="item-title">
          {title}
        </Link>
        {meta ? <span className="item-meta">{meta}</span> : null}
        {description ? <span className="item-description">{description}</span> : null}
      </span>
      {badges ? <span className="item-badges">{badges}</span> : null}
      {actions ? <span className="item-actions">{actions}</span> : null}
    </li>
  );
}

/** Up to two initials on a tinted square: "Riverside Planters" -> "RP". */
export function Initials({ text }: { text: string }) {
  const letters = text
    .split(/[\s\-_]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]?.toUpperCase() ?? "")
    .join("");
  return <span className="initials">{letters || "?"}</span>;
}
