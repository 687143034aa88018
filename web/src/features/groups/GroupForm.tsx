// The group form of /groups/new and /groups/{id}/settings: name, type, description, visibility.
// Messages are the database's (check_label, check_description), shown as soon as a field is touched.
import { useState, type FormEvent } from "react";
import { MESSAGES } from "../../../../shared/validation.ts";
import { FormField } from "../../components/FormField.tsx";
import { ImageUpload, type UploadedImage } from "../../components/ImageUpload.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { translateServerMessage } from "../../lib/i18n/server-messages.ts";
import { useForm } from "../../lib/use-form.ts";
import { DESCRIPTION_MAX, GROUP_TYPES, groupTypeLabel, isGroupType, validateDescription, validateLabel, type GroupType } from "./meta.ts";
import { SelectField, TextAreaField } from "./ui.tsx";
import { groupsTexts } from "./texts.ts";
import styles from "./groups.module.css";

export type GroupField = "name" | "type" | "description" | "visibility";

export interface GroupFormValues {
  name: string;
  type: GroupType;
  description: string | null;
  isPublic: boolean;
}

/** What to do with the picture: attach a new upload, remove the current one, or leave it. */
export interface GroupPictureChange {
  upload: UploadedImage | null;
  remove: boolean;
}

const validate = (values: Record<GroupField, string>) => ({
  name: validateLabel(values.name),
  type: isGroupType(values.type) ? null : MESSAGES.mandatory,
  description: validateDescription(values.description),
  visibility: values.visibility === "public" || values.visibility === "private" ? null : MESSAGES.mandatory,
});

/** Server messages that belong to one field: shown on it as well. */
const FIELD_OF_MESSAGE: Record<string, GroupField> = {
  [MESSAGES.nameRequired]: "name",
  [MESSAGES.nameLength]: "name",
  "Description must be at most 5000 characters": "description",
  "Choose whether the group is public": "visibility",
};

/** The field a (translated) server message belongs to: errorText says it in the reader's language. */
function fieldOfMessage(message: string): GroupField | undefined {
  const english = Object.keys(FIELD_OF_MESSAGE).find((text) => text === message || translateServerMessage(text) === message);
  return english ? FIELD_OF_MESSAGE[english] : undefined;
}

