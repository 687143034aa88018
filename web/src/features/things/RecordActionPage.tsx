// /things/{id}/action: record what you did for a thing (recordAction, with a client key made per
// submission), with optional place and picture (newFiles type "action"). Only owners,
// collaborators and admins may; others are told why and offered to collaborate.
// `?type=WATERING` preselects the kind of action. When the server cannot be reached, an action
// without a picture is kept on this device and sent, once, when the network returns (issue 27).
import { useId, useState, type FormEvent } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { useMutation, type CombinedError } from "urql";
import { ImageUpload, useAttachImage, type UploadedImage } from "../../components/ImageUpload.tsx";
import { Loading } from "../../components/Loading.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { paths } from "../../routes/paths.ts";
import { actionIconClass, validateComments } from "./ActionItem.tsx";
import { LitresField, formatLitres, litresError, litresToSend } from "./LitresField.tsx";
import { errorText } from "./errors.ts";
import { TextAreaField } from "./fields.tsx";
import { failureNotice, getCurrentPosition, type Coordinates } from "../../lib/geolocation.ts";
import { ActionIcon, PinIcon } from "./icons.tsx";
import { ThingNotFound } from "./ThingPage.tsx";
import { RECORDABLE_ACTION_TYPES, actionHint, actionTypeLabel, formatCoordinate } from "./thing-meta.ts";
import { useThing } from "./use-thing.ts";
import { RecordActionDocument as RecordActionMutation, type ActionType } from "./RecordAction.generated.ts";
import { newClientKey } from "../../lib/offline/action-queue.ts";
import { gotNoAnswer } from "../../lib/offline/send-queued-action.ts";
import { useActionQueue } from "../../lib/offline/use-action-queue.ts";
import styles from "./things.module.css";
import { thingsTexts } from "./texts.ts";
import { thingWordsTexts } from "./thing-words.ts";

/** The form's message when no kind of action is chosen (English; the page says it through the catalogue). */
export const TYPE_REQUIRED = "Choose what you did";

