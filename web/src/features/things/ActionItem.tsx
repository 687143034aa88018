// One care action in a timeline or the activity feed: who did what, when, its comments, picture
// and place. The recorder and the thing's owners may correct it or delete it here.
import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { useMutation } from "urql";
import { useImageUrl } from "../../components/Avatar.tsx";
import { ConfirmBox } from "../../components/ConfirmBox.tsx";
import { Picture } from "../../components/Picture.tsx";
import { richText } from "../../lib/i18n/rich.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { translateServerMessage } from "../../lib/i18n/server-messages.ts";
import { usePictureAttempt } from "../../lib/picture-access.ts";
import { paths } from "../../routes/paths.ts";
import { errorText } from "./errors.ts";
import { LitresField, formatLitres, litresError, litresToSend } from "./LitresField.tsx";
import { ActionIcon, PinIcon } from "./icons.tsx";
import { ReportButton } from "../moderation/ReportButton.tsx";
import { PersonAvatar, PersonLink, TimeAgo } from "./ThingBits.tsx";
import { RECORDABLE_ACTION_TYPES, actionTypeLabel, mapLinks } from "./thing-meta.ts";
import type { PersonSummary, Point } from "./types.ts";
import { DeleteActionDocument as DeleteActionMutation } from "./DeleteAction.generated.ts";
import { UpdateActionDocument as UpdateActionMutation, type ActionType } from "./UpdateAction.generated.ts";
import styles from "./things.module.css";
import { thingsTexts } from "./texts.ts";
import { thingWordsTexts } from "./thing-words.ts";

export interface ActionItemData {
  id: string;
  type: string;
  comments: string;
  /** Water given, in litres (WATERING only, optional). */
  litres?: number | null;
  hasImage: boolean;
  location: Point | null;
  createdAt: string;
  updatedAt?: string | null;
  createdBy: string | null;
  userByCreatedBy: PersonSummary | null;
  thingByThingId?: { id: string; name: string } | null;
}

export const COMMENTS_REQUIRED = "Comments are required";
export const COMMENTS_TOO_LONG = "Comments must be at most 2000 characters";

/** The database's rule for comments (actions_comments_valid). */
export function validateComments(value: string): string | null {
  if (value.trim() === "") return COMMENTS_REQUIRED;
  if (Array.from(value).length > 2000) return COMMENTS_TOO_LONG;
  return null;
}

const ACTION_TONES: Record<string, string | undefined> = {
  WATERING: styles.watering,
  LITTER_CLEANUP: styles.litterCleanup,
  UPKEEP: styles.upkeep,
  MEASUREMENT: styles.measurement,
  EDUCATION: styles.education,
  SHARE: styles.share,
};

/** The round icon of an action, in the colours of its type (the brand's for the others). */
export function actionIconClass(type: string): string {
  const tone = ACTION_TONES[type];
  return tone ? `${styles.actionIcon} ${tone}` : styles.actionIcon;
}

/** The list of ActionItems, of a thing's timeline or of the activity feed. */
export const actionListClass = styles.actionList;

function ActionPicture({ id, comments }: { id: string; comments: string }) {
  const t = useT(thingsTexts, thingWordsTexts);
  const large = useImageUrl("action", id, "large");
  // Hidden while the picture can't be had; asked again once the pictures cookie has changed.
  const attempt = usePictureAttempt(useImageUrl("action", id, "medium"));
  if (attempt.failed) return null;
  return (
    <a href={large} target="_blank" rel="noreferrer" className={styles.actionPicture}>
      <Picture
        type="action"
        id={id}
        sizes="(max-width: 400px) calc(100vw - 4rem), 22rem"
        alt={comments ? t("things.actionItem.pictureWith", { comments: comments.slice(0, 80) }) : t("things.actionItem.picture")}
        loading="lazy"
        onMissing={attempt.onError}
      />
    </a>
  );
}

