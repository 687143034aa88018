// /things/nearest: reads the device's location (high accuracy, 30 s), asks for the nearest
// visible thing within NEAREST_MAX_KM (nearestThing, ranked by metres in the database) and opens
// its dashboard with a notice saying how far it is; with no location, or none within the radius
// ("No things within 20 km of you"), it falls back to /things (spec sections 2 and 8).
// Failures show a negative notice.
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useClient } from "urql";
import { useAppConfig } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { paths } from "../../routes/paths.ts";
import { errorText } from "./errors.ts";
import { failureNotice, getCurrentPosition } from "../../lib/geolocation.ts";
import { PinIcon } from "./icons.tsx";
import { foundText, noneWithinText } from "./nearest.ts";
import { NearestThingDocument as NearestThingQuery } from "./NearestThing.generated.ts";
import styles from "./things.module.css";
import { thingsTexts } from "./texts.ts";
import { thingWordsTexts } from "./thing-words.ts";

/** How long the reason shows before the list opens. */
export const FALLBACK_DELAY_MS = 1500;

export default function NearestThingPage() {
  const { branding: b, nearestMaxKm } = useAppConfig();
  const t = useT(thingsTexts, thingWordsTexts);
  const brand = { brand: b.key };
  const client = useClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const [step, setStep] = useState<"locating" | "searching" | "fallback">("locating");
  const [fallbackText, setFallbackText] = useState("");
  const started = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Falling back to the list: a moment on this page first, so the reason can be read here too.
    const fallBack = (text: string) => {
      setFallbackText(text);
      setStep("fallback");
      timer.current = setTimeout(() => navigate("/things", { replace: true }), FALLBACK_DELAY_MS);
    };
    (async () => {
      let position: Awaited<ReturnType<typeof getCurrentPosition>>;
      try {
        position = await getCurrentPosition();
      } catch (error) {
        const message = failureNotice(error);
        notify.negative(message);
        fallBack(message);
        return;
      }
      setStep("searching");
      const result = await client
        .query(
          NearestThingQuery,
          { latitude: position.latitude, longitude: position.longitude, maxDistanceMetres: Math.round(nearestMaxKm * 1000) },
          { requestPolicy: "network-only" },
        )
        .toPromise();
      const nearest = result.data?.nearestThing?.nodes?.[0];
      if (nearest) {
        notify.info(foundText(b, nearest.name, nearest.distanceMetres, t));
        navigate(paths.thing(nearest.id), { replace: true });
        return;
      }
      const message = result.error ? errorText(result.error, t("things.errorOccurred")) : noneWithinText(b, nearestMaxKm, t);
      if (result.error) notify.negative(message);
      else notify.info(message);
      fallBack(message);
    })();
  }, [client, navigate, notify, b, nearestMaxKm, t]);

  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t("things.nearest.title", brand)}</h1>
      <div className={styles.nearestStatus} role="status" aria-live="polite">
        <span className={styles.nearestPulse} aria-hidden="true">
          <PinIcon size={28} />
        </span>
        <p className="lead">
          {step === "locating"
            ? t("things.nearest.locating")
            : step === "searching"
              ? t("things.nearest.searching", brand)
              : t("things.nearest.fallback", { ...brand, reason: fallbackText })}
        </p>
      </div>
      {step === "fallback" ? (
        <p>
          <Link to="/things">{t("things.nearest.goNow")}</Link>
        </p>
      ) : null}
    </section>
  );
}