export default function RecordActionPage() {
  const b = useBranding();
  const t = useT(thingsTexts, thingWordsTexts);
  const brand = { brand: b.key };
  const { id = "" } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const { thing, loading, missing, fetching, error, refetch } = useThing(id);
  const [, recordAction] = useMutation(RecordActionMutation);
  const queue = useActionQueue();
  const attach = useAttachImage();
  const typeName = useId();

  const preset = params.get("type") ?? "";
  const [type, setType] = useState((RECORDABLE_ACTION_TYPES as readonly string[]).includes(preset) ? preset : "");
  const [comments, setComments] = useState("");
  // What was typed or picked; sent only with a WATERING action.
  const [litres, setLitres] = useState("");
  const [touched, setTouched] = useState<{ type?: boolean; comments?: boolean; litres?: boolean }>({});
  const [submitted, setSubmitted] = useState(false);
  const [place, setPlace] = useState<Coordinates | null>(null);
  const [locating, setLocating] = useState(false);
  const [placeStatus, setPlaceStatus] = useState<string | null>(null);
  const [upload, setUpload] = useState<UploadedImage | null>(null);
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  if (loading || (thing && !thing.canRecordAction && fetching)) return <Loading />;
  if (error && !thing) {
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title">{t("things.recordAction")}</h1>
        <div className="form-error" role="alert">
          {errorText(error, t("things.errorOccurred"))}{" "}
          <button type="button" className="button button-secondary" onClick={refetch}>
            {t("things.tryAgain")}
          </button>
        </div>
      </section>
    );
  }
  if (missing || !thing) return <ThingNotFound />;

  if (!thing.canRecordAction) {
    return (
      <section className={`${styles.formPage} page`} aria-labelledby="page-title">
        <p className="muted small">
          <Link to={paths.thing(thing.id)}>← {thing.name}</Link>
        </p>
        <h1 id="page-title">{t("things.recordAction")}</h1>
        <div className={styles.noticeBox}>
          <p>{t("things.record.onlyCarers", { name: thing.name })}</p>
          <p>{t("things.record.becomeCollaborator", brand)}</p>
          <div className={styles.inlineActions}>
            <Link to={paths.thingCollaborate(thing.id)} className="button">
              {t("things.collaborate")}
            </Link>
            <Link to={paths.thing(thing.id)} className="button button-secondary">
              {t("things.record.backTo", { name: thing.name })}
            </Link>
          </div>
        </div>
      </section>
    );
  }

  const typeError = (submitted || touched.type) && !type ? t("things.record.typeRequired") : null;
  const commentsError = submitted || touched.comments ? validateComments(comments) : null;
  const amountError = submitted || touched.litres ? litresError(litres, type) : null;

  const locate = async () => {
    setLocating(true);
    setPlaceStatus(t("things.record.findingLocation"));
    try {
      const position = await getCurrentPosition();
      setPlace(position);
      setPlaceStatus(null);
    } catch (failure) {
      const message = failureNotice(failure);
      notify.negative(message);
      setPlaceStatus(message);
    } finally {
      setLocating(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (!type) {
      document.querySelector<HTMLInputElement>(`input[name="${typeName}"]`)?.focus();
      return;
    }
    if (litresError(litres, type)) {
      document.querySelector<HTMLInputElement>('input[name="litres"]')?.focus();
      return;
    }
    if (validateComments(comments)) {
      document.querySelector<HTMLTextAreaElement>('textarea[name="comments"]')?.focus();
      return;
    }
    setBusy(true);
    const sentAt = Date.now();
    const key = newClientKey();
    const action = {
      thingId: thing.id,
      type,
      comments: comments.trim(),
      litres: litresToSend(litres, type),
      location: place ? { x: place.latitude, y: place.longitude } : null,
    };
    // The type comes from the form's choices (RECORDABLE_ACTION_TYPES), required before sending.
    const result = await recordAction({ ...action, type: action.type as ActionType, hasImage: Boolean(upload), clientKey: key });
    const created = result.data?.recordAction?.action;
    if (gotNoAnswer(result.error) && queue && !upload) {
      // Offline: kept on this device with the key it was just tried with, sent when back online.
      queue.add({ ...action, key, thingName: thing.name });
      notify.positive(t("things.record.savedOffline", { action: actionTypeLabel(type, t) }));
      navigate(paths.thing(thing.id), { replace: true });
      return;
    }
    if (gotNoAnswer(result.error) && upload) {
      setServerError(t("things.record.offlineWithPicture"));
      setBusy(false);
      return;
    }
    if (result.error || !created) {
      setServerError(errorText(result.error, t("things.actionFailed")));
      setBusy(false);
      return;
    }
    if (upload) {
      try {
        await attach(upload, "action", created.id);
      } catch (attachError) {
        notify.warning(
          t("things.record.pictureNotAttached", { error: errorText(attachError as CombinedError, t("things.errorOccurred")) }),
        );
      }
    }
    const amount = litresToSend(litres, type);
    notify.positive(
      amount !== null
        ? t("things.record.recordedLitres", { action: actionTypeLabel(type, t), litres: formatLitres(amount) })
        : t("things.record.recorded", { action: actionTypeLabel(type, t) }),
    );
    // Badges are awarded by the database with the action; announce any this one earned.
    for (const badge of newBadges(result.data?.recordAction?.query?.currentUser?.badgesByUserId.nodes ?? [], sentAt)) {
      notify.positive(t("things.record.newBadge", { badge }));
    }
    navigate(paths.thing(thing.id, "timeline"), { replace: true });
  };

  return (
    <section className={`${styles.formPage} page`} aria-labelledby="page-title">
      <p className="muted small">
        <Link to={paths.thing(thing.id)}>← {thing.name}</Link>
      </p>
      <h1 id="page-title">{t("things.recordAction")}</h1>
      <p className="lead">{t("things.record.lead", { name: thing.name })}</p>
      <form className={`${styles.form} card`} noValidate onSubmit={submit} aria-describedby={serverError ? "action-error" : undefined}>
        {serverError ? (
          <div id="action-error" className="form-error" role="alert">
            {serverError}
          </div>
        ) : null}
        <fieldset
          className={`${styles.typeChoices} ${styles.actionChoices}`}
          aria-describedby={typeError ? `${typeName}-error` : undefined}
          aria-invalid={typeError ? true : undefined}
        >
          <legend>{t("things.record.whatYouDid")}</legend>
          {RECORDABLE_ACTION_TYPES.map((kind) => (
            <div key={kind} className={styles.typeChoice}>
              <input
                type="radio"
                id={`${typeName}-${kind}`}
                name={typeName}
                value={kind}
                checked={type === kind}
                onChange={() => {
                  setType(kind);
                  setTouched((s) => ({ ...s, type: true }));
                }}
              />
              <label htmlFor={`${typeName}-${kind}`}>
                <span className={actionIconClass(kind)}>
                  <ActionIcon type={kind} />
                </span>
                <span>
                  {actionTypeLabel(kind, t)}
                  <small>{actionHint(kind, t)}</small>
                </span>
              </label>
            </div>
          ))}
        </fieldset>
        {typeError ? (
          <p id={`${typeName}-error`} className="field-error">
            {typeError}
          </p>
        ) : null}

        {type === "WATERING" ? (
          <LitresField
            value={litres}
            error={amountError}
            onChange={(value) => {
              setLitres(value);
              setTouched((s) => ({ ...s, litres: true }));
            }}
          />
        ) : null}

        <TextAreaField
          label={t("things.comments")}
          name="comments"
          hint={t("things.record.commentsHint")}
          rows={4}
          required
          value={comments}
          error={commentsError}
          onChange={(event) => {
            setComments(event.target.value);
            setTouched((s) => ({ ...s, comments: true }));
          }}
          onBlur={() => setTouched((s) => ({ ...s, comments: true }))}
        />

        <div className="field" role="group" aria-labelledby={`${typeName}-where`}>
          <span id={`${typeName}-where`} className={styles.fieldLabel}>
            {t("things.record.where")}
          </span>
          <div className={styles.locationActions}>
            {place ? (
              <>
                <span>
                  <PinIcon size={16} /> {formatCoordinate(place.latitude)}, {formatCoordinate(place.longitude)}
                </span>
                <button type="button" className={styles.linkButton} onClick={() => setPlace(null)}>
                  {t("things.record.removePlace")}
                </button>
              </>
            ) : (
              <button type="button" className="button button-secondary" onClick={locate} disabled={locating}>
                <PinIcon size={18} /> {locating ? t("things.record.findingYou") : t("things.record.useLocation")}
              </button>
            )}
            <span className="muted small" role="status" aria-live="polite">
              {placeStatus ?? (place ? "" : t("things.record.placeHint"))}
            </span>
          </div>
        </div>

        <ImageUpload label={t("things.record.picture")} onUploaded={setUpload} onBusyChange={setUploading} disabled={busy} />

        <div className="form-actions">
          <button type="submit" className="button" disabled={busy || uploading}>
            {busy ? t("things.record.recording") : uploading ? t("things.form.waitingForPicture") : t("things.record.submit")}
          </button>
          <Link to={paths.thing(thing.id)}>{t("things.cancel")}</Link>
        </div>
      </form>
    </section>
  );
}

/** Titles of badges awarded since the action was sent (allowing for a little clock skew). */
export function newBadges(nodes: { awardedAt: string; badgeTypeByBadgeTypeId: { title: string } | null }[], sentAt: number): string[] {
  return nodes
    .filter((n) => Date.parse(n.awardedAt) >= sentAt - 60_000 && n.badgeTypeByBadgeTypeId)
    .map((n) => n.badgeTypeByBadgeTypeId!.title);
}
