// The home's row of quick actions, for members (MemberQuickActions.tsx) and guests (GuestHome.tsx):
// the first is the filled "record" action the tour points at, the others tiles; each an icon, a
// title and a line under it (on phones the tiles show only their title, two or three to a row).
import type { ComponentType } from "react";
import { Link } from "react-router";
import styles from "./home.module.css";

export interface QuickAction {
  to: string;
  icon: ComponentType<{ size?: number }>;
  title: string;
  sub: string;
}

export function QuickActions({ label, actions }: { label: string; actions: QuickAction[] }) {
  // One record action and two tiles: the tiles two to a row on phones (three leave a gap).
  const pairs = actions.length === 3;
  return (
    <nav className={pairs ? `${styles.quick} ${styles.quickPairs}` : styles.quick} aria-label={label}>
      {actions.map(({ to, icon: Icon, title, sub }, i) => (
        <Link
          key={to}
          to={to}
          className={i === 0 ? `${styles.quickAction} ${styles.quickPrimary}` : styles.quickAction}
          data-tour={i === 0 ? "record" : undefined}
        >
          <Icon size={22} />
          <span>
            <strong>{title}</strong>
            <span className={styles.quickSub}>{sub}</span>
          </span>
        </Link>
      ))}
    </nav>
  );
}
