// The device form of /devices/new and /devices/{id}/edit: model, name, device id (eui-...),
// public or not, location (with "use my location" or the thing's), the thing it is fitted to
// (things the user owns), the indicator parameter, hydration band overrides and a picture.
// Every field validates as you type with the database's messages; a failed save shows the
// server's message next to the field it is about, or above the buttons.
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { useQuery } from "urql";
import { validateDeviceId } from "../../../../shared/validation.ts";
import { FormField } from "../../components/FormField.tsx";
import { ImageUpload, type UploadedImage } from "../../components/ImageUpload.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { translateServerMessage } from "../../lib/i18n/server-messages.ts";
import { useNotify } from "../../lib/notices.tsx";
import { useForm, type FieldErrors } from "../../lib/use-form.ts";
import { useSession } from "../../lib/session-context.tsx";
import { SelectField } from "./DeviceParts.tsx";
import {
  DEFAULT_LEVELS,
  DEVICE_MODELS,
  INDICATOR_PARAMETERS,
  MODELS,
  indicatorLabel,
  isDeviceModel,
  isIndicatorParameter,
  levelsFromInput,
  levelsToJson,
  modelInfo,
  validateLabel,
  validateLatitude,
  validateLevel,
  validateLongitude,
  type DeviceModel,
  type HydrationLevels,
  type IndicatorParameter,
} from "./device-meta.ts";
import { failureNotice, getCurrentPosition } from "../../lib/geolocation.ts";
import { ModelIcon } from "./icons.tsx";
import { richText } from "../../lib/i18n/rich.tsx";
import { MyOwnedThingsDocument as MyOwnedThings } from "./MyOwnedThings.generated.ts";
import { englishDevicesT, type DevicesT, useDevicesT } from "./texts.ts";
import styles from "./devices.module.css";

export type DeviceField =
  | "model"
  | "name"
  | "deviceId"
  | "latitude"
  | "longitude"
  | "thingId"
  | "indicatorParameter"
  | "dry"
  | "needsWater"
  | "good";

type Values = Record<DeviceField, string>;

export interface DeviceFormValues {
  model: DeviceModel;
  name: string;
  deviceId: string;
  isPublic: boolean;
  location: { x: number; y: number };
  thingId: string | null;
  indicatorParameter: IndicatorParameter;
  /** Null when the default bands apply. */
  hydrationLevels: HydrationLevels | null;
}

export interface DeviceFormInitial {
  model?: string | null;
  name?: string;
  deviceId?: string;
  isPublic?: boolean;
  location?: { x: number; y: number } | null;
  thingId?: string | null;
  /** The linked thing, kept as a choice even when it is not the user's (admins). */
  thing?: { id: string; name: string } | null;
  indicatorParameter?: string | null;
  hydrationLevels?: HydrationLevels | null;
}

export interface SubmitProblem {
  field?: DeviceField;
  message: string;
}

export interface PictureChange {
  upload: UploadedImage | null;
  remove: boolean;
}

/** The database's text (lib/i18n/known-texts: said in the reader's language where it is shown). */
export const MODEL_REQUIRED = "Model is required";

/**
 * Which field a server message is about (the database uses the same texts as the form). Give it
 * the server's English (serverErrorOf), not the translated text.
 */
export function fieldOfMessage(message: string): DeviceField | undefined {
  if (/^(Device id|This device is already registered)/.test(message)) return "deviceId";
  if (/^Name /.test(message)) return "name";
  if (/^(Latitude|Location is required)/.test(message)) return "latitude";
  if (/^Longitude/.test(message)) return "longitude";
  if (/^Choose a thing/.test(message)) return "thingId";
  if (/^Model/.test(message)) return "model";
  return undefined;
}

/** Fields next to each other whose messages may be the same sentence (shown once). */
const SHARED_MESSAGE_GROUPS: readonly (readonly DeviceField[])[] = [
  ["latitude", "longitude"],
  ["dry", "needsWater", "good"],
];

/**
 * Every field's message for these values (the same rules and texts as the database, which are
 * translated where they are shown; the form's own texts come translated from `t`).
 */
