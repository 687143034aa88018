// A card around one of the analytics tables: its title and what it shows, the table (or a line
// saying the period has nothing for it), and a note when only the top rows are shown.
import type { ReactNode } from "react";
import styles from "./admin.module.css";

export function TableCard({
  id,
  title,
  description,
  note,
  empty,
  children,
}: {
  /** The title's id; the description's is `${id}-description`, for the table's aria-describedby. */
  id: string;
  title: string;
  description: string;
  note?: string;
  /** Shown instead of the table when the period has no rows. */
  empty?: string;
  children: ReactNode;
}) {
  return (
    <section className={`card ${styles.card}`} aria-labelledby={id}>
      <div className={styles.cardHead}>
        <h3 id={id}>{title}</h3>
        <p className="muted" id={`${id}-description`}>
          {description}
        </p>
      </div>
      {empty ? <p className="muted">{empty}</p> : children}
      {note ? <p className={`muted ${styles.note}`}>{note}</p> : null}
    </section>
  );
}
