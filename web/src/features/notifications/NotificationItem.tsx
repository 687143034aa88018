// One notice in the bell's list, in the reader's language when it has a key (the notices'
// catalogue, shared/i18n/notices, comes with this module rather than with the first page).
import { Link } from "react-router";
import { formatFull, timeAgoShort } from "../../lib/dates.ts";
import { useLocale, useT } from "../../lib/i18n/locale-context.tsx";
import { pseudoMarked } from "../../lib/i18n/texts.ts";
import { renderNotice } from "../../../../shared/i18n/notices/index.ts";
import type { NotificationsQuery } from "./Notifications.generated.ts";
import { safePath } from "./safe-path.ts";
import styles from "./notifications.module.css";

/** A notification as Notifications.graphql asks for it. */
export type AppNotification = NonNullable<NotificationsQuery["allNotifications"]>["nodes"][number];
type NotificationLevel = AppNotification["level"];
const LEVELS: readonly NotificationLevel[] = ["POSITIVE", "NEGATIVE", "WARNING", "INFO", "ONGOING"];

export function NotificationItem({ item, onOpen, onDismiss }: { item: AppNotification; onOpen(): void; onDismiss(): void }) {
  const level = (item.level ?? "INFO").toLowerCase();
  const path = safePath(item.linkPath);
  const t = useT();
  const when = timeAgoShort(item.createdAt, new Date(), t);
  // In the reader's language when the notice has a key; the stored English otherwise.
  const { locale } = useLocale();
  const said = renderNotice(locale, item.textKey, item.textValues);
  const { title, body } = said ? { title: pseudoMarked(said.title), body: pseudoMarked(said.body) } : item;
  const content = (
    <>
      <span className={styles.title}>
        <span className="visually-hidden">
          {item.readAt ? "" : t("notifications.unreadPrefix")}
          {t(`notifications.level.${LEVELS.includes(item.level) ? item.level : "INFO"}`)}:{" "}
        </span>
        {title}
      </span>
      <span className={styles.body}>{body}</span>
      <time className={styles.time} dateTime={item.createdAt} title={formatFull(item.createdAt)}>
        {when}
      </time>
    </>
  );
  return (
    <li className={`${styles.item} ${styles[level]}${item.readAt ? "" : ` ${styles.unread}`}`}>
      <span className={styles.dot} aria-hidden="true" />
      {path ? (
        <Link to={path} className={styles.open} onClick={onOpen}>
          {content}
        </Link>
      ) : (
        <button type="button" className={styles.open} onClick={onOpen}>
          {content}
        </button>
      )}
      <button
        type="button"
        className={styles.dismiss}
        aria-label={t("notifications.dismissItem", { title })}
        title={t("notifications.dismiss")}
        onClick={onDismiss}
      >
        ×
      </button>
    </li>
  );
}
