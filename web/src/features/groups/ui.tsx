// Small pieces shared by the group, community and user screens.
import { richText } from "../../lib/i18n/rich.tsx";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { apiUrl, Avatar as SharedAvatar, imagePath, type ImageType } from "../../components/Avatar.tsx";
import { listClasses } from "../../components/list/index.ts";
import { useAppConfig } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { paths } from "../../routes/paths.ts";
import { formatLitres } from "../../lib/litres.ts";
import { actionTypeLabel, formatDateTime, timeAgo } from "./meta.ts";
import { groupsTexts } from "./texts.ts";
import styles from "./activity.module.css";

/** A round picture of a person, or their initials (the shared Avatar, fed from a user record). */
export function Avatar({
  user,
  size = 40,
}: {
  user: { id: string; name?: string | null; username?: string | null; hasImage?: boolean | null };
  size?: number;
}) {
  return <SharedAvatar id={user.id} name={user.name || user.username} hasImage={user.hasImage} size={size} />;
}

/**
 * The picture of a group/thing/device for an ItemCard: its URL (following pictures just changed
 * in this browser), or null for initials.
 */
export function usePictureUrl() {
  const { graphqlUrl } = useAppConfig();
  return (kind: ImageType, record: { id: string; hasImage?: boolean | null }, variant: "thumb" | "medium" = "thumb") =>
    record.hasImage ? apiUrl(imagePath(kind, record.id, variant), graphqlUrl) : null;
}

/** Guests see this where signing in is needed; it brings them back here afterwards. */
export function SignInPrompt({ title, children }: { title: string; children?: ReactNode }) {
  const t = useT(groupsTexts);
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <div className={`${listClasses.emptyState} sign-in-prompt`}>
      <h2 className={listClasses.emptyStateTitle}>{title}</h2>
      {children ? <div className={listClasses.emptyStateText}>{children}</div> : null}
      <div className={listClasses.emptyStateActions}>
        <Link className="button" to={paths.signIn(here)}>
          {t("groups.signIn")}
        </Link>
        <Link className="button button-secondary" to={paths.register(here)}>
          {t("groups.createAccount")}
        </Link>
      </div>
    </div>
  );
}

export interface ActivityItem {
  id: string;
  type: string;
  comments?: string | null;
  /** Water given, in litres (WATERING only). */
  litres?: number | null;
  createdAt: string;
  thingByThingId?: { id: string; name: string } | null;
  userByCreatedBy?: { id: string; name?: string | null; username?: string | null; hasImage?: boolean | null } | null;
}

/** The dot's colour for the action types that have one of their own (the others, the brand's). */
const DOT_COLOUR: Record<string, string | undefined> = {
  WATERING: styles.watering,
  LITTER_CLEANUP: styles.litterCleanup,
  MEASUREMENT: styles.measurement,
  EDUCATION: styles.education,
};

/** Care actions, newest first: who did what to which thing, and when. */
export function ActivityList({ items, showUser = true, label }: { items: readonly ActivityItem[]; showUser?: boolean; label: string }) {
  const t = useT(groupsTexts);
  return (
    <ol className={styles.list} aria-label={label}>
      {items.map((item) => {
        const user = item.userByCreatedBy;
        const who = (user && (user.name || user.username)) || t("groups.someone");
        return (
          <li key={item.id} className={styles.item}>
            {showUser ? (
              user ? (
                <Avatar user={user} size={36} />
              ) : (
                <span className={styles.unknown} style={{ width: 36, height: 36 }} aria-hidden="true" />
              )
            ) : (
              <span className={[styles.dot, DOT_COLOUR[item.type]].filter(Boolean).join(" ")} aria-hidden="true" />
            )}
            <div className={styles.body}>
              <p>
                {showUser ? (
                  user ? (
                    <Link to={paths.user(user.id)} className={styles.who}>
                      {who}
                    </Link>
                  ) : (
                    <span className={styles.who}>{who}</span>
                  )
                ) : null}
                {showUser ? " · " : null}
                <span className={`tag ${styles.type}`}>
                  {actionTypeLabel(item.type, t)}
                  {item.litres ? ` · ${formatLitres(item.litres)}` : ""}
                </span>
                {item.thingByThingId ? (
                  <>
                    {" "}
                    {richText(t, "groups.activityOn", {
                      thing: <Link to={paths.thing(item.thingByThingId.id)}>{item.thingByThingId.name}</Link>,
                    })}
                  </>
                ) : null}
              </p>
              {item.comments ? <p className={`${styles.comments} activity-comments`}>{item.comments}</p> : null}
              <p className={styles.when}>
                <time dateTime={item.createdAt} title={formatDateTime(item.createdAt)}>
                  {timeAgo(item.createdAt)}
                </time>
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** The shared labelled textarea and select (components/fields.tsx), as the group screens import them. */
export { SelectField, TextAreaField } from "../../components/fields.tsx";

/** A record that does not exist or is hidden from this user. */
export function NotFoundNotice({ title, children, back }: { title: string; children?: ReactNode; back: { to: string; label: string } }) {
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      {children ? <p className="lead">{children}</p> : null}
      <p>
        <Link to={back.to}>{back.label}</Link>
      </p>
    </section>
  );
}
