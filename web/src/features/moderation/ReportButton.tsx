// "Report" for a thing, picture, action or chat message (issue 26): signed-in people only. Opens a
// small form in place: a reason (spam, wrong, offensive) and an optional note of up to 1000
// characters, checked here and again in the database (app_public.report_content, which also
// allows 20 reports a day and says so).
import { useId, useState, type FormEvent } from "react";
import { useMutation } from "urql";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { errorText } from "../things/errors.ts";
import { ReportContentDocument as ReportContentMutation, type ReportReason } from "./ReportContent.generated.ts";
import styles from "./moderation.module.css";
import { moderationTexts, type ModerationT, englishModerationT } from "./texts.ts";

export type ReportTarget = "THING" | "PICTURE" | "ACTION" | "CHAT_MESSAGE";
export type { ReportReason };
export const DETAILS_MAX = 1000;

const REASONS = ["SPAM", "WRONG", "OFFENSIVE"] as const satisfies readonly ReportReason[];

/** The form's own checks, the same the database makes. */
export function reportProblem(reason: ReportReason | null, details: string, t: ModerationT = englishModerationT): string | null {
  if (!reason) return t("moderation.report.chooseReason");
  if (details.trim().length > DETAILS_MAX) return t("moderation.report.detailsTooLong", { max: DETAILS_MAX });
  return null;
}

export function ReportButton({
  targetType,
  targetId,
  pictureOf,
  className = "button button-secondary",
}: {
  targetType: ReportTarget;
  targetId: string;
  /** For a picture: whose it is (user, thing, group, device or action). */
  pictureOf?: "user" | "thing" | "group" | "device" | "action";
  className?: string;
}) {
  const t = useT(moderationTexts);
  // The labels name what is reported ("Report this thing") by its kind, in the site's words.
  const words = { target: targetType, of: pictureOf ?? "other", brand: useBranding().key };
  const { signedIn } = useSession();
  const notify = useNotify();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [state, send] = useMutation(ReportContentMutation);

  if (!signedIn) return null;
  if (!open) {
    return (
      <button type="button" className={className} onClick={() => setOpen(true)} aria-label={t("moderation.report.what", words)}>
        {t("moderation.report.button", words)}
      </button>
    );
  }

  const close = () => {
    setOpen(false);
    setReason(null);
    setDetails("");
    setProblem(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = reportProblem(reason, details, t);
    setProblem(found);
    if (found || !reason) return;
    const result = await send({
      targetType,
      targetId,
      reason,
      details: details.trim() || null,
      pictureOf: pictureOf ?? null,
    });
    if (result.error) {
      setProblem(errorText(result.error, t("moderation.report.failed")));
      return;
    }
    notify.positive(t("moderation.report.thanks"));
    close();
  };

  return (
    <form className={`${styles.form} card`} onSubmit={onSubmit} aria-labelledby={`${formId}-title`} noValidate>
      <h3 id={`${formId}-title`}>{t("moderation.report.what", words)}</h3>
      <fieldset>
        <legend>{t("moderation.report.reason")}</legend>
        {REASONS.map((value) => (
          <label key={value} className={styles.reason}>
            <input type="radio" name={`${formId}-reason`} value={value} checked={reason === value} onChange={() => setReason(value)} />
            <span>
              <strong>{t(`moderation.reason.${value}`)}</strong> <span className="muted">{t(`moderation.reasonHint.${value}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${formId}-details`}>{t("moderation.report.details")}</label>
      <textarea
        id={`${formId}-details`}
        value={details}
        maxLength={DETAILS_MAX + 100}
        rows={3}
        onChange={(e) => setDetails(e.target.value)}
      />
      <p className={`muted ${styles.count}`}>
        {details.trim().length} / {DETAILS_MAX}
      </p>
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className={styles.actions}>
        <button type="submit" className="button" disabled={state.fetching}>
          {state.fetching ? t("moderation.report.sending") : t("moderation.report.send")}
        </button>
        <button type="button" className="button button-secondary" onClick={close}>
          {t("moderation.cancel")}
        </button>
      </div>
    </form>
  );
}