export function validateDeviceForm(values: Values, t: DevicesT = englishDevicesT): FieldErrors<DeviceField> {
  const order = t("devices.levels.order");
  const errors: FieldErrors<DeviceField> = {
    model: isDeviceModel(values.model) ? null : MODEL_REQUIRED,
    name: validateLabel(values.name),
    deviceId: validateDeviceId(values.deviceId.trim()),
    latitude: validateLatitude(values.latitude),
    longitude: validateLongitude(values.longitude),
    thingId: null,
    indicatorParameter: isIndicatorParameter(values.indicatorParameter) ? null : t("devices.form.chooseIndicator"),
    dry: validateLevel(values.dry, t),
    needsWater: validateLevel(values.needsWater, t),
    good: validateLevel(values.good, t),
  };
  if (!errors.dry && !errors.needsWater && !errors.good && !levelsFromInput(values)) {
    const n = (v: string, d: number) => (v.trim() === "" ? d : Number(v));
    const dry = n(values.dry, DEFAULT_LEVELS.dry);
    const needsWater = n(values.needsWater, DEFAULT_LEVELS.needsWater);
    const good = n(values.good, DEFAULT_LEVELS.good);
    if (dry >= needsWater) {
      errors.dry = order;
      errors.needsWater = order;
    }
    if (needsWater >= good) {
      errors.needsWater = order;
      errors.good = order;
    }
  }
  return errors;
}

interface ThingChoice {
  id: string;
  name: string;
  location: { x: number; y: number } | null;
}

function levelText(levels: HydrationLevels | null | undefined, key: keyof HydrationLevels): string {
  return levels && levels[key] !== DEFAULT_LEVELS[key] ? String(levels[key]) : "";
}

