// /account/profile: name, username, the daily summary e-mail, the One Thing and the picture.
// Saving updates the user (updateUserById), then attaches a new picture (newFiles), then brings
// the session (header name, picture) up to date.
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { useMutation, useQuery } from "urql";
import { MESSAGES, validateName, validateUsername } from "../../../../shared/validation.ts";
import { Avatar, useImageUrl } from "../../components/Avatar.tsx";
import { FormField } from "../../components/FormField.tsx";
import { ImageUpload, useAttachImage, type UploadedImage } from "../../components/ImageUpload.tsx";
import { Loading } from "../../components/Loading.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { LanguageSwitch } from "../../components/LanguageSwitch.tsx";
import { useForm } from "../../lib/use-form.ts";
import { AccountPage, formatDate, LoadError } from "./account-ui.tsx";
import { errorText, serverErrorOf } from "./errors.ts";
import { useRichT } from "../../lib/i18n/rich.tsx";
import { ProfileDocument as profileQuery, type ProfileQuery as ProfileData } from "./Profile.generated.ts";
import { UpdateProfileDocument as updateProfileQuery } from "./UpdateProfile.generated.ts";
import { AdoptedThings } from "../adoption/AdoptedThings.tsx";
import styles from "./account.module.css";
import { accountTexts } from "./texts.ts";

type ProfileUser = NonNullable<ProfileData["currentUser"]>;

type Field = "name" | "username";

const validate = (values: Record<Field, string>) => ({
  name: validateName(values.name.trim()),
  username: validateUsername(values.username),
});

const FIELD_OF_SERVER_MESSAGE: Record<string, Field> = {
  "Username already exists": "username",
  [MESSAGES.nameRequired]: "name",
  [MESSAGES.nameLength]: "name",
  [MESSAGES.nameCharacters]: "name",
  [MESSAGES.usernameRequired]: "username",
  [MESSAGES.usernameTooShort]: "username",
  [MESSAGES.usernameTooLong]: "username",
  [MESSAGES.usernameStart]: "username",
  [MESSAGES.usernameCharacters]: "username",
  [MESSAGES.usernameConsecutive]: "username",
};

export default function ProfilePage() {
  const t = useT(accountTexts);
  const { session } = useSession();
  const userId = session?.id ?? "";
  const [{ data, fetching, error }, refetch] = useQuery({
    query: profileQuery,
    variables: { userId },
    requestPolicy: "cache-and-network",
    pause: !userId,
  });
  const user = data?.currentUser ?? null;

  let content: ReactNode;
  if (user) {
    const things = (data?.allThingAccesses?.nodes ?? [])
      .map((access) => access.thingByThingId)
      .filter(<T,>(thing: T | null): thing is T => Boolean(thing));
    content = (
      <>
        <AdoptedThings userId={user.id} own />
        <ProfileForm key={user.id} user={user} things={things} onSaved={() => refetch({ requestPolicy: "network-only" })} />
      </>
    );
  } else if (fetching || !data) {
    content = error ? (
      <LoadError error={error} onRetry={() => refetch({ requestPolicy: "network-only" })} message={t("account.profile.loadError")} />
    ) : (
      <Loading label={t("account.profile.loading")} />
    );
  } else {
    content = (
      <LoadError error={error} onRetry={() => refetch({ requestPolicy: "network-only" })} message={t("account.profile.loadError")} />
    );
  }

  return (
    <AccountPage title={t("account.profile.title")} intro={t("account.profile.intro")}>
      {content}
    </AccountPage>
  );
}

