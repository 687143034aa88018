// The admins' moderation queue on /admin (issue 26): open reports, oldest first, each with what
// was reported (as it read then), why, by whom, and whose it is; an admin hides the content,
// dismisses the report, or suspends the author. A second list holds what is hidden, to restore.
import { useId, useState } from "react";
import { Link } from "react-router";
import { useMutation, useQuery } from "urql";
import { formatDateTime, timeAgo } from "../../lib/dates.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { paths } from "../../routes/paths.ts";
import { errorText } from "../things/errors.ts";
import {
  ContentReportsDocument as ContentReportsQuery,
  type ContentReportsQuery as ContentReportsData,
} from "./ContentReports.generated.ts";
import { ModerateReportDocument as ModerateReportMutation } from "./ModerateReport.generated.ts";
import { SuspendUserDocument as SuspendUserMutation } from "./SuspendUser.generated.ts";
import { richText } from "../../lib/i18n/rich.tsx";
import styles from "./moderation.module.css";
import { moderationTexts } from "./texts.ts";

/** A report as ContentReports.graphql asks for it. */
export type ReportItem = NonNullable<ContentReportsData["allContentReports"]>["nodes"][number];

/** Where the reported content lives, when it has a page of its own. */
export function targetLink(report: Pick<ReportItem, "targetType" | "targetId" | "pictureOf">): string | null {
  if (report.targetType === "THING") return paths.thing(report.targetId);
  if (report.targetType === "PICTURE") {
    if (report.pictureOf === "thing") return paths.thing(report.targetId);
    if (report.pictureOf === "user") return paths.user(report.targetId);
    if (report.pictureOf === "group") return paths.group(report.targetId);
    if (report.pictureOf === "device") return paths.device(report.targetId);
  }
  return null;
}