export function DeviceForm({
  initial = {},
  submitLabel,
  busyLabel,
  currentPictureUrl = null,
  cancelTo,
  onSubmit,
}: {
  initial?: DeviceFormInitial;
  submitLabel: string;
  busyLabel: string;
  currentPictureUrl?: string | null;
  cancelTo: string;
  onSubmit(values: DeviceFormValues, picture: PictureChange): Promise<SubmitProblem | null>;
}) {
  const b = useBranding();
  const t = useDevicesT();
  const brand = { brand: b.key };
  const notify = useNotify();
  const { session, signedIn } = useSession();
  const validate = useCallback((values: Values) => validateDeviceForm(values, t), [t]);
  const startModel = isDeviceModel(initial.model) ? initial.model : "";
  const form = useForm<DeviceField>(
    {
      model: startModel,
      name: initial.name ?? "",
      deviceId: initial.deviceId ?? "",
      latitude: initial.location ? String(initial.location.x) : "",
      longitude: initial.location ? String(initial.location.y) : "",
      thingId: initial.thingId ?? "",
      indicatorParameter: isIndicatorParameter(initial.indicatorParameter)
        ? initial.indicatorParameter
        : startModel
          ? MODELS[startModel].defaultIndicator
          : "WATER",
      dry: levelText(initial.hydrationLevels, "dry"),
      needsWater: levelText(initial.hydrationLevels, "needsWater"),
      good: levelText(initial.hydrationLevels, "good"),
    },
    validate,
  );
  const [isPublic, setIsPublic] = useState(initial.isPublic ?? true);
  const [upload, setUpload] = useState<UploadedImage | null>(null);
  const [removePicture, setRemovePicture] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [locating, setLocating] = useState(false);
  const [locationProblem, setLocationProblem] = useState<string | null>(null);
  // The server's message for a field, shown until that field changes.
  const [serverProblem, setServerProblem] = useState<{ field?: DeviceField; message: string; value?: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const [owned] = useQuery({
    query: MyOwnedThings,
    variables: { userId: session?.id ?? "" },
    pause: !signedIn || !session?.id,
    requestPolicy: "cache-and-network",
  });
  const things = useMemo(() => {
    const byId = new Map<string, ThingChoice>();
    for (const access of owned.data?.allThingAccesses?.nodes ?? []) {
      if (access.thingByThingId) byId.set(access.thingByThingId.id, access.thingByThingId);
    }
    if (initial.thing && !byId.has(initial.thing.id)) {
      byId.set(initial.thing.id, { id: initial.thing.id, name: initial.thing.name, location: null });
    }
    return [...byId.values()].sort((x, y) => x.name.localeCompare(y.name, undefined, { sensitivity: "base", numeric: true }));
  }, [owned.data, initial.thing]);
  const chosenThing = things.find((thing) => thing.id === form.values.thingId) ?? null;

  // A thing chosen while the location is still empty lends its location.
  const previousThing = useRef(form.values.thingId);
  useEffect(() => {
    if (previousThing.current === form.values.thingId) return;
    previousThing.current = form.values.thingId;
    if (chosenThing?.location && form.values.latitude.trim() === "" && form.values.longitude.trim() === "") {
      form.setValue("latitude", String(chosenThing.location.x));
      form.setValue("longitude", String(chosenThing.location.y));
    }
  }, [form, chosenThing, form.values.thingId, form.values.latitude, form.values.longitude]);

  const model = isDeviceModel(form.values.model) ? form.values.model : null;
  const sensor = model !== "THE_THINGS_UNO";

  const ownErrorFor = (field: DeviceField): string | null => {
    if (serverProblem?.field === field && serverProblem.value === form.values[field]) return serverProblem.message;
    return form.errors[field];
  };
  // Fields that share a message (both coordinates empty: "Location is required"; band limits
  // out of order) show it once, under the first of them, not once per field.
  const errorFor = (field: DeviceField): string | null => {
    const message = ownErrorFor(field);
    if (!message) return null;
    const group = SHARED_MESSAGE_GROUPS.find((fields) => fields.includes(field)) ?? [];
    const earlier = group.slice(0, group.indexOf(field));
    return earlier.some((other) => ownErrorFor(other) === message) ? null : message;
  };

  const chooseModel = (next: DeviceModel) => {
    const previous = isDeviceModel(form.values.model) ? form.values.model : null;
    // Follow the model's usual indicator unless the person picked another one.
    if (!previous || form.values.indicatorParameter === MODELS[previous].defaultIndicator) {
      form.setValue("indicatorParameter", MODELS[next].defaultIndicator);
    }
    form.setValue("model", next);
  };

  const fillFromMyLocation = async () => {
    setLocationProblem(null);
    setLocating(true);
    try {
      const position = await getCurrentPosition();
      form.setValue("latitude", position.latitude.toFixed(6));
      form.setValue("longitude", position.longitude.toFixed(6));
    } catch (error) {
      const message = failureNotice(error);
      setLocationProblem(message);
      notify.negative(message);
    } finally {
      setLocating(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerProblem(null);
    if (!form.submit()) {
      const first = form.firstInvalid();
      const element = first ? formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`) : null;
      element?.focus();
      return;
    }
    const v = form.values;
    const levels = levelsFromInput(v);
    const values: DeviceFormValues = {
      model: v.model as DeviceModel,
      name: v.name.trim(),
      deviceId: v.deviceId.trim(),
      isPublic,
      location: { x: Number(v.latitude), y: Number(v.longitude) },
      thingId: v.thingId || null,
      indicatorParameter: v.indicatorParameter as IndicatorParameter,
      hydrationLevels: levels ? levelsToJson(levels) : null,
    };
    setBusy(true);
    try {
      const problem = await onSubmit(values, { upload, remove: removePicture && !upload });
      if (problem) {
        const field = problem.field ?? fieldOfMessage(problem.message);
        setServerProblem({ ...problem, field, value: field ? v[field] : undefined });
        if (field) formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
      }
    } finally {
      setBusy(false);
    }
  };

  const formProblem = serverProblem && !serverProblem.field ? serverProblem.message : null;
  const modelError = errorFor("model");

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={submit}>
      <fieldset
        className={`${styles.fieldset} ${styles.models}${modelError ? " field-invalid" : ""}`}
        aria-describedby={modelError ? "model-error" : undefined}
      >
        <legend>{t("devices.form.model")}</legend>
        <div className={styles.modelOptions}>
          {DEVICE_MODELS.map((option) => (
            <label
              key={option}
              className={form.values.model === option ? `${styles.modelOption} ${styles.modelOptionOn}` : styles.modelOption}
            >
              <input type="radio" name="model" value={option} checked={form.values.model === option} onChange={() => chooseModel(option)} />
              <span className={styles.modelOptionIcon} aria-hidden="true">
                <ModelIcon model={option} size={30} />
              </span>
              <span className={styles.modelOptionText}>
                <strong>{modelInfo(option, t).label}</strong>
                <span className="muted">{modelInfo(option, t).description}</span>
              </span>
            </label>
          ))}
        </div>
        {modelError ? (
          <p id="model-error" className="field-error">
            {translateServerMessage(modelError)}
          </p>
        ) : null}
      </fieldset>

      <div className={styles.formStack}>
        <FormField label={t("devices.form.name")} {...form.field("name")} error={errorFor("name")} autoComplete="off" maxLength={255} />
        <FormField
          label={t("devices.form.deviceId")}
          {...form.field("deviceId")}
          error={errorFor("deviceId")}
          hint={t("devices.form.deviceIdHint")}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={255}
        />
      </div>

      <SelectField
        label={t("devices.form.thing", brand)}
        name="thingId"
        value={form.values.thingId}
        onChange={(event) => form.setValue("thingId", event.target.value)}
        error={errorFor("thingId")}
        hint={
          owned.fetching && !owned.data
            ? t("devices.form.loadingThings", brand)
            : things.length === 0
              ? t("devices.form.noThings", brand)
              : t("devices.form.thingHint", brand)
        }
      >
        <option value="">{t("devices.form.notFitted", brand)}</option>
        {things.map((thing) => (
          <option key={thing.id} value={thing.id}>
            {thing.name}
          </option>
        ))}
      </SelectField>
      {things.length === 0 && owned.data ? (
        <p className={styles.formAside}>
          {richText(t, "devices.form.addThingFirst", { link: <Link to="/things/new">{t("devices.form.addThing", brand)}</Link> })}
        </p>
      ) : null}

      <fieldset className={styles.fieldset}>
        <legend>{t("devices.form.location")}</legend>
        <p className="field-hint">{t("devices.form.locationHint")}</p>
        <div className={styles.formGrid}>
          <FormField
            label={t("devices.form.latitude")}
            {...form.field("latitude")}
            error={errorFor("latitude")}
            inputMode="decimal"
            autoComplete="off"
          />
          <FormField
            label={t("devices.form.longitude")}
            {...form.field("longitude")}
            error={errorFor("longitude")}
            inputMode="decimal"
            autoComplete="off"
          />
        </div>
        <div className={styles.locationActions}>
          <button
            type="button"
            className="button button-secondary"
            onClick={fillFromMyLocation}
            disabled={locating}
            aria-busy={locating || undefined}
          >
            {t(locating ? "devices.form.finding" : "devices.form.useMyLocation")}
          </button>
          {chosenThing?.location ? (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                const location = chosenThing.location;
                if (!location) return;
                form.setValue("latitude", String(location.x));
                form.setValue("longitude", String(location.y));
              }}
            >
              {t("devices.form.useThingLocation", brand)}
            </button>
          ) : null}
        </div>
        {locationProblem ? (
          <p className="field-error" role="alert">
            {locationProblem}
          </p>
        ) : null}
      </fieldset>

      <div className={`field ${styles.check}`}>
        <label>
          <input type="checkbox" name="isPublic" checked={isPublic} onChange={(event) => setIsPublic(event.target.checked)} />
          <span>{t("devices.form.public")}</span>
        </label>
        <p className="field-hint">{t(isPublic ? "devices.form.publicHint" : "devices.form.privateHint")}</p>
      </div>

      {sensor ? (
        <fieldset className={styles.fieldset}>
          <legend>{t("devices.form.indicator")}</legend>
          <SelectField
            label={t("devices.form.indicatorShows")}
            name="indicatorParameter"
            value={form.values.indicatorParameter}
            onChange={(event) => form.setValue("indicatorParameter", event.target.value)}
            error={errorFor("indicatorParameter")}
          >
            {INDICATOR_PARAMETERS.map((parameter) => (
              <option key={parameter} value={parameter}>
                {indicatorLabel(parameter, t)}
              </option>
            ))}
          </SelectField>
          <details className={styles.levels} open={!!(form.values.dry || form.values.needsWater || form.values.good) || undefined}>
            <summary>{t("devices.form.bands")}</summary>
            <p className="field-hint">{t("devices.form.bandsHint", { ...DEFAULT_LEVELS })}</p>
            <div className={styles.formGrid}>
              <FormField
                label={t("devices.form.dryBelow")}
                {...form.field("dry")}
                error={errorFor("dry")}
                inputMode="decimal"
                placeholder={String(DEFAULT_LEVELS.dry)}
              />
              <FormField
                label={t("devices.form.needsWaterBelow")}
                {...form.field("needsWater")}
                error={errorFor("needsWater")}
                inputMode="decimal"
                placeholder={String(DEFAULT_LEVELS.needsWater)}
              />
              <FormField
                label={t("devices.form.wetAbove")}
                {...form.field("good")}
                error={errorFor("good")}
                inputMode="decimal"
                placeholder={String(DEFAULT_LEVELS.good)}
              />
            </div>
          </details>
        </fieldset>
      ) : null}

      <ImageUpload
        label={t("devices.form.picture")}
        currentUrl={removePicture ? null : currentPictureUrl}
        onUploaded={(value) => {
          setUpload(value);
          if (value) setRemovePicture(false);
        }}
        onRemove={currentPictureUrl ? () => setRemovePicture(true) : undefined}
        onBusyChange={setUploading}
        disabled={busy}
      />
      {removePicture ? (
        <p className="field-hint">
          {t("devices.form.pictureRemoved")}{" "}
          <button type="button" className="link-button" onClick={() => setRemovePicture(false)}>
            {t("devices.form.keepPicture")}
          </button>
        </p>
      ) : null}

      {formProblem ? (
        <div className="form-error" role="alert">
          {translateServerMessage(formProblem)}
        </div>
      ) : null}
      <div className={`form-actions ${styles.formActions}`}>
        <Link to={cancelTo} className="button button-secondary">
          {t("devices.cancel")}
        </Link>
        <button type="submit" className="button" disabled={busy || uploading} aria-busy={busy || undefined}>
          {busy ? busyLabel : uploading ? t("devices.form.waitingForPicture") : submitLabel}
        </button>
      </div>
    </form>
  );
}
