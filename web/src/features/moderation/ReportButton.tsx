// "Report" for a thing, picture, action or chat message (issue 26): signed-in people only. Opens a
// small form in place: a reason (spam, wrong, offensive) and an optional note of up to 1000
// characters, checked here and again in the database (app_public.report_content, which also
// allows 20 reports a day and says so).
import { useId, useState, type FormEvent } from "react";
import { useMutation } from "urql";
import { useNotify } from "../../lib/notices.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { errorText } from "../things/errors.ts";
import { ReportContentDocument as ReportContentMutation, type ReportReason } from "./ReportContent.generated.ts";
import "./moderation.css";

export type ReportTarget = "THING" | "PICTURE" | "ACTION" | "CHAT_MESSAGE";
export type { ReportReason };
export const DETAILS_MAX = 1000;

const REASONS: { value: ReportReason; label: string; hint: string }[] = [
  { value: "SPAM", label: "Spam", hint: "Advertising or nonsense" },
  { value: "WRONG", label: "Wrong", hint: "Misleading or mistaken" },
  { value: "OFFENSIVE", label: "Offensive", hint: "Abusive, hateful or unsafe" },
];

/** The form's own checks, the same the database makes. */
export function reportProblem(reason: ReportReason | null, details: string): string | null {
  if (!reason) return "Choose a reason: spam, wrong or offensive";
  if (details.trim().length > DETAILS_MAX) return `Details must be at most ${DETAILS_MAX} characters`;
  return null;
}

export function ReportButton({
  targetType,
  targetId,
  pictureOf,
  what,
  label = "Report",
  className = "button button-secondary",
}: {
  targetType: ReportTarget;
  targetId: string;
  /** For a picture: whose it is (user, thing, group, device or action). */
  pictureOf?: "user" | "thing" | "group" | "device" | "action";
  /** What is reported, in words ("this thing", "this message"), for the labels. */
  what: string;
  /** The button's text ("Report", "Report picture"). */
  label?: string;
  className?: string;
}) {
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
      <button type="button" className={className} onClick={() => setOpen(true)} aria-label={`Report ${what}`}>
        {label}
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
    const found = reportProblem(reason, details);
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
      setProblem(errorText(result.error, "Could not send the report"));
      return;
    }
    notify.positive("Thank you. An admin will look at your report.");
    close();
  };

  return (
    <form className="report-form card" onSubmit={onSubmit} aria-labelledby={`${formId}-title`} noValidate>
      <h3 id={`${formId}-title`}>Report {what}</h3>
      <fieldset>
        <legend>Reason</legend>
        {REASONS.map((r) => (
          <label key={r.value} className="report-reason">
            <input
              type="radio"
              name={`${formId}-reason`}
              value={r.value}
              checked={reason === r.value}
              onChange={() => setReason(r.value)}
            />
            <span>
              <strong>{r.label}</strong> <span className="muted">{r.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${formId}-details`}>Details (optional)</label>
      <textarea
        id={`${formId}-details`}
        value={details}
        maxLength={DETAILS_MAX + 100}
        rows={3}
        onChange={(e) => setDetails(e.target.value)}
      />
      <p className="muted report-count">
        {details.trim().length} / {DETAILS_MAX}
      </p>
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="report-actions">
        <button type="submit" className="button" disabled={state.fetching}>
          {state.fetching ? "Sending…" : "Send report"}
        </button>
        <button type="button" className="button button-secondary" onClick={close}>
          Cancel
        </button>
      </div>
    </form>
  );
}
