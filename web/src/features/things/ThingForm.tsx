// The form of a thing, for adding one and for editing it: group, name, type, description, the
// attributes of its type (ThingAttributesFields), place
// (latitude and longitude, or "use my location"), location description, public or not, and a
// picture. Messages show as the person types, with the database's texts; the server's first
// error shows above the form.
import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { FormField } from "../../components/FormField.tsx";
import { ImageUpload, type UploadedImage } from "../../components/ImageUpload.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useForm } from "../../lib/use-form.ts";
import { CheckboxField, SelectField, TextAreaField } from "./fields.tsx";
import { thingTypeLabel, thingTypesByLabel } from "./thing-meta.ts";
import { validateThing, type ThingField, type ThingValues } from "./thing-form.ts";
import { LocationPicker } from "../../components/environment/index.ts";
import { ThingAttributesFields } from "./ThingAttributesFields.tsx";
import { thingsTexts } from "./texts.ts";
import { thingWordsTexts } from "./thing-words.ts";
import styles from "./things.module.css";

export interface GroupOption {
  id: string;
  name: string;
}

export interface ThingFormSubmit {
  values: ThingValues;
  isPublic: boolean;
  upload: UploadedImage | null;
  removeImage: boolean;
}

export function ThingForm({
  initial,
  initialPublic = true,
  groups,
  currentImageUrl = null,
  submitLabel,
  busyLabel,
  cancelTo,
  onSubmit,
  extra,
}: {
  initial: ThingValues;
  initialPublic?: boolean;
  groups: readonly GroupOption[];
  currentImageUrl?: string | null;
  submitLabel: string;
  busyLabel: string;
  cancelTo: string;
  /** Saves; resolves with an error message to show, or null when done. */
  onSubmit(submit: ThingFormSubmit): Promise<string | null>;
  extra?: ReactNode;
}) {
  const b = useBranding();
  const t = useT(thingsTexts, thingWordsTexts);
  const brand = { brand: b.key };
  const form = useForm<ThingField>(initial, validateThing);
  const [isPublic, setIsPublic] = useState(initialPublic);
  const [upload, setUpload] = useState<UploadedImage | null>(null);
  const [uploading, setUploading] = useState(false);
  const [removeImage, setRemoveImage] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const formRef = useRef<HTMLFormElement>(null);
  const focusField = (name: string) => {
    formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    if (!form.submit()) {
      const first = form.firstInvalid();
      if (first) focusField(first);
      return;
    }
    setBusy(true);
    const problem = await onSubmit({ values: form.values, isPublic, upload, removeImage });
    if (problem) {
      setServerError(problem);
      setBusy(false);
    }
  };

  return (
    <form
      ref={formRef}
      className={`${styles.form} card`}
      noValidate
      onSubmit={submit}
      aria-describedby={serverError ? "thing-form-error" : undefined}
    >
      {serverError ? (
        <div id="thing-form-error" className="form-error" role="alert">
          {serverError}
        </div>
      ) : null}

      <fieldset className={styles.formSection}>
        <legend>{t("things.form.whatItIs")}</legend>
        <SelectField
          label={t("things.filter.group", brand)}
          name="groupId"
          hint={t("things.form.groupHint", brand)}
          value={form.values.groupId}
          error={form.errors.groupId}
          onChange={(event) => form.setValue("groupId", event.target.value)}
          onBlur={form.field("groupId").onBlur}
          required
        >
          <option value="">{t("things.form.chooseGroup", brand)}</option>
          {groups.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name}
            </option>
          ))}
        </SelectField>
        <FormField
          label={t("things.form.name")}
          required
          autoComplete="off"
          maxLength={255}
          error={form.errors.name}
          {...form.field("name")}
        />
        <SelectField
          label={t("things.filter.type")}
          name="type"
          value={form.values.type}
          error={form.errors.type}
          onChange={(event) => form.setValue("type", event.target.value)}
          onBlur={form.field("type").onBlur}
          required
        >
          <option value="">{t("things.form.chooseType")}</option>
          {thingTypesByLabel(t).map((type) => (
            <option key={type} value={type}>
              {thingTypeLabel(type, t)}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={t("things.form.description")}
          name="description"
          hint={t("things.form.descriptionHint")}
          rows={4}
          value={form.values.description}
          error={form.errors.description}
          onChange={(event) => form.setValue("description", event.target.value)}
          onBlur={form.field("description").onBlur}
        />
      </fieldset>

      <ThingAttributesFields form={form} />

      <fieldset className={styles.formSection}>
        <legend>{t("things.form.whereItIs")}</legend>
        <LocationPicker
          label={t("things.form.place")}
          hint={t("things.form.placeHint")}
          latitude={form.values.latitude}
          longitude={form.values.longitude}
          onChange={({ latitude, longitude }) => {
            form.setValue("latitude", latitude);
            form.setValue("longitude", longitude);
          }}
          errors={{ latitude: form.errors.latitude, longitude: form.errors.longitude }}
        />
        <TextAreaField
          label={t("things.form.locationDescription")}
          name="locationDescription"
          hint={t("things.form.locationDescriptionHint")}
          rows={2}
          value={form.values.locationDescription}
          error={form.errors.locationDescription}
          onChange={(event) => form.setValue("locationDescription", event.target.value)}
          onBlur={form.field("locationDescription").onBlur}
        />
      </fieldset>

      <fieldset className={styles.formSection}>
        <legend>{t("things.form.pictureAndVisibility")}</legend>
        <ImageUpload
          label={t("things.form.picture")}
          currentUrl={removeImage ? null : currentImageUrl}
          onUploaded={(next) => {
            setUpload(next);
            if (next) setRemoveImage(false);
          }}
          onBusyChange={setUploading}
          onRemove={currentImageUrl ? () => setRemoveImage(true) : undefined}
          disabled={busy}
        />
        {removeImage ? (
          <p className="muted small">
            {t("things.form.pictureRemoved")}{" "}
            <button type="button" className={styles.linkButton} onClick={() => setRemoveImage(false)}>
              {t("things.keepIt")}
            </button>
          </p>
        ) : null}
        <CheckboxField label={t("things.public")} hint={t("things.form.publicHint", brand)} checked={isPublic} onChange={setIsPublic} />
      </fieldset>

      {extra}

      <div className="form-actions">
        <button type="submit" className="button" disabled={busy || uploading}>
          {busy ? busyLabel : uploading ? t("things.form.waitingForPicture") : submitLabel}
        </button>
        <Link to={cancelTo}>{t("things.cancel")}</Link>
      </div>
    </form>
  );
}
