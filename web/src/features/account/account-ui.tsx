// Small pieces the account screens share: the page frame, empty and error states, dates.
import { formatDate as formatDateOf, formatDateTime } from "../../lib/dates.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import type { ReactNode } from "react";
import type { CombinedError } from "urql";
import { errorText } from "./errors.ts";
import styles from "./account.module.css";
import { accountTexts } from "./texts.ts";

export function AccountPage({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className={`page ${styles.page}`} aria-labelledby="page-title">
      <header className={styles.pageHeader}>
        <div>
          <h1 id="page-title">{title}</h1>
          {intro ? <p className={styles.intro}>{intro}</p> : null}
        </div>
        {actions ? <div>{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}

const LEAF = (
  <svg viewBox="0 0 32 32" width="28" height="28" focusable="false">
    <path d="M7 25c0-10 7-16 18-16 0 10-6 17-17 17" fill="currentColor" opacity="0.85" />
    <path d="M7 25c4-5 8-8 12-10" stroke="#fff" strokeWidth="1.8" fill="none" strokeLinecap="round" />
  </svg>
);

export function EmptyState({ title, children, icon = LEAF }: { title: string; children?: ReactNode; icon?: ReactNode }) {
  return (
    <div className={styles.emptyState}>
      <span className={styles.emptyStateIcon} aria-hidden="true">
        {icon}
      </span>
      <h2>{title}</h2>
      {children}
    </div>
  );
}

/** A load that failed, with the server's message (else `message`) and a way to try again. */
export function LoadError({
  error,
  onRetry,
  message,
}: {
  error: CombinedError | undefined;
  onRetry: () => void;
  /** "We could not load your badges.": what failed, when the server does not say. */
  message?: string;
}) {
  const t = useT(accountTexts);
  return (
    <div className={`form-error ${styles.loadError}`} role="alert">
      <span>{errorText(error, message ?? t("account.loadError"))}</span>
      <button type="button" className="button button-secondary" onClick={onRetry}>
        {t("account.tryAgain")}
      </button>
    </div>
  );
}

export function formatDate(value: string | null | undefined, withTime = false): string {
  return withTime ? formatDateTime(value, "—") : formatDateOf(value, "—");
}
