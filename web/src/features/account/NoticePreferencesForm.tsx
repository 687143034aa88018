// The notice preferences form (issue 25): each kind of notice by channel (in the app, e-mail,
// push), the digest's frequency, single e-mails or the digest, and quiet hours in a time zone.
// The same rules are checked here (shared/notice-preferences.ts) and again by the database.
import { useId, useRef, useState, type FormEvent } from "react";
import { useMutation } from "urql";
import {
  channelsOf,
  NOTICE_KINDS,
  validateQuietHours,
  validateTimeZone,
  type NoticeChannel,
  type NoticeKind,
} from "../../../../shared/notice-preferences.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { accountEn } from "../../lib/i18n/messages/account.en-GB.ts";
import { translateServerMessage } from "../../lib/i18n/server-messages.ts";
import { useNotify } from "../../lib/notices.tsx";
import { errorText } from "./errors.ts";
import { SetNoticePreferenceDocument as setPreferenceQuery, type NoticeKind as SchemaNoticeKind } from "./SetNoticePreference.generated.ts";
import { SetNoticeSettingsDocument as setSettingsQuery } from "./SetNoticeSettings.generated.ts";
import styles from "./account.module.css";
import noticeStyles from "./notices.module.css";
import { accountTexts, type AccountT, type AccountKey } from "./texts.ts";

export interface NoticePreference {
  kind: string;
  inApp: boolean;
  email: boolean;
  push: boolean;
}
export interface NoticeSettings {
  digestFrequency: "DAILY" | "WEEKLY";
  singleEmails: boolean;
  quietStart: string | null;
  quietEnd: string | null;
  timeZone: string;
}

const CHANNEL_LABELS: Record<NoticeChannel, AccountKey> = {
  inApp: "account.notices.channel.inApp",
  email: "account.notices.channel.email",
  push: "account.notices.channel.push",
};

/** Each kind's name and what it covers (shared/notice-preferences.ts has the English for the server's pages). */
const KIND_TEXTS: Record<NoticeKind, { label: AccountKey; hint: AccountKey }> = {
  water: { label: "account.notices.kind.water", hint: "account.notices.kind.water.hint" },
  task: { label: "account.notices.kind.task", hint: "account.notices.kind.task.hint" },
  invitation: { label: "account.notices.kind.invitation", hint: "account.notices.kind.invitation.hint" },
  group: { label: "account.notices.kind.group", hint: "account.notices.kind.group.hint" },
  device: { label: "account.notices.kind.device", hint: "account.notices.kind.device.hint" },
  digest: { label: "account.notices.kind.digest", hint: "account.notices.kind.digest.hint" },
};

/**
 * A rule's message in the reader's language: the ones the database shares are known texts
 * (translateServerMessage); the time format is checked only here (validateQuietHours).
 */
function ruleText(message: string | null, t: AccountT): string | null {
  if (!message) return null;
  return message === accountEn["account.notices.timeFormat"] ? t("account.notices.timeFormat") : translateServerMessage(message);
}

type Choices = Record<NoticeKind, Record<NoticeChannel, boolean>>;

function choicesOf(prefs: NoticePreference[]): Choices {
  const out = {} as Choices;
  for (const kind of NOTICE_KINDS) {
    const p = prefs.find((x) => x.kind.toLowerCase() === kind);
    out[kind] = { inApp: p?.inApp ?? false, email: p?.email ?? false, push: p?.push ?? false };
  }
  return out;
}

/** "22:00:00.000000" -> "22:00" for a time input. */
const hhmm = (value: string | null) => (value ? value.slice(0, 5) : "");

