// The list itself: tiles (cards in a responsive grid) or rows. Items are plain <li>s; use <ItemCard>
// for the usual picture + title + details + badges item.
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ListLayout } from "./use-list-state.ts";
import styles from "./list.module.css";

export interface ItemListProps {
  layout: ListLayout;
  label?: string;
  children: ReactNode;
  /** "ol" for lists whose order means something (a feed). Default "ul". */
  as?: "ul" | "ol";
  /**
   * "rows" (default): <ItemCard>s, joined into one panel in the list layout. "cards": items that
   * are cards of their own (tasks, actions): a grid of them as tiles, a column of them as a list.
   */
  variant?: "rows" | "cards";
  /** Newer results are on their way: the items dim and say so to assistive technology. */
  busy?: boolean;
  className?: string;
}

/** The items of a list in the chosen layout; every list uses it, so tiles and rows look alike everywhere. */
export function ItemList({ layout, label, children, as: Tag = "ul", variant = "rows", busy = false, className }: ItemListProps) {
  const layoutClass = layout === "tiles" ? `${styles.tiles} item-tiles` : variant === "cards" ? styles.stack : `${styles.rows} item-rows`;
  return (
    <Tag
      className={[layoutClass, busy ? styles.busy : "", className ?? ""].filter(Boolean).join(" ")}
      aria-label={label}
      aria-busy={busy || undefined}
    >
      {children}
    </Tag>
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
    <li className={styles.item}>
      <span className={styles.picture} aria-hidden="true">
        {typeof picture === "string" ? <img src={picture} alt="" loading="lazy" /> : (picture ?? <Initials text={title} />)}
      </span>
      <span className={styles.body}>
        <Link to={to} className={`${styles.title} item-title`}>
          {title}
        </Link>
        {meta ? <span className={styles.meta}>{meta}</span> : null}
        {description ? <span className={`${styles.description} item-description`}>{description}</span> : null}
      </span>
      {badges ? <span className={styles.badges}>{badges}</span> : null}
      {actions ? <span className={styles.actions}>{actions}</span> : null}
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
  // Data (a name's letters), not copy: translate="no", as for a name.
  return (
    <span className={`${styles.initials} initials`} translate="no">
      {letters || "?"}
    </span>
  );
}