function ProfileForm({ user, things, onSaved }: { user: ProfileUser; things: { id: string; name: string }[]; onSaved: () => void }) {
  const b = useBranding();
  const brand = { brand: b.key };
  const t = useT(accountTexts);
  const rich = useRichT(accountTexts);
  const { store } = useSession();
  const notify = useNotify();
  const attachImage = useAttachImage();
  const [, updateProfile] = useMutation(updateProfileQuery);
  const form = useForm<Field>({ name: user.name, username: user.username }, validate);
  // Null in the schema (not set): off.
  const [daily, setDaily] = useState(user.notificationDaily ?? false);
  const [oneThingId, setOneThingId] = useState(user.oneThingId ?? "");
  const [upload, setUpload] = useState<UploadedImage | null>(null);
  const [uploading, setUploading] = useState(false);
  const [removePicture, setRemovePicture] = useState(false);
  const [uploaderKey, setUploaderKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<{ message: string; field?: Field; value?: string } | null>(null);
  const pictureUrl = useImageUrl("user", user.id, "medium");
  const ids = useId();

  const fieldError = (name: Field) =>
    form.errors[name] ?? (serverError?.field === name && serverError.value === form.values[name] ? serverError.message : null);

  const oneThingKnown = !user.oneThingId || things.some((thing) => thing.id === user.oneThingId);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    if (!form.submit()) {
      const first = form.firstInvalid();
      if (first) document.querySelector<HTMLInputElement>(`form.profile-form [name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    const name = form.values.name.trim();
    const username = form.values.username;
    const patch: Record<string, unknown> = {
      name,
      username,
      notificationDaily: daily,
      oneThingId: oneThingId || null,
    };
    // A new picture is switched on by newFiles once it is in place; removing one is a flag.
    if (removePicture && !upload) patch.hasImage = false;
    const result = await updateProfile({ id: user.id, patch });
    if (result.error || !result.data?.updateUserById?.user) {
      const message = errorText(result.error, t("account.profile.saveFailed"));
      // Which field a message is about, by the server's own (English) words.
      const field = FIELD_OF_SERVER_MESSAGE[serverErrorOf(result.error).message];
      setServerError({ message, field, value: field ? form.values[field] : undefined });
      setBusy(false);
      return;
    }
    const saved = result.data.updateUserById.user as Pick<ProfileUser, "hasImage" | "name" | "username">;
    let hasImage = saved.hasImage;
    let pictureProblem: string | null = null;
    if (upload) {
      try {
        await attachImage(upload, "user", user.id);
        hasImage = true;
      } catch (error) {
        pictureProblem = errorText(error, t("account.profile.pictureFailed"));
      }
    }
    store.update({
      name: saved.name,
      username: saved.username,
      notificationDaily: daily,
      oneThingId: oneThingId || null,
      hasImage,
    });
    setUpload(null);
    setRemovePicture(false);
    setUploaderKey((key) => key + 1);
    setBusy(false);
    onSaved();
    if (pictureProblem) {
      setServerError({ message: t("account.profile.savedWithoutPicture", { problem: pictureProblem }) });
    } else {
      notify.positive(t("account.profile.saved"));
    }
  };

  const showsPicture = user.hasImage && !removePicture;

  return (
    <>
      <div className={`card ${styles.profileSummary} profile-summary`}>
        <Avatar id={user.id} name={form.values.name || user.name} hasImage={user.hasImage} size={72} variant="medium" />
        <div>
          <p className={styles.profileSummaryName}>{user.name}</p>
          <p className="muted">
            @{user.username}
            {user.isVerified ? (
              <span className="tag tag-positive">{t("account.tag.verified")}</span>
            ) : (
              <Link to="/account/emails" className="tag tag-warning">
                {t("account.tag.notVerified")}
              </Link>
            )}
          </p>
          <p className={`muted ${styles.profileSummaryDates}`}>
            {t("account.profile.dates", { created: formatDate(user.createdAt), lastSignIn: formatDate(user.lastSignInAt, true) })}
          </p>
        </div>
      </div>

      <form className={`card ${styles.form} profile-form`} noValidate onSubmit={onSubmit} aria-label={t("account.profile.formLabel")}>
        {serverError ? (
          <div className="form-error" role="alert">
            {serverError.message}
          </div>
        ) : null}

        <ImageUpload
          key={uploaderKey}
          label={t("account.profile.picture")}
          shape="round"
          currentUrl={showsPicture ? pictureUrl : null}
          onUploaded={(next) => {
            setUpload(next);
            if (next) setRemovePicture(false);
          }}
          onBusyChange={setUploading}
          onRemove={() => setRemovePicture(true)}
          disabled={busy}
        />
        {removePicture && !upload ? (
          <p className={`field-hint ${styles.pendingNote}`}>
            {t("account.profile.pictureRemoved")}{" "}
            <button type="button" className="link-button" onClick={() => setRemovePicture(false)}>
              {t("account.profile.keepPicture")}
            </button>
          </p>
        ) : null}

        <div className="form-row">
          <FormField label={t("account.name")} autoComplete="name" required error={fieldError("name")} {...form.field("name")} />
          <FormField
            label={t("account.username")}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            error={fieldError("username")}
            {...form.field("username")}
          />
        </div>

        <div className="field">
          <label htmlFor={`${ids}-one-thing`}>{t("account.profile.oneThing", brand)}</label>
          <p id={`${ids}-one-thing-hint`} className="field-hint">
            {t("account.profile.oneThingHint", brand)}
          </p>
          {things.length > 0 || user.oneThingId ? (
            <select
              id={`${ids}-one-thing`}
              name="oneThingId"
              aria-describedby={`${ids}-one-thing-hint`}
              value={oneThingId}
              onChange={(event) => setOneThingId(event.target.value)}
            >
              <option value="">{t("account.profile.oneThingNone")}</option>
              {!oneThingKnown && user.oneThingId ? (
                <option value={user.oneThingId}>{t("account.profile.oneThingCurrent", brand)}</option>
              ) : null}
              {things.map((thing) => (
                <option key={thing.id} value={thing.id}>
                  {thing.name}
                </option>
              ))}
            </select>
          ) : (
            <p className="muted">
              {rich("account.profile.noThings", {
                ...brand,
                add: (text) => <Link to="/things/new">{text}</Link>,
                find: (text) => <Link to="/things">{text}</Link>,
              })}
            </p>
          )}
        </div>

        <div className="checkbox-field">
          <input
            id={`${ids}-daily`}
            type="checkbox"
            name="notificationDaily"
            checked={daily}
            onChange={(event) => setDaily(event.target.checked)}
            aria-describedby={`${ids}-daily-hint`}
          />
          <div>
            <label htmlFor={`${ids}-daily`}>{t("account.profile.daily")}</label>
            <p id={`${ids}-daily-hint`} className="field-hint">
              {rich("account.profile.dailyHint", { ...brand, link: (text) => <Link to="/account/notices">{text}</Link> })}
            </p>
          </div>
        </div>

        <div className="form-actions">
          <button type="submit" className="button" disabled={busy || uploading}>
            {busy ? t("account.saving") : uploading ? t("account.profile.uploading") : t("account.profile.save")}
          </button>
        </div>
      </form>

      {/* Saved as soon as it is chosen (in the account), like the header's switch. */}
      <div className={`card ${styles.form}`}>
        <LanguageSwitch />
      </div>
    </>
  );
}
