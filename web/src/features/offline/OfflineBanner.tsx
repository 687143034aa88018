// The offline notice: shown while the browser has no network or the page came from the service
// worker's cache because the server could not be reached; once back, a short note with a reload.
// <OfflineBanner /> at the top of a screen (the home, scorer and feedback screens render it), or
// <OfflineBanner global /> once in the layout for every screen: while a global one is mounted, the
// screens' own banners stay empty, so the notice never shows twice.
import { useEffect, useId, useSyncExternalStore } from "react";
import { useConnection, type ConnectionStore } from "../../lib/connection.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import styles from "./offline-banner.module.css";

// Which banners are mounted, so only one speaks: a global one, else the first screen one.
const banners = new Map<string, boolean>();
const bannerListeners = new Set<() => void>();
let bannerVersion = 0;
function changed() {
  bannerVersion += 1;
  for (const listener of [...bannerListeners]) listener();
}
function subscribeBanners(listener: () => void) {
  bannerListeners.add(listener);
  return () => bannerListeners.delete(listener);
}
const bannerSnapshot = () => bannerVersion;

function speaker(): string | undefined {
  for (const [id, global] of banners) if (global) return id;
  return banners.keys().next().value;
}

export function OfflineBanner({ store, global = false }: { store?: ConnectionStore; global?: boolean }) {
  const t = useT();
  const id = useId();
  useSyncExternalStore(subscribeBanners, bannerSnapshot, bannerSnapshot);
  useEffect(() => {
    banners.set(id, global);
    changed();
    return () => {
      banners.delete(id);
      changed();
    };
  }, [id, global]);
  const state = useConnection(store);
  const speaks = speaker() === id;
  const mode = !speaks ? "none" : state.offline ? "offline" : state.recovered ? "back" : "none";
  // One live region whose content changes, so screen readers announce each change.
  return (
    <div
      className={mode === "none" ? "offline-region" : mode === "back" ? `${styles.banner} ${styles.back}` : styles.banner}
      role="status"
      aria-live="polite"
    >
      {mode === "offline" ? (
        <>
          <span className={styles.icon} aria-hidden="true">
            <svg viewBox="0 0 24 24" width="22" height="22" focusable="false">
              <path
                d="M2 8.5a15 15 0 0 1 20 0M5.5 12a10 10 0 0 1 13 0M9 15.5a5 5 0 0 1 6 0"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
              <circle cx="12" cy="19" r="1.6" fill="currentColor" />
              <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </span>
          <span>
            <strong>{t("offline.banner.title")}</strong>{" "}
            {state.reason === "unreachable" ? t("offline.banner.unreachable") : t("offline.banner.saved")} {t("offline.banner.asItWas")}
          </span>
        </>
      ) : mode === "back" ? (
        <>
          <span>
            <strong>{t("offline.banner.back")}</strong> {t("offline.banner.reloadText")}
          </span>
          <button type="button" className="button button-secondary" onClick={() => window.location.reload()}>
            {t("offline.banner.reload")}
          </button>
        </>
      ) : null}
    </div>
  );
}
