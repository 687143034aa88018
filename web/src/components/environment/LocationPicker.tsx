// Choosing a place in a form: click the map (or drag the marker), type the coordinates, or use the
// device's location. Controlled with the inputs' text, as forms keep it:
//
//   <LocationPicker
//     latitude={form.values.latitude} longitude={form.values.longitude}
//     onChange={({ latitude, longitude }) => { form.setValue("latitude", latitude); form.setValue("longitude", longitude); }}
//     errors={{ latitude: form.errors.latitude, longitude: form.errors.longitude }}   // optional
//   />
//
// It validates as you type (after the field is left once) with the database's messages; errors
// given by the form (e.g. after a submit) are shown instead. The map loads lazily with maplibre.
import { lazy, Suspense, useId, useState } from "react";
import { useNotify } from "../../lib/notices.tsx";
import { coordinatesOf, coordinateText, validateLatitude, validateLongitude } from "./coordinates.ts";
import { DEFAULT_CENTRE, type Coordinates } from "./env-format.ts";
import { failureNotice, getCurrentPosition } from "../../lib/geolocation.ts";
import { MapBoundary } from "./MapBoundary.tsx";
import styles from "./environment.module.css";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { translateServerMessage } from "../../lib/i18n/server-messages.ts";

const LocationPickerMap = lazy(() => import("./LocationPickerMap.tsx"));

export interface LocationPickerProps {
  latitude: string;
  longitude: string;
  onChange(value: { latitude: string; longitude: string }): void;
  /** Errors from the form; when given (non-empty) they win over the picker's own. */
  errors?: { latitude?: string | null; longitude?: string | null };
  /** The fieldset's legend (default "Location"). */
  label?: string;
  hint?: string;
  /** Where the map looks before a place is chosen (default Reading, UK). */
  centre?: Coordinates;
  mapHeight?: number;
  disabled?: boolean;
}

export function LocationPicker({
  latitude,
  longitude,
  onChange,
  errors,
  label: labelGiven,
  hint: hintGiven,
  centre = DEFAULT_CENTRE,
  mapHeight = 260,
  disabled = false,
}: LocationPickerProps) {
  const t = useT();
  const label = labelGiven ?? t("location.label");
  const hint = hintGiven === undefined ? t("location.hint") : hintGiven;
  const id = useId();
  const notify = useNotify();
  const [touched, setTouched] = useState({ latitude: false, longitude: false });
  const [locating, setLocating] = useState(false);
  const value = coordinatesOf(latitude, longitude);

  const own = {
    latitude: touched.latitude ? validateLatitude(latitude) : null,
    longitude: touched.longitude ? validateLongitude(longitude) : null,
  };
  const shown = {
    latitude: errors?.latitude || own.latitude,
    longitude: errors?.longitude || own.longitude,
  };

  const set = (next: Coordinates) => {
    setTouched({ latitude: true, longitude: true });
    onChange({ latitude: coordinateText(next.latitude), longitude: coordinateText(next.longitude) });
  };

  const locate = async () => {
    setLocating(true);
    try {
      const here = await getCurrentPosition();
      set(here);
    } catch (e) {
      notify.negative(failureNotice(e));
    } finally {
      setLocating(false);
    }
  };

  const field = (name: "latitude" | "longitude", text: string, fieldLabel: string, placeholder: string) => {
    const inputId = `${id}-${name}`;
    const errorId = `${inputId}-error`;
    const error = shown[name];
    return (
      <div className={`field ${styles.coordinate}${error ? " field-invalid" : ""}`}>
        <label htmlFor={inputId}>{fieldLabel}</label>
        <input
          id={inputId}
          name={name}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          value={text}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) =>
            onChange(name === "latitude" ? { latitude: e.target.value, longitude } : { latitude, longitude: e.target.value })
          }
          onBlur={() => setTouched((was) => ({ ...was, [name]: true }))}
        />
        {error ? (
          <p id={errorId} className="field-error">
            {translateServerMessage(error)}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <fieldset className={styles.picker} disabled={disabled}>
      <legend className={styles.pickerLegend}>{label}</legend>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <div
        className={`${styles.mapFrame} env-map-frame`}
        style={{ height: mapHeight }}
        role="region"
        aria-label={t("location.pickerMap", { label: label.toLowerCase() })}
      >
        <MapBoundary
          fallback={
            <div className={styles.mapFallback}>
              <p>{t("location.noMapPicker")}</p>
            </div>
          }
        >
          <Suspense fallback={<div className={styles.mapPlaceholder}>{t("location.loadingMap")}</div>}>
            <LocationPickerMap value={value} centre={centre} onPick={set} disabled={disabled} />
          </Suspense>
        </MapBoundary>
      </div>
      <div className={styles.pickerInputs}>
        {field("latitude", latitude, t("location.latitude"), "51.4543")}
        {field("longitude", longitude, t("location.longitude"), "-0.9781")}
        <div className={styles.pickerLocate}>
          <button type="button" className="button button-secondary" onClick={locate} disabled={disabled || locating}>
            {locating ? t("location.finding") : t("location.useMine")}
          </button>
        </div>
      </div>
    </fieldset>
  );
}
