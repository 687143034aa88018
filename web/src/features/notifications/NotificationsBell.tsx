// The notifications bell in the header (issue 9, in-app part): the unread count, refreshed every
// 60 s and whenever the window regains focus, and a panel with the latest notifications in their
// level's colour. Opening one marks it read and goes to its link; "Mark all read" clears the
// count. Guests see nothing.
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useLocation } from "react-router";
import { useMutation, useQuery, useSubscription } from "urql";
import { NotificationAddedDocument as NotificationAddedSubscription } from "./NotificationAdded.generated.ts";
import { useSession } from "../../lib/session-context.tsx";
import { useFirstScreenShown } from "../../lib/first-screen.ts";
import { safePath } from "./safe-path.ts";
import { DeleteNotificationDocument as DeleteNotificationMutation } from "./DeleteNotification.generated.ts";
import { MarkAllNotificationsReadDocument as MarkAllMutation } from "./MarkAllNotificationsRead.generated.ts";
import { MarkNotificationReadDocument as MarkReadMutation } from "./MarkNotificationRead.generated.ts";
import { NotificationsDocument as NotificationsQuery } from "./Notifications.generated.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { errorText } from "../../lib/errors.ts";
import styles from "./notifications.module.css";

/** How often the unread count is refreshed while the page is visible. */
export const NOTIFICATIONS_POLL_MS = 60_000;
/** How many notifications the panel lists. */
export const NOTIFICATIONS_SHOWN = 20;

import type { AppNotification } from "./NotificationItem.tsx";

// A notice is written in the reader's language from its key (the notices' catalogue), which
// arrives with the items, after the first page: a bell with nothing to list loads none of it.
const NotificationItem = lazy(() => import("./NotificationItem.tsx").then((m) => ({ default: m.NotificationItem })));

export function NotificationsBell() {
  const { signedIn } = useSession();
  if (!signedIn) return null;
  return <Bell />;
}