export function ActionItem({
  action,
  currentUserId,
  canManage = false,
  showThing = false,
  thingName,
  onChanged,
}: {
  action: ActionItemData;
  currentUserId?: string | null;
  /** The viewer owns the thing (or is an admin). */
  canManage?: boolean;
  /** Name the thing ("Alice watered Big Planter") for feeds across things. */
  showThing?: boolean;
  /** The thing's name, when the list is of one thing (hides the CREATED action's "Added <name>"). */
  thingName?: string;
  onChanged?: () => void;
}) {
  const branding = useBranding();
  const t = useT(thingsTexts, thingWordsTexts);
  const mine = Boolean(currentUserId && action.createdBy === currentUserId);
  // The CREATED action is the thing's own record of being added: it stays as it is.
  const editable = action.type !== "CREATED" && (mine || canManage);
  const deletable = editable;
  const [mode, setMode] = useState<"view" | "edit" | "confirm-delete">("view");
  const [type, setType] = useState(action.type);
  const [comments, setComments] = useState(action.comments);
  const [litres, setLitres] = useState(action.litres != null ? String(action.litres) : "");
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [, updateAction] = useMutation(UpdateActionMutation);
  const [, deleteAction] = useMutation(DeleteActionMutation);
  const formId = useId();

  const commentsError = touched ? validateComments(comments) : null;
  const amountError = litresError(litres, type);

  const startEdit = () => {
    setType(action.type);
    setComments(action.comments);
    setLitres(action.litres != null ? String(action.litres) : "");
    setTouched(false);
    setError(null);
    setMode("edit");
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (validateComments(comments) || litresError(litres, type)) return;
    setBusy(true);
    setError(null);
    // Another type than WATERING takes no amount: changing the type clears it.
    // The type is the action's own or one of the form's choices.
    const result = await updateAction({ id: action.id, patch: { type: type as ActionType, comments, litres: litresToSend(litres, type) } });
    setBusy(false);
    if (result.error) {
      setError(errorText(result.error, t("things.actionFailed")));
      return;
    }
    setMode("view");
    onChanged?.();
  };

  const remove = async () => {
    setBusy(true);
    setError(null);
    const result = await deleteAction({ id: action.id });
    setBusy(false);
    if (result.error) {
      setError(errorText(result.error, t("things.actionFailed")));
      return;
    }
    setMode("view");
    onChanged?.();
  };

  const thing = action.thingByThingId;
  thingName = thingName ?? thing?.name;
  const edited = action.updatedAt && new Date(action.updatedAt).getTime() - new Date(action.createdAt).getTime() > 60_000;

  return (
    <li className={styles.actionItem}>
      <span className={actionIconClass(action.type)} title={actionTypeLabel(action.type, t)}>
        <ActionIcon type={action.type} />
      </span>
      <div className={styles.actionBody}>
        <p className={styles.actionLine}>
          <PersonAvatar person={action.userByCreatedBy} size={24} />{" "}
          {richText(
            t,
            "things.actionLine",
            {
              person: <PersonLink person={action.userByCreatedBy} you={mine} />,
              thing:
                showThing && thing ? (
                  <Link to={paths.thing(thing.id)}>{thing.name}</Link>
                ) : action.type === "CREATED" && thingName ? (
                  thingName
                ) : showThing ? (
                  t("things.actionItem.aThing", { brand: branding.key })
                ) : (
                  t("things.it")
                ),
            },
            { type: action.type, you: mine ? "yes" : "no" },
          )}{" "}
          <span className={styles.actionTypeTag}>
            {action.type === "WATERING" && action.litres
              ? t("things.actionItem.wateredLitres", { litres: formatLitres(action.litres) })
              : actionTypeLabel(action.type, t)}
          </span>
        </p>
        <p className={`${styles.actionWhen} muted small`}>
          <TimeAgo value={action.createdAt} />
          {edited ? ` · ${t("things.actionItem.edited")}` : ""}
          {action.location ? (
            <>
              {" · "}
              <a
                href={mapLinks(action.location.x, action.location.y)[0].href}
                target="_blank"
                rel="noreferrer"
                className={styles.actionPlace}
              >
                <PinIcon size={14} /> {t("things.actionItem.where")}
              </a>
            </>
          ) : null}
        </p>

        {mode === "edit" ? (
          <form className={styles.actionEdit} onSubmit={save} noValidate aria-label={t("things.actionItem.editForm")}>
            <div className="field">
              <label htmlFor={`${formId}-type`}>{t("things.filter.type")}</label>
              <select id={`${formId}-type`} value={type} onChange={(e) => setType(e.target.value)}>
                {RECORDABLE_ACTION_TYPES.map((kind) => (
                  <option key={kind} value={kind}>
                    {actionTypeLabel(kind, t)}
                  </option>
                ))}
              </select>
            </div>
            {type === "WATERING" ? <LitresField value={litres} onChange={setLitres} error={amountError} compact /> : null}
            <div className={`field${commentsError ? " field-invalid" : ""}`}>
              <label htmlFor={`${formId}-comments`}>{t("things.comments")}</label>
              <textarea
                id={`${formId}-comments`}
                value={comments}
                rows={3}
                onChange={(e) => {
                  setComments(e.target.value);
                  setTouched(true);
                }}
                aria-invalid={commentsError ? true : undefined}
                aria-describedby={commentsError ? `${formId}-comments-error` : undefined}
              />
              {commentsError ? (
                <p id={`${formId}-comments-error`} className="field-error">
                  {translateServerMessage(commentsError)}
                </p>
              ) : null}
            </div>
            <div className={styles.inlineActions}>
              <button type="submit" className="button" disabled={busy}>
                {busy ? t("things.saving") : t("things.save")}
              </button>
              <button type="button" className="button button-secondary" onClick={() => setMode("view")} disabled={busy}>
                {t("things.cancel")}
              </button>
            </div>
          </form>
        ) : (
          <>
            {action.comments &&
            !(action.type === "CREATED" && /^Added /.test(action.comments) && (!thingName || action.comments === `Added ${thingName}`)) ? (
              <p className={`${styles.actionComments} action-comments`}>{action.comments}</p>
            ) : null}
            {action.hasImage ? <ActionPicture id={action.id} comments={action.comments} /> : null}
          </>
        )}

        {mode === "confirm-delete" ? (
          <ConfirmBox
            label={t("things.actionItem.deleteQuestion")}
            question={t("things.actionItem.deleteConfirm")}
            confirm={busy ? t("things.deleting") : t("things.delete")}
            cancel={t("things.keepIt")}
            onConfirm={remove}
            onCancel={() => setMode("view")}
            busy={busy}
          />
        ) : null}

        {mode === "view" ? (
          <div className={styles.actionTools}>
            {editable ? (
              <button type="button" className={styles.linkButton} onClick={startEdit}>
                {t("things.edit")}
              </button>
            ) : null}
            {deletable ? (
              <button type="button" className={styles.linkDanger} onClick={() => setMode("confirm-delete")}>
                {t("things.delete")}
              </button>
            ) : null}
            {/* Anyone signed in may report someone else's action (issue 26). */}
            {!mine && action.type !== "CREATED" ? (
              <ReportButton targetType="ACTION" targetId={action.id} className={styles.linkButton} />
            ) : null}
          </div>
        ) : null}
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </li>
  );
}
