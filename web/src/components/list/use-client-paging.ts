// Paging for lists that load everything at once (things, tasks, a group's devices): the browser
// holds all the rows, but shows them a page at a time with "Show more", so a long list stays quick
// to render and to read. The page count starts again whenever `resetKey` (search, sort, filters)
// changes, so a new search begins at the top.
import { useCallback, useState } from "react";

export interface ClientPaging<T> {
  /** The rows to show now. */
  visible: T[];
  hasMore: boolean;
  showMore(): void;
  /** How many are shown, and of how many. */
  shown: number;
  total: number;
}

export function useClientPaging<T>(
  items: readonly T[],
  { pageSize = 24, resetKey = "" }: { pageSize?: number; resetKey?: string } = {},
): ClientPaging<T> {
  const [paging, setPaging] = useState({ key: resetKey, pages: 1 });
  // A changed key starts again from one page (during render, so no frame shows the old count).
  const pages = paging.key === resetKey ? paging.pages : 1;
  if (paging.key !== resetKey) setPaging({ key: resetKey, pages: 1 });
  const showMore = useCallback(() => setPaging((p) => ({ key: resetKey, pages: (p.key === resetKey ? p.pages : 1) + 1 })), [resetKey]);
  const visible = items.slice(0, pages * pageSize);
  return { visible, hasMore: visible.length < items.length, showMore, shown: visible.length, total: items.length };
}
