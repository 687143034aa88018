// One notice in the bell's list, in the reader's language when it has a key (the notices'
// catalogue, shared/i18n/notices, comes with this module rather than with the first page).
import { Link } from "react-router";
import { formatFull } from "../../lib/dates.ts";
import { useLocale, useT } from "../../lib/i18n/locale-context.tsx";
import { pseudoMarked } from "../../lib/i18n/texts.ts";
import { renderNotice } from "../../../../shared/i18n/notices/index.ts";
import type { NotificationsQuery } from "./Notifications.generated.ts";
import { safePath } from "./safe-path.ts";
import { relativeTime } from "./time.ts";

/** A notification as Notifications.graphql asks for it. */
export type AppNotification = NonNullable<NotificationsQuery["allNotifications"]>["nodes"][number];
type NotificationLevel = AppNotification["level"];
const LEVELS: readonly NotificationLevel[] = ["POSITIVE", "NEGATIVE", "WARNING", "INFO", "ONGOING"];

export function NotificationItem({ item, onOpen, onDismiss }: { item: AppNotification; onOpen(): void; onDismiss(): void }) {
  const level = (item.level ?? "INFO").toLowerCase();
  const path = safePath(item.linkPath);
  const t = useT();
  const when = relativeTime(item.createdAt, new Date(), t);
  // In the reader's language when the notice has a key; the stored English otherwise.
  const { locale } = useLocale();
  const said = renderNotice(locale, item.textKey, item.textValues);
  const { title, body } = said ? { title: pseudoMarked(said.title), body: pseudoMarked(said.body) } : item;
  const content = (
    <>
      <span className="notif-title">
        <span className="visually-hidden">
          {item.readAt ? "" : t("notifications.unreadPrefix")}
          {t(`notifications.level.${LEVELS.includes(item.level) ? item.level : "INFO"}`)}:{" "}
        </span>
        {title}
      </span>
      <span className="notif-body">{body}</span>
      <time className="notif-time" dateTime={item.createdAt} title={formatFull(item.createdAt)}>
        {when}
      </time>
    </>
  );
  return (
    <li className={`notif notif-${level}${item.readAt ? "" : " notif-unread"}`}>
      <span className="notif-dot" aria-hidden="true" />
      {path ? (
        <Link to={path} className="notif-open" onClick={onOpen}>
          {content}
        </Link>
      ) : (
        <button type="button" className="notif-open" onClick={onOpen}>
          {content}
        </button>
      )}
      <button
        type="button"
        className="notif-dismiss"
        aria-label={t("notifications.dismissItem", { title })}
        title={t("notifications.dismiss")}
        onClick={onDismiss}
      >
        ×
      </button>
    </li>
  );
}
