// The analytics' filter form: quick ranges, a date range and an optional user, checked as they
// are typed; applied to the address (the page reads its filters from there).
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { translateServerMessage } from "../../lib/i18n/server-messages.ts";
import { defaultFilters, lastDays, QUICK_RANGES, validateFilters, type Filters } from "./admin-data.ts";
import { adminTexts } from "./texts.ts";
import styles from "./admin.module.css";

export function AnalyticsFilters({
  filters,
  today,
  onApply,
  userError,
}: {
  filters: Filters;
  today: Date;
  onApply: (filters: Filters) => void;
  /** The server's verdict on the applied username (not found). */
  userError?: string;
}) {
  const t = useT(adminTexts);
  const id = useId();
  const [draft, setDraft] = useState<Filters>(filters);
  const [touched, setTouched] = useState<Record<keyof Filters, boolean>>({ from: false, to: false, user: false });
  const errors = validateFilters(draft, t);
  const hasErrors = Object.keys(errors).length > 0;
  const shownUserError =
    (touched.user || draft.user !== filters.user ? errors.user : undefined) ?? (draft.user.trim() === filters.user ? userError : undefined);
  const shown = {
    from: touched.from ? errors.from : undefined,
    to: touched.to ? errors.to : undefined,
    user: shownUserError,
  };

  const change = (field: keyof Filters) => (event: { target: { value: string } }) => {
    setDraft((d) => ({ ...d, [field]: event.target.value }));
    setTouched((was) => ({ ...was, [field]: true }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ from: true, to: true, user: true });
    if (hasErrors) return;
    onApply({ ...draft, user: draft.user.trim() });
  };

  const defaults = defaultFilters(today);
  const isDefault = filters.from === defaults.from && filters.to === defaults.to && !filters.user;

  return (
    <form className={`card ${styles.filters}`} onSubmit={submit} noValidate aria-label={t("admin.filters.label")}>
      <div className={styles.quick} role="group" aria-label={t("admin.filters.quickRanges")}>
        {QUICK_RANGES.map((days) => {
          const range = lastDays(days, today);
          const active = filters.from === range.from && filters.to === range.to;
          return (
            <button
              key={days}
              type="button"
              className={active ? `${styles.chip} ${styles.chipActive}` : styles.chip}
              aria-pressed={active}
              onClick={() => onApply({ ...filters, ...range })}
            >
              {t("admin.filters.lastDays", { days })}
            </button>
          );
        })}
      </div>
      <div className={styles.filterFields}>
        <FilterField id={`${id}-from`} label={t("admin.filters.from")} error={shown.from}>
          <input
            id={`${id}-from`}
            type="date"
            value={draft.from}
            max={draft.to || undefined}
            onChange={change("from")}
            aria-invalid={shown.from ? true : undefined}
            aria-describedby={shown.from ? `${id}-from-error` : undefined}
            required
          />
        </FilterField>
        <FilterField id={`${id}-to`} label={t("admin.filters.to")} error={shown.to}>
          <input
            id={`${id}-to`}
            type="date"
            value={draft.to}
            min={draft.from || undefined}
            onChange={change("to")}
            aria-invalid={shown.to ? true : undefined}
            aria-describedby={shown.to ? `${id}-to-error` : undefined}
            required
          />
        </FilterField>
        <FilterField id={`${id}-user`} label={t("admin.filters.user")} hint={t("admin.filters.userHint")} error={shown.user}>
          <input
            id={`${id}-user`}
            type="search"
            value={draft.user}
            onChange={change("user")}
            placeholder={t("admin.filters.userPlaceholder")}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={shown.user ? true : undefined}
            aria-describedby={[`${id}-user-hint`, shown.user ? `${id}-user-error` : ""].filter(Boolean).join(" ")}
          />
        </FilterField>
        <div className={styles.filterActions}>
          <button type="submit" className="button">
            {t("admin.filters.apply")}
          </button>
          {!isDefault ? (
            <button type="button" className="button button-secondary" onClick={() => onApply(defaults)}>
              {t("admin.filters.reset")}
            </button>
          ) : null}
        </div>
      </div>
    </form>
  );
}

function FilterField({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className={`field ${styles.filterField}${error ? " field-invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {/* The shared validation's messages are known texts; the form's own are already said. */}
          {translateServerMessage(error)}
        </p>
      ) : null}
    </div>
  );
}