export function GroupForm({
  initial,
  submitLabel,
  busyLabel,
  onSubmit,
  formId = "group-form",
  currentPictureUrl = null,
}: {
  initial?: Partial<GroupFormValues>;
  /** The saved picture (settings), shown until another is chosen. */
  currentPictureUrl?: string | null;
  submitLabel: string;
  busyLabel: string;
  /** Saves; resolves to the error text to show, or null on success. */
  onSubmit(values: GroupFormValues, picture: GroupPictureChange): Promise<string | null>;
  formId?: string;
}) {
  const t = useT(groupsTexts);
  const b = useBranding();
  const brand = { brand: b.key };
  const defaultType = initial?.type ?? (b.key === "bee" ? "BEEPASS" : "");
  const form = useForm<GroupField>(
    {
      name: initial?.name ?? "",
      type: defaultType,
      description: initial?.description ?? "",
      visibility: initial?.isPublic === false ? "private" : "public",
    },
    validate,
  );
  const [busy, setBusy] = useState(false);
  const [upload, setUpload] = useState<UploadedImage | null>(null);
  const [uploading, setUploading] = useState(false);
  const [removePicture, setRemovePicture] = useState(false);
  const [serverError, setServerError] = useState<{ message: string; field?: GroupField; value?: string } | null>(null);

  const fieldError = (name: GroupField) =>
    form.errors[name] ?? (serverError?.field === name && serverError.value === form.values[name] ? serverError.message : null);

  const focus = (name: GroupField) => document.querySelector<HTMLElement>(`#${formId} [name="${name}"]`)?.focus();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    if (!form.submit()) {
      const first = form.firstInvalid();
      if (first) focus(first);
      return;
    }
    setBusy(true);
    const description = form.values.description.trim();
    const message = await onSubmit(
      {
        name: form.values.name.trim(),
        type: form.values.type as GroupType,
        description: description === "" ? null : description,
        isPublic: form.values.visibility === "public",
      },
      { upload, remove: removePicture && !upload },
    );
    setBusy(false);
    if (message) {
      const field = fieldOfMessage(message);
      setServerError({ message, field, value: field ? form.values[field] : undefined });
      if (field) focus(field);
    }
  };

  const length = Array.from(form.values.description).length;
  return (
    <form id={formId} className={styles.form} noValidate onSubmit={submit}>
      {serverError ? (
        <div className="form-error" role="alert">
          {serverError.message}
        </div>
      ) : null}
      <FormField label={t("groups.form.name")} required autoComplete="off" error={fieldError("name")} {...form.field("name")} />
      <SelectField
        label={t("groups.typeLabel")}
        name="type"
        required
        value={form.values.type}
        error={fieldError("type")}
        onChange={(event) => form.setValue("type", event.target.value)}
        onBlur={form.field("type").onBlur}
      >
        {form.values.type === "" ? <option value="">{t("groups.form.chooseType")}</option> : null}
        {GROUP_TYPES.map((type) => (
          <option key={type} value={type}>
            {groupTypeLabel(type, t)}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={t("groups.form.description")}
        name="description"
        hint={t("groups.form.descriptionHint", {
          ...brand,
          long: String(length > DESCRIPTION_MAX - 500),
          // As strings: the count reads as the person typed it, without a thousands separator.
          length: String(length),
          max: String(DESCRIPTION_MAX),
        })}
        rows={5}
        value={form.values.description}
        error={fieldError("description")}
        onChange={(event) => form.setValue("description", event.target.value)}
        onBlur={form.field("description").onBlur}
      />
      <ImageUpload
        label={t("groups.form.picture")}
        hint={t("groups.form.pictureHint")}
        currentUrl={removePicture ? null : currentPictureUrl}
        onUploaded={(value) => {
          setUpload(value);
          if (value) setRemovePicture(false);
        }}
        onRemove={currentPictureUrl ? () => setRemovePicture(true) : undefined}
        onBusyChange={setUploading}
        disabled={busy}
      />
      {removePicture && !upload ? (
        <p className={styles.formNote} role="status">
          {t("groups.form.pictureRemoved")}{" "}
          <button type="button" className="link-button" onClick={() => setRemovePicture(false)}>
            {t("groups.form.keepIt")}
          </button>
        </p>
      ) : null}
      <fieldset className={styles.choices} aria-describedby={fieldError("visibility") ? `${formId}-visibility-error` : undefined}>
        <legend>{t("groups.form.whoCanSee")}</legend>
        <label className={styles.choice}>
          <input
            type="radio"
            name="visibility"
            value="public"
            checked={form.values.visibility === "public"}
            onChange={() => form.setValue("visibility", "public")}
          />
          <span>
            <strong>{t("groups.public")}</strong>
            <span>{t("groups.form.publicText", brand)}</span>
          </span>
        </label>
        <label className={styles.choice}>
          <input
            type="radio"
            name="visibility"
            value="private"
            checked={form.values.visibility === "private"}
            onChange={() => form.setValue("visibility", "private")}
          />
          <span>
            <strong>{t("groups.private")}</strong>
            <span>{t("groups.form.privateText")}</span>
          </span>
        </label>
        {fieldError("visibility") ? (
          <p id={`${formId}-visibility-error`} className="field-error">
            {translateServerMessage(fieldError("visibility") ?? "")}
          </p>
        ) : null}
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy || uploading}>
          {busy ? busyLabel : uploading ? t("groups.form.uploading") : submitLabel}
        </button>
      </div>
    </form>
  );
}
