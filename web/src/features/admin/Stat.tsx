// One figure of the admin page's rows of figures (totals, summary): the value large, its name under it.
import styles from "./admin.module.css";

export function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <li className={styles.stat}>
      <span className={styles.statValue}>{value}</span>
      <span className={styles.statLabel}>{label}</span>
      {hint ? <span className={styles.statHint}>{hint}</span> : null}
    </li>
  );
}