/** The browser's own time zone, the default for people who never chose one. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "Europe/London";
  } catch {
    return "Europe/London";
  }
}

export function NoticePreferencesForm({
  preferences,
  settings,
  onSaved,
}: {
  preferences: NoticePreference[];
  settings: NoticeSettings;
  onSaved: () => void;
}) {
  const t = useT(accountTexts);
  const notify = useNotify();
  const ids = useId();
  const [, setPreference] = useMutation(setPreferenceQuery);
  const [, setSettings] = useMutation(setSettingsQuery);
  const saved = useRef(choicesOf(preferences));
  const [choices, setChoices] = useState(() => choicesOf(preferences));
  const [frequency, setFrequency] = useState(settings.digestFrequency);
  const [singleEmails, setSingleEmails] = useState(settings.singleEmails);
  const [quietStart, setQuietStart] = useState(hhmm(settings.quietStart));
  const [quietEnd, setQuietEnd] = useState(hhmm(settings.quietEnd));
  const [timeZone, setTimeZone] = useState(settings.timeZone);
  const [errors, setErrors] = useState<{ quiet?: string | null; zone?: string | null; form?: string | null }>({});
  const [busy, setBusy] = useState(false);

  const toggle = (kind: NoticeKind, channel: NoticeChannel, on: boolean) =>
    setChoices((c) => ({ ...c, [kind]: { ...c[kind], [channel]: on } }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const quiet = ruleText(validateQuietHours(quietStart, quietEnd), t);
    const zone = ruleText(validateTimeZone(timeZone), t);
    setErrors({ quiet, zone });
    if (quiet || zone) {
      document.querySelector<HTMLInputElement>(`#${CSS.escape(quiet ? `${ids}-quiet-start` : `${ids}-zone`)}`)?.focus();
      return;
    }
    setBusy(true);
    for (const kind of NOTICE_KINDS) {
      const c = choices[kind];
      const was = saved.current[kind];
      if (c.inApp === was.inApp && c.email === was.email && c.push === was.push) continue;
      // The schema's NoticeKind is the kind's name in capitals.
      const result = await setPreference({ kind: kind.toUpperCase() as SchemaNoticeKind, ...c });
      if (result.error) {
        setErrors({ form: errorText(result.error, t("account.notices.saveFailed")) });
        setBusy(false);
        return;
      }
      saved.current[kind] = { ...c };
    }
    const result = await setSettings({
      digestFrequency: frequency,
      singleEmails,
      quietStart: quietStart.trim() || null,
      quietEnd: quietEnd.trim() || null,
      timeZone: timeZone.trim(),
    });
    setBusy(false);
    if (result.error) {
      setErrors({ form: errorText(result.error, t("account.notices.saveFailed")) });
      return;
    }
    notify.positive(t("account.notices.saved"));
    onSaved();
  };

  return (
    <form className={`card ${styles.form}`} noValidate onSubmit={onSubmit} aria-label={t("account.notices.formLabel")}>
      {errors.form ? (
        <div className="form-error" role="alert">
          {errors.form}
        </div>
      ) : null}
      <table className={noticeStyles.table}>
        <caption>{t("account.notices.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("account.notices.notice")}</th>
            {(["inApp", "email", "push"] as const).map((channel) => (
              <th key={channel} scope="col">
                {t(CHANNEL_LABELS[channel])}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {NOTICE_KINDS.map((kind) => (
            <tr key={kind}>
              <th scope="row">
                <span className={noticeStyles.kind}>{t(KIND_TEXTS[kind].label)}</span>
                <span className="field-hint">{t(KIND_TEXTS[kind].hint)}</span>
              </th>
              {(["inApp", "email", "push"] as const).map((channel) => (
                <td key={channel}>
                  {channelsOf(kind).includes(channel) ? (
                    <input
                      type="checkbox"
                      aria-label={t("account.notices.kindChannel", {
                        kind: t(KIND_TEXTS[kind].label),
                        channel: t(CHANNEL_LABELS[channel]),
                      })}
                      checked={choices[kind][channel]}
                      onChange={(event) => toggle(kind, channel, event.target.checked)}
                    />
                  ) : (
                    <span className="muted">
                      <span aria-hidden="true">—</span>
                      <span className="visually-hidden">
                        {t("account.notices.kindNoChannel", { kind: t(KIND_TEXTS[kind].label), channel })}
                      </span>
                    </span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>

      <fieldset className="field">
        <legend>{t("account.notices.emails")}</legend>
        <label className={noticeStyles.radioField}>
          <input type="radio" name="singleEmails" checked={singleEmails} onChange={() => setSingleEmails(true)} />{" "}
          {t("account.notices.oneByOne")}
        </label>
        <label className={noticeStyles.radioField}>
          <input type="radio" name="singleEmails" checked={!singleEmails} onChange={() => setSingleEmails(false)} />{" "}
          {t("account.notices.inDigest")}
        </label>
        <label htmlFor={`${ids}-frequency`}>{t("account.notices.digest")}</label>
        <select
          id={`${ids}-frequency`}
          value={frequency}
          onChange={(event) => setFrequency(event.target.value as NoticeSettings["digestFrequency"])}
        >
          <option value="DAILY">{t("account.notices.daily")}</option>
          <option value="WEEKLY">{t("account.notices.weekly")}</option>
        </select>
      </fieldset>

      <fieldset className="field" aria-describedby={`${ids}-quiet-hint${errors.quiet ? ` ${ids}-quiet-error` : ""}`}>
        <legend>{t("account.notices.quietHours")}</legend>
        <p id={`${ids}-quiet-hint`} className="field-hint">
          {t("account.notices.quietHint")}
        </p>
        <div className="form-row">
          <div className="field">
            <label htmlFor={`${ids}-quiet-start`}>{t("account.notices.from")}</label>
            <input
              id={`${ids}-quiet-start`}
              type="time"
              value={quietStart}
              aria-invalid={Boolean(errors.quiet)}
              onChange={(event) => setQuietStart(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-quiet-end`}>{t("account.notices.until")}</label>
            <input
              id={`${ids}-quiet-end`}
              type="time"
              value={quietEnd}
              aria-invalid={Boolean(errors.quiet)}
              onChange={(event) => setQuietEnd(event.target.value)}
            />
          </div>
        </div>
        {errors.quiet ? (
          <p id={`${ids}-quiet-error`} className="field-error" role="alert">
            {errors.quiet}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor={`${ids}-zone`}>{t("account.notices.timeZone")}</label>
          <input
            id={`${ids}-zone`}
            value={timeZone}
            aria-invalid={Boolean(errors.zone)}
            aria-describedby={errors.zone ? `${ids}-zone-error` : undefined}
            onChange={(event) => setTimeZone(event.target.value)}
          />
          {errors.zone ? (
            <p id={`${ids}-zone-error`} className="field-error" role="alert">
              {errors.zone}
            </p>
          ) : null}
        </div>
      </fieldset>

      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? t("account.saving") : t("account.notices.save")}
        </button>
      </div>
    </form>
  );
}
