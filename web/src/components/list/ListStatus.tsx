// What a list shows besides its items: loading skeletons, empty states, errors and "load more".
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ListLayout } from "./use-list-state.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import styles from "./list.module.css";

/** Grey placeholders in the shape of the list while the first page loads. */
export function ListSkeleton({ layout = "tiles", count = 6, label }: { layout?: ListLayout; count?: number; label?: string }) {
  const t = useT();
  return (
    <div className="list-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{label ?? t("common.loading")}</span>
      <ul className={layout === "tiles" ? styles.tiles : styles.rows} aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity of their own, and never move
          <li key={index} className={`${styles.item} ${styles.skeletonItem}`}>
            <span className={`${styles.skeleton} ${styles.skeletonPicture}`} />
            <span className={styles.skeletonLines}>
              <span className={`${styles.skeleton} ${styles.skeletonLine}`} />
              <span className={`${styles.skeleton} ${styles.skeletonLine} ${styles.skeletonShort}`} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface EmptyStateAction {
  label: string;
  /** A route to go to, or ... */
  to?: string;
  /** ... something to do here (e.g. clear the filters). */
  onClick?: () => void;
}

/**
 * An empty list that says why it is empty and what to do about it:
 * `<EmptyState title="No groups yet" action={{ label: "Start a group", to: "/groups/new" }}>...`.
 */
export function EmptyState({
  title,
  children,
  action,
  secondary,
  icon,
}: {
  title: string;
  children?: ReactNode;
  action?: EmptyStateAction | null;
  secondary?: EmptyStateAction | null;
  icon?: ReactNode;
}) {
  const render = (a: EmptyStateAction, className: string) =>
    a.to ? (
      <Link to={a.to} className={className}>
        {a.label}
      </Link>
    ) : (
      <button type="button" className={className} onClick={a.onClick}>
        {a.label}
      </button>
    );
  return (
    <div className={styles.emptyState}>
      <div className={styles.emptyStateIcon} aria-hidden="true">
        {icon ?? (
          <svg viewBox="0 0 48 48" width="44" height="44" focusable="false">
            <circle cx="24" cy="24" r="21" fill="none" stroke="currentColor" strokeWidth="2.5" strokeDasharray="5 5" />
            <path d="M17 25c0-6 4-9 12-9 0 7-4 11-11 11" fill="currentColor" opacity="0.55" />
          </svg>
        )}
      </div>
      <h2 className={styles.emptyStateTitle}>{title}</h2>
      {children ? <div className={styles.emptyStateText}>{children}</div> : null}
      {action || secondary ? (
        <div className={styles.emptyStateActions}>
          {action ? render(action, "button") : null}
          {secondary ? render(secondary, "button button-secondary") : null}
        </div>
      ) : null}
    </div>
  );
}

/** A failed load, with the server's message and a way to try again. */
export function ListError({ message, onRetry }: { message?: string | null; onRetry?: () => void }) {
  const t = useT();
  return (
    <div className={`form-error ${styles.error}`} role="alert">
      <span>{message || t("common.anErrorOccurred")}</span>
      {onRetry ? (
        <button type="button" className="button button-secondary" onClick={onRetry}>
          {t("list.tryAgain")}
        </button>
      ) : null}
    </div>
  );
}

/** "Load more" under a list: shown while the server has more than the list holds. */
export function LoadMore({
  hasMore,
  loading = false,
  onLoadMore,
  shown,
  total,
  label,
}: {
  hasMore: boolean;
  loading?: boolean;
  onLoadMore(): void;
  shown?: number;
  total?: number | null;
  label?: string;
}) {
  const t = useT();
  if (!hasMore && !loading) return null;
  return (
    <div className={styles.loadMore}>
      <button type="button" className="button button-secondary" onClick={onLoadMore} disabled={loading} aria-busy={loading}>
        {loading ? t("common.loading") : (label ?? t("list.loadMore"))}
      </button>
      {shown !== undefined && total !== null && total !== undefined ? (
        <span className="muted">{t("list.shownOf", { shown, total })}</span>
      ) : null}
    </div>
  );
}
