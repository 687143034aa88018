// The controls above a list: search, sort, filters and the tile/list toggle. Each is a labelled
// native control, so keyboards and screen readers work without extra wiring.
import { useId, type ReactNode } from "react";
import type { ListLayout } from "./use-list-state.ts";
import { SEARCH_MAX_LENGTH } from "./search.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import styles from "./list.module.css";

export interface Option<V extends string = string> {
  value: V;
  label: string;
}

/** A row of controls that wraps on narrow screens. */
export function ListToolbar({ label, children }: { label?: string; children: ReactNode }) {
  const t = useT();
  return (
    <div className={`${styles.toolbar} list-toolbar`} role="group" aria-label={label ?? t("list.options")}>
      {children}
    </div>
  );
}

export interface SearchBoxProps {
  value: string;
  onChange(value: string): void;
  /** Accessible label, also the placeholder ("Search groups"). */
  label: string;
  placeholder?: string;
}

export function SearchBox({ value, onChange, label, placeholder }: SearchBoxProps) {
  const id = useId();
  return (
    <div className={`${styles.control} ${styles.search} list-search`}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <span className={styles.searchIcon} aria-hidden="true">
        <svg viewBox="0 0 20 20" width="18" height="18" focusable="false">
          <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M13 13l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </span>
      <input
        id={id}
        type="search"
        value={value}
        placeholder={placeholder ?? `${label}…`}
        autoComplete="off"
        spellCheck={false}
        maxLength={SEARCH_MAX_LENGTH}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape" && value) {
            event.preventDefault();
            onChange("");
          }
        }}
      />
    </div>
  );
}

export interface SelectControlProps<V extends string> {
  label: string;
  value: V;
  onChange(value: V): void;
  options: readonly Option<V>[];
}

/** A labelled select; the label shows in front of it ("Sort by"). */
export function SelectControl<V extends string>({ label, value, onChange, options }: SelectControlProps<V>) {
  const id = useId();
  return (
    <div className={`${styles.control} ${styles.select} list-select`}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as V)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function SortSelect<V extends string>(props: Omit<SelectControlProps<V>, "label"> & { label?: string }) {
  const t = useT();
  return <SelectControl {...props} label={props.label ?? t("list.sortBy")} />;
}

export interface FilterProps {
  label: string;
  /** '' means "all". */
  value: string;
  onChange(value: string): void;
  options: readonly Option[];
  /** Label of the no-filter choice ("All types"). */
  allLabel?: string;
}

/** A filter as a select (many values, or little room). */
export function FilterSelect({ label, value, onChange, options, allLabel }: FilterProps) {
  const t = useT();
  return (
    <SelectControl
      label={label}
      value={value}
      onChange={onChange}
      options={[{ value: "", label: allLabel ?? t("list.all") }, ...options]}
    />
  );
}

/** A filter as a row of chips (few values); pressing the chosen chip again clears it. */
export function FilterChips({ label, value, onChange, options, allLabel }: FilterProps) {
  const t = useT();
  const all: Option[] = [{ value: "", label: allLabel ?? t("list.all") }, ...options];
  return (
    <div className={`${styles.control} ${styles.chips}`} role="group" aria-label={label}>
      <span className={styles.chipsLabel} aria-hidden="true">
        {label}
      </span>
      {all.map((option) => {
        const pressed = option.value === value;
        return (
          <button
            key={option.value || "all"}
            type="button"
            className={pressed ? `${styles.chip} ${styles.chipOn}` : styles.chip}
            aria-pressed={pressed}
            onClick={() => onChange(pressed ? "" : option.value)}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}

export function LayoutToggle({ value, onChange }: { value: ListLayout; onChange(layout: ListLayout): void }) {
  const t = useT();
  return (
    <div className={`${styles.control} ${styles.layoutToggle} layout-toggle`} role="group" aria-label={t("list.layout")}>
      <button
        type="button"
        className={value === "tiles" ? `${styles.layoutButton} ${styles.layoutOn}` : styles.layoutButton}
        aria-pressed={value === "tiles"}
        title={t("list.tiles")}
        onClick={() => onChange("tiles")}
      >
        <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
          <rect x="2" y="2" width="7" height="7" rx="1.5" fill="currentColor" />
          <rect x="11" y="2" width="7" height="7" rx="1.5" fill="currentColor" />
          <rect x="2" y="11" width="7" height="7" rx="1.5" fill="currentColor" />
          <rect x="11" y="11" width="7" height="7" rx="1.5" fill="currentColor" />
        </svg>
        <span className="visually-hidden">{t("list.tiles")}</span>
      </button>
      <button
        type="button"
        className={value === "list" ? `${styles.layoutButton} ${styles.layoutOn}` : styles.layoutButton}
        aria-pressed={value === "list"}
        title={t("list.list")}
        onClick={() => onChange("list")}
      >
        <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
          <rect x="2" y="3" width="16" height="3" rx="1.2" fill="currentColor" />
          <rect x="2" y="8.5" width="16" height="3" rx="1.2" fill="currentColor" />
          <rect x="2" y="14" width="16" height="3" rx="1.2" fill="currentColor" />
        </svg>
        <span className="visually-hidden">{t("list.list")}</span>
      </button>
    </div>
  );
}

/**
 * "12 groups", "Showing 24 of 57 groups", "3 groups match" or "40 groups match (showing 24)",
 * announced politely when it changes. `total` is how many the server has for what the list asks
 * (its totalCount: the matches, when the search runs on the server), `shown` how many are on
 * screen. A list that searches in the browser passes no total while narrowed.
 */
export function ResultCount({
  shown,
  total,
  noun,
  narrowed = false,
  more = false,
}: {
  shown: number;
  total?: number | null;
  /** Singular and plural: ["group", "groups"]. */
  noun: readonly [string, string];
  narrowed?: boolean;
  /** More can be loaded (for a list that does not count its whole length). */
  more?: boolean;
}) {
  const t = useT();
  const word = (n: number) => (n === 1 ? noun[0] : noun[1]);
  let text: string;
  if (narrowed) {
    const matches = total ?? shown;
    text =
      matches > shown
        ? t("list.matchesShowing", { count: matches, noun: noun[1], shown })
        : t("list.matches", { count: matches, noun: word(matches) });
  } else if (total !== null && total !== undefined && total > shown) text = t("list.showingOf", { shown, total, noun: word(total) });
  else if ((total === null || total === undefined) && more) text = t("list.showing", { shown, noun: word(shown) });
  else text = t("list.count", { count: shown, noun: word(shown) });
  return (
    <p className={`${styles.count} list-count`} role="status" aria-live="polite">
      {text}
    </p>
  );
}
