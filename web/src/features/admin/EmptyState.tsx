// The analytics with nothing to show (no data for the dates, no such user): a quiet chart drawing,
// a title, and what to try.
import type { ReactNode } from "react";
import styles from "./admin.module.css";

export function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={`card ${styles.empty}`}>
      <svg viewBox="0 0 48 48" width="44" height="44" aria-hidden="true" focusable="false">
        <rect x="6" y="26" width="7" height="14" rx="2" fill="currentColor" opacity="0.35" />
        <rect x="17" y="18" width="7" height="22" rx="2" fill="currentColor" opacity="0.55" />
        <rect x="28" y="22" width="7" height="18" rx="2" fill="currentColor" opacity="0.45" />
        <rect x="39" y="12" width="3" height="28" rx="1.5" fill="currentColor" opacity="0.2" />
        <path d="M5 43h38" stroke="currentColor" strokeWidth="2" strokeLinecap="round" opacity="0.5" />
      </svg>
      <h3>{title}</h3>
      {children}
    </div>
  );
}
