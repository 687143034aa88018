// How much water a watering gave (issue #21): quick picks of 10, 20 and 50 litres and a free
// entry, optional. The rule is shared with the database (shared/validation.ts validateLitres).
import { useId } from "react";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { translateServerMessage } from "../../lib/i18n/server-messages.ts";
import { formatLitres } from "../../lib/litres.ts";
import { LITRES_QUICK_PICKS, parseLitres, validateLitres } from "../../../../shared/validation.ts";
import { thingsTexts } from "./texts.ts";
import { thingWordsTexts } from "./thing-words.ts";
import styles from "./things.module.css";

/** "20" -> 20, "" -> null; what the form sends as `litres` (only for a WATERING action). */
export function litresToSend(text: string, actionType: string): number | null {
  if (actionType !== "WATERING" || text.trim() === "") return null;
  return parseLitres(text);
}

/** The form's message for the litres typed, or null. */
export function litresError(text: string, actionType: string): string | null {
  return actionType === "WATERING" ? validateLitres(text, actionType) : null;
}

export { formatLitres };

export function LitresField({
  value,
  onChange,
  error,
  compact = false,
}: {
  value: string;
  onChange(value: string): void;
  error?: string | null;
  /** Without the hint (the timeline's edit form). */
  compact?: boolean;
}) {
  const t = useT(thingsTexts, thingWordsTexts);
  const id = useId();
  const picked = parseLitres(value);
  return (
    <div className={`field litres-field${error ? " field-invalid" : ""}`} role="group" aria-labelledby={`${id}-legend`}>
      <span id={`${id}-legend`} className={styles.fieldLabel}>
        {t("things.litres.label")}
      </span>
      {compact ? null : (
        <p id={`${id}-hint`} className="field-hint">
          {t("things.litres.hint")}
        </p>
      )}
      <div className={styles.litresPicks}>
        {LITRES_QUICK_PICKS.map((litres) => (
          <button
            key={litres}
            type="button"
            className="litres-pick"
            aria-pressed={picked === litres}
            onClick={() => onChange(picked === litres ? "" : String(litres))}
          >
            {litres} L
          </button>
        ))}
        <span className={styles.litresInput}>
          <label htmlFor={`${id}-input`}>{t("things.litres.input")}</label>
          <input
            id={`${id}-input`}
            name="litres"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            size={6}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={[compact ? "" : `${id}-hint`, error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined}
          />
          <span aria-hidden="true">L</span>
        </span>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {translateServerMessage(error)}
        </p>
      ) : null}
    </div>
  );
}
