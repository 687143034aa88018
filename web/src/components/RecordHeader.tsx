import type { ReactNode } from "react";
import styles from "./RecordHeader.module.css";

/**
 * The head of a record's page (a group, a person): its picture, its name as the page's h1
 * (id "page-title", for the page's aria-labelledby), a line of tags under it, and its actions on
 * the right (under it on a phone).
 */
export function RecordHeader({
  picture,
  title,
  tags,
  actions,
}: {
  picture: ReactNode;
  title: ReactNode;
  tags: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className={styles.header}>
      {picture}
      <div className={styles.title}>
        <h1 id="page-title">{title}</h1>
        <div className={styles.tags}>{tags}</div>
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </header>
  );
}
