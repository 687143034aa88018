// What every list screen shows under its toolbar, written once: the error in place of the list
// when nothing could be loaded, the skeleton while the first page loads, the empty state, or the
// items; and the footer with the count and "load more". The screens keep their own texts, items
// and empty states; the order of the states (and so what a visitor sees when) lives here.
import type { ReactNode } from "react";
import { ResultCount } from "./ListControls.tsx";
import { ListError, ListSkeleton, LoadMore } from "./ListStatus.tsx";
import type { ClientPaging } from "./use-client-paging.ts";
import type { ConnectionResult } from "./use-connection.ts";
import type { ListLayout } from "./use-list-state.ts";
import styles from "./list.module.css";

/** How the rows are coming along: a useConnection result fits, or a query's own flags. */
export interface ListLoad<E> {
  /** Nothing to show yet. */
  loading: boolean;
  error?: E | null;
  refetch?: () => void;
  /** What is loaded so far; an error with rows loaded leaves them on screen. */
  nodes?: readonly unknown[];
}

export interface ListContentProps<E> {
  layout: ListLayout;
  load: ListLoad<E>;
  /** The message for a failed load (the screens word their server errors themselves). */
  errorMessage(error: E): string;
  /** The skeleton's label for assistive technology, and how many placeholders it shows. */
  loadingLabel: string;
  skeletonCount?: number;
  /** The empty state when the list has nothing to show, null when it has. */
  empty: ReactNode;
  /** The items. */
  children: ReactNode;
}

/** The error, the skeleton, the empty state or the items, in that order of precedence. */
export function ListContent<E>({ layout, load, errorMessage, loadingLabel, skeletonCount, empty, children }: ListContentProps<E>) {
  if (load.error && (load.nodes?.length ?? 0) === 0) return <ListError message={errorMessage(load.error)} onRetry={load.refetch} />;
  if (load.loading) return <ListSkeleton layout={layout} count={skeletonCount} label={loadingLabel} />;
  if (empty !== null && empty !== undefined && empty !== false) return <>{empty}</>;
  return <>{children}</>;
}

/** More rows: the server's next page (a connection) or the next page of rows held in the browser. */
export type MoreSource =
  | Pick<ConnectionResult<unknown>, "hasMore" | "loadingMore" | "loadMore" | "nodes" | "totalCount">
  | Pick<ClientPaging<unknown>, "hasMore" | "showMore" | "shown" | "total">;

/** <LoadMore>'s props for either source. */
export function loadMoreProps(source: MoreSource) {
  return "showMore" in source
    ? { hasMore: source.hasMore, onLoadMore: source.showMore, shown: source.shown, total: source.total }
    : {
        hasMore: source.hasMore,
        loading: source.loadingMore,
        onLoadMore: source.loadMore,
        shown: source.nodes.length,
        total: source.totalCount,
      };
}

export interface ListFooterProps {
  /** The count's props (see <ResultCount>), or null for none. */
  count: Parameters<typeof ResultCount>[0] | null;
  more: MoreSource;
  /** The button's words ("Show more things"); "Load more" by default. */
  moreLabel?: string;
  /** A line between the count and the button. */
  note?: ReactNode;
  className?: string;
}

/** The count and "load more" under a list. */
export function ListFooter({ count, more, moreLabel, note, className = styles.footer }: ListFooterProps) {
  return (
    <div className={className}>
      {count ? <ResultCount {...count} /> : null}
      {note}
      <LoadMore {...loadMoreProps(more)} label={moreLabel} />
    </div>
  );
}
