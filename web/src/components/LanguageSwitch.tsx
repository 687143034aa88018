// The language choice, in the header and on the profile: English, Deutsch, or as the browser.
// Each language is named in itself, so someone who can't read the current one still finds theirs.
import { useId } from "react";
import { LOCALES, LOCALE_NAMES, isLocale } from "../../../shared/i18n/locales.ts";
import { useLocale, useT } from "../lib/i18n/locale-context.tsx";
import { useNotify } from "../lib/notices.tsx";

/**
 * `compact` (the header): the two languages only, showing the one in use; the full form (the
 * profile) also offers "as my browser".
 */
export function LanguageSwitch({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { locale, choice, choose } = useLocale();
  const t = useT();
  const notify = useNotify();
  const id = useId();
  return (
    <span className={["language-switch", className].filter(Boolean).join(" ")}>
      <label htmlFor={id} className={compact ? "visually-hidden" : undefined}>
        {t("language.label")}
      </label>
      <select
        id={id}
        lang={locale}
        value={compact ? locale : (choice ?? "")}
        onChange={async (event) => {
          const value = event.target.value;
          const { saved } = await choose(isLocale(value) ? value : null);
          if (!saved) notify.negative(t("language.saveFailed"));
        }}
      >
        {!compact && <option value="">{t("language.browser")}</option>}
        {LOCALES.map((l) => (
          // The header has room for "EN" and "DE" only (a one-row header from 1024 px, issue 22).
          <option key={l} value={l} lang={l} title={LOCALE_NAMES[l]}>
            {compact ? l.slice(0, 2).toUpperCase() : LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </span>
  );
}
