import type { ReactNode } from "react";
import styles from "./PersonLine.module.css";

/**
 * A person in a list (a group's owners, a community's newest members): their picture, their name
 * (usually a link to their page) and a muted line under it (their username, when they joined).
 * The list item itself: `<ul>` of these, styled by the list's owner.
 */
export function PersonLine({
  picture,
  name,
  detail,
  className,
}: {
  picture: ReactNode;
  name: ReactNode;
  detail?: ReactNode;
  className?: string;
}) {
  return (
    <li className={className ? `${styles.person} ${className}` : styles.person}>
      {picture}
      <span className={styles.name}>
        {name}
        {detail ? <span className={`muted ${styles.detail}`}>{detail}</span> : null}
      </span>
    </li>
  );
}