function Bell() {
  const t = useT();
  const firstScreenShown = useFirstScreenShown();
  const [result, reexecute] = useQuery({
    // Not with the first screen's own queries on a phone's slow line (lib/first-screen.ts).
    pause: !firstScreenShown,
    query: NotificationsQuery,
    variables: { first: NOTIFICATIONS_SHOWN },
    requestPolicy: "cache-and-network",
  });
  const refresh = useCallback(() => reexecute({ requestPolicy: "network-only" }), [reexecute]);
  const [, markRead] = useMutation(MarkReadMutation);
  const [, markAll] = useMutation(MarkAllMutation);
  const [, remove] = useMutation(DeleteNotificationMutation);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const panelId = useId();
  const headingId = useId();
  const location = useLocation();

  // New notifications arrive live over the websocket; polling below catches anything missed.
  const [live] = useSubscription({ query: NotificationAddedSubscription, pause: !firstScreenShown });
  useEffect(() => {
    if (live.data?.notificationAdded?.event) refresh();
  }, [live.data, refresh]);

  // Poll while the page is visible; ask again when the window comes back into view.
  useEffect(() => {
    const timer = setInterval(() => {
      if (typeof document === "undefined" || !document.hidden) refresh();
    }, NOTIFICATIONS_POLL_MS);
    const onFocus = () => refresh();
    const onVisible = () => {
      if (document.visibilityState === "visible") refresh();
    };
    window.addEventListener("focus", onFocus);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearInterval(timer);
      window.removeEventListener("focus", onFocus);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [refresh]);

  // Close after navigating somewhere else.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes after a navigation: the effect runs on the path, it doesn't read it
  useEffect(() => setOpen(false), [location.pathname]);

  // Close on a click outside the bell and its panel.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (wrapper.current && !wrapper.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", onPointer);
    return () => document.removeEventListener("mousedown", onPointer);
  }, [open]);

  useEffect(() => {
    if (open) heading.current?.focus();
  }, [open]);

  const unread = result.data?.unread?.totalCount ?? 0;
  const items = result.data?.allNotifications?.nodes ?? [];
  const loading = !result.data && !result.error;

  const toggle = () => {
    setActionError(null);
    setOpen((value) => {
      if (!value) refresh();
      return !value;
    });
  };

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && open) {
      event.stopPropagation();
      close();
    }
  };

  const onOpenItem = async (item: AppNotification) => {
    if (item.readAt) return;
    const result = await markRead({ id: item.id, readAt: new Date().toISOString() });
    if (!result.error) refresh();
  };

  const onMarkAll = async () => {
    setBusy(true);
    setActionError(null);
    const result = await markAll({});
    setBusy(false);
    if (result.error) setActionError(errorText(result.error, t("common.anErrorOccurred")));
    refresh();
  };

  const onDismiss = async (item: AppNotification) => {
    setActionError(null);
    const result = await remove({ id: item.id });
    if (result.error) setActionError(errorText(result.error, t("common.anErrorOccurred")));
    refresh();
  };

  const badge = unread > 99 ? "99+" : String(unread);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere inside closes the panel; the buttons and links inside are the controls
    <div className={styles.area} ref={wrapper} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className={`${styles.bell} notif-bell`}
        aria-label={unread ? t("notifications.bellUnread", { count: unread }) : t("notifications.title")}
        aria-expanded={open}
        aria-controls={panelId}
        title={t("notifications.title")}
        onClick={toggle}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            d="M12 3a6 6 0 0 0-6 6v3.6l-1.6 2.7A1 1 0 0 0 5.3 17h13.4a1 1 0 0 0 .9-1.7L18 12.6V9a6 6 0 0 0-6-6z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.9"
            strokeLinejoin="round"
          />
          <path d="M9.8 19.5a2.3 2.3 0 0 0 4.4 0" fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round" />
        </svg>
        {unread ? (
          <span className={`${styles.count} notif-count`} aria-hidden="true">
            {badge}
          </span>
        ) : null}
      </button>
      <div
        id={panelId}
        className={`${styles.panel} notif-panel`}
        role="dialog"
        aria-modal="false"
        aria-labelledby={headingId}
        hidden={!open}
      >
        <div className={styles.head}>
          <h2 id={headingId} ref={heading} tabIndex={-1}>
            {t("notifications.title")}
          </h2>
          {unread > 0 ? (
            <button type="button" className={styles.textButton} onClick={() => void onMarkAll()} disabled={busy}>
              {t("notifications.markAllRead")}
            </button>
          ) : null}
        </div>
        {actionError ? (
          <p className={styles.error} role="alert">
            {actionError}
          </p>
        ) : null}
        {result.error && !result.data ? (
          <div className={styles.empty}>
            <p>{t("notifications.loadFailed")}</p>
            <button type="button" className={styles.textButton} onClick={refresh}>
              {t("list.tryAgain")}
            </button>
          </div>
        ) : loading ? (
          <p className={styles.empty} role="status">
            {t("common.loading")}
          </p>
        ) : items.length === 0 ? (
          <div className={styles.empty}>
            <p className={styles.emptyTitle}>{t("notifications.caughtUp")}</p>
            <p>{t("notifications.emptyText")}</p>
          </div>
        ) : (
          <Suspense
            fallback={
              <p className={styles.empty} role="status">
                {t("common.loading")}
              </p>
            }
          >
            <ul className={styles.list} aria-label={t("notifications.latest")}>
              {items.map((item) => (
                <NotificationItem
                  key={item.id}
                  item={item}
                  onOpen={() => {
                    void onOpenItem(item);
                    if (safePath(item.linkPath)) setOpen(false);
                  }}
                  onDismiss={() => void onDismiss(item)}
                />
              ))}
            </ul>
          </Suspense>
        )}
        {open ? (
          <p className="visually-hidden" role="status">
            {unread ? t("notifications.unreadCount", { count: unread }) : t("notifications.noneUnread")}
          </p>
        ) : null}
      </div>
    </div>
  );
}