export function ModerationQueue() {
  const t = useT(moderationTexts);
  const headingId = useId();
  const [open, reexecuteOpen] = useQuery({
    query: ContentReportsQuery,
    variables: { status: "OPEN" },
    requestPolicy: "cache-and-network",
  });
  const [hidden, reexecuteHidden] = useQuery({
    query: ContentReportsQuery,
    variables: { status: "HIDDEN" },
    requestPolicy: "cache-and-network",
  });
  const refresh = () => {
    reexecuteOpen({ requestPolicy: "network-only" });
    reexecuteHidden({ requestPolicy: "network-only" });
  };
  const openItems = open.data?.allContentReports?.nodes ?? [];
  const hiddenItems = hidden.data?.allContentReports?.nodes ?? [];

  return (
    <section className="moderation-queue" aria-labelledby={headingId}>
      <div className="section-head">
        <h2 id={headingId}>
          {t("moderation.queue.title")}
          {open.data ? <span className="count-pill">{open.data.allContentReports?.totalCount ?? 0}</span> : null}
        </h2>
        <p className="muted">{t("moderation.queue.intro")}</p>
      </div>
      {open.error && !open.data ? (
        <p className="form-error" role="alert">
          {errorText(open.error, t("moderation.queue.loadFailed"))}
        </p>
      ) : !open.data ? (
        <p className="muted" role="status">
          {t("moderation.queue.loading")}
        </p>
      ) : openItems.length === 0 ? (
        <p className="muted">{t("moderation.queue.none")}</p>
      ) : (
        <ul className={styles.items} aria-label={t("moderation.queue.open")}>
          {openItems.map((item) => (
            <ReportEntry key={item.id} item={item} onChanged={refresh} />
          ))}
        </ul>
      )}
      {hiddenItems.length > 0 ? (
        <>
          <h3>{t("moderation.queue.hidden")}</h3>
          <ul className={styles.items} aria-label={t("moderation.queue.hiddenContent")}>
            {hiddenItems.map((item) => (
              <ReportEntry key={item.id} item={item} onChanged={refresh} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function ReportEntry({ item, onChanged }: { item: ReportItem; onChanged: () => void }) {
  const t = useT(moderationTexts);
  const notify = useNotify();
  const [moderation, moderate] = useMutation(ModerateReportMutation);
  const [suspension, suspend] = useMutation(SuspendUserMutation);
  const [confirmSuspend, setConfirmSuspend] = useState(false);
  const link = targetLink(item);
  const busy = moderation.fetching || suspension.fetching;

  const decide = async (decision: "hide" | "restore" | "dismiss") => {
    const result = await moderate({ reportId: item.id, decision });
    if (result.error) {
      notify.negative(errorText(result.error, t("moderation.queue.decisionFailed")));
      return;
    }
    notify.positive(t(`moderation.queue.decided.${decision}`));
    onChanged();
  };

  const toggleSuspension = async () => {
    if (!item.author) return;
    const suspended = !item.author.isSuspended;
    const result = await suspend({ userId: item.author.id, suspended });
    setConfirmSuspend(false);
    if (result.error) {
      notify.negative(errorText(result.error, t("moderation.queue.accountFailed")));
      return;
    }
    notify.positive(t(suspended ? "moderation.queue.suspended" : "moderation.queue.unsuspended", { name: item.author.name }));
    onChanged();
  };

  return (
    <li className={`${styles.item} card`} data-testid="report-item">
      <div className={styles.itemHead}>
        <span className="tag">{t(`moderation.target.${item.targetType}`)}</span>
        <span className={`tag${item.reason === "OFFENSIVE" ? " tag-warning" : ""}`}>{t(`moderation.reason.${item.reason}`)}</span>
        <time dateTime={item.createdAt} title={formatDateTime(item.createdAt)} className="muted">
          {timeAgo(item.createdAt)}
        </time>
      </div>
      <blockquote className={styles.excerpt}>{item.excerpt || t("moderation.queue.noText")}</blockquote>
      {item.details ? <p className={styles.details}>“{item.details}”</p> : null}
      <p className={`muted ${styles.people}`}>
        {item.reporter
          ? richText(t, "moderation.queue.reportedBy", { name: <Link to={paths.user(item.reporter.id)}>{item.reporter.name}</Link> })
          : t("moderation.queue.reportedByFormer")}
        {item.author ? (
          <>
            {" · "}
            {richText(t, "moderation.queue.by", { name: <Link to={paths.user(item.author.id)}>{item.author.name}</Link> })}
            {item.author.isSuspended ? <span className="tag tag-warning">{t("moderation.queue.suspendedTag")}</span> : null}
          </>
        ) : null}
        {link ? (
          <>
            {" · "}
            <Link to={link}>{t("moderation.queue.openLink")}</Link>
          </>
        ) : null}
      </p>
      <div className={styles.actions}>
        {item.status === "OPEN" ? (
          <>
            <button type="button" className="button" onClick={() => decide("hide")} disabled={busy}>
              {t("moderation.queue.hide")}
            </button>
            <button type="button" className="button button-secondary" onClick={() => decide("dismiss")} disabled={busy}>
              {t("moderation.queue.dismiss")}
            </button>
          </>
        ) : item.status === "HIDDEN" ? (
          <button type="button" className="button button-secondary" onClick={() => decide("restore")} disabled={busy}>
            {t("moderation.queue.restore")}
          </button>
        ) : null}
        {item.author ? (
          confirmSuspend ? (
            <>
              <span>{item.author.isSuspended ? t("moderation.queue.liftQuestion") : t("moderation.queue.suspendQuestion")}</span>
              <button type="button" className="button" onClick={toggleSuspension} disabled={busy}>
                {item.author.isSuspended ? t("moderation.queue.liftConfirm") : t("moderation.queue.suspend")}
              </button>
              <button type="button" className="button button-secondary" onClick={() => setConfirmSuspend(false)}>
                {t("moderation.cancel")}
              </button>
            </>
          ) : (
            <button type="button" className="button button-secondary" onClick={() => setConfirmSuspend(true)} disabled={busy}>
              {item.author.isSuspended ? t("moderation.queue.lift") : t("moderation.queue.suspendAuthor")}
            </button>
          )
        ) : null}
      </div>
    </li>
  );
}
