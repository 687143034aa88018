// Small pieces shared by the environmental panels and screens: the stale-data notice, the credit
// line every use of the data carries, the map pin, error texts and the panel frame.
import type { ReactNode } from "react";
import type { CombinedError } from "urql";
import { errorCode, errorText as readError } from "../../lib/errors.ts";
import { timeAgo } from "./times.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { translateServerMessage } from "../../lib/i18n/server-messages.ts";
import { environmentTexts } from "./texts.ts";
import styles from "./environment.module.css";

/** The first error message from the server (spec section 8), or the offline message; "" for no error. */
export function errorText(error: CombinedError | null | undefined, fallback = "An error occurred"): string {
  return error ? readError(error, fallback) : "";
}

export { errorCode };

export interface SourceMeta {
  fetchedAt?: string | null;
  stale?: boolean | null;
  source?: string | null;
  notice?: string | null;
  attribution?: string | null;
  licence?: string | null;
}

/** The notice shown when the source could not be reached and older saved data is shown. */
export function StaleNotice({ meta }: { meta: SourceMeta | null | undefined }) {
  const t = useT(environmentTexts);
  if (!meta?.stale) return null;
  return (
    <p className={`${styles.notice} env-notice`} role="status">
      <span aria-hidden="true">⚠</span> {meta.notice ? translateServerMessage(meta.notice) : t("env.staleNotice")}
    </p>
  );
}

/** The credit line (and licence, and when the data was fetched). */
export function Attribution({ meta, extra }: { meta: SourceMeta | null | undefined; extra?: ReactNode }) {
  const t = useT(environmentTexts);
  if (!meta?.attribution && !extra) return null;
  const fetched = meta?.fetchedAt ? timeAgo(meta.fetchedAt) : "";
  return (
    <p className={styles.attribution}>
      {meta?.attribution ? <span>{capitalise(meta.attribution)}</span> : null}
      {meta?.licence && !(meta.attribution ?? "").includes(meta.licence) ? <span> · {meta.licence}</span> : null}
      {fetched ? <span> · {t("env.fetched", { ago: fetched })}</span> : null}
      {extra ? <span> · {extra}</span> : null}
    </p>
  );
}

function capitalise(text: string): string {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** A map pin in a colour, for markers (its point is at the bottom centre). */
export function MapPin({ colour = "#446d44", size = 34, title }: { colour?: string; size?: number; title?: string }) {
  return (
    <svg
      className={styles.pin}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden={title ? undefined : true}
      role={title ? "img" : undefined}
    >
      {title ? <title>{title}</title> : null}
      <path
        d="M12 1.5c-4.4 0-8 3.4-8 7.8 0 5.6 6.9 12.4 7.2 12.7a1.1 1.1 0 0 0 1.6 0c.3-.3 7.2-7.1 7.2-12.7 0-4.4-3.6-7.8-8-7.8z"
        fill={colour}
        stroke="#fff"
        strokeWidth="1.6"
      />
      <circle cx="12" cy="9.3" r="3.1" fill="#fff" />
    </svg>
  );
}

export { DropIcon } from "./icons.tsx";

/** The frame of an environmental panel: a card with a heading. */
export function Panel({
  id,
  title,
  headingLevel = 2,
  aside,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  headingLevel?: 2 | 3;
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h2";
  return (
    <section className={className ? `${styles.panel} ${className}` : styles.panel} aria-labelledby={id}>
      <div className={styles.panelHead}>
        <Heading id={id} className={styles.panelTitle}>
          {title}
        </Heading>
        {aside ? <div className={styles.panelAside}>{aside}</div> : null}
      </div>
      {children}
    </section>
  );
}

/** A loading line inside a panel. */
export function PanelLoading({ label }: { label: string }) {
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** An error inside a panel, with a retry button. */
export function PanelError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const t = useT(environmentTexts);
  return (
    <div className={styles.error} role="alert">
      <p>{message}</p>
      {onRetry ? (
        <button type="button" className="button button-secondary button-small" onClick={onRetry}>
          {t("list.tryAgain")}
        </button>
      ) : null}
    </div>
  );
}
