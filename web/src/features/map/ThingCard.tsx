// A thing on the map, in the popup (desktop) or the bottom sheet (phone): picture, name, water need
// and why, last watered (when, by whom, litres) and the rain since, who looks after it (adoption), the sensor's reading if any, and "Record watering"
// in one tap for those who may (owners, collaborators, admins: Thing.canRecordAction), with Undo.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useQuery } from "urql";
import { LITRES_QUICK_PICKS } from "../../../../shared/validation.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { formatTime } from "../../lib/dates.ts";
import { formatLitres } from "../../lib/litres.ts";
import { paths } from "../../routes/paths.ts";
import { ThingPicture } from "../things/ThingBits.tsx";
import { formatRelative } from "../things/thing-meta.ts";
import { thingTypeLabel } from "../../lib/thing-types.ts";
import { NeedBadge } from "../../components/water-need/NeedLegend.tsx";
import { useRecordWatering, type WateringState } from "./use-record-watering.ts";
import { needStyle } from "../../components/water-need/water-need.ts";
import { MapThingCardDocument as MapThingCard } from "./MapThingCard.generated.ts";
import { AdoptionPanel } from "../adoption/AdoptionPanel.tsx";
import { useWaterNeedReason } from "../../lib/i18n/water-need-reason.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { errorText } from "../../lib/errors.ts";
import { translateServerMessage } from "../../lib/i18n/server-messages.ts";
import { mapTexts, type MapT, mapEnglishT } from "./texts.ts";
import styles from "./map.module.css";

export interface CardThing {
  id: string;
  name: string;
  type: string;
  isPublic: boolean;
  hasImage: boolean;
  waterNeed: string;
  waterNeedReason: string | null;
  waterNeedReasonParts?: unknown;
  water: number | null;
  lastSensorData: string | null;
  canRecordAction: boolean | null;
  /** mm of rain since the last watering (null when no watering or no rain data). */
  rainSinceLastWateringMm: number | null;
  lastWatering: {
    id: string;
    createdAt: string;
    litres: number | null;
    userByCreatedBy: { id: string; username: string; name: string | null } | null;
  } | null;
}

/** "Watered just now by ann, 20 L; 3 mm rain since" / "No watering recorded yet". */
export function lastWateredText(
  w: CardThing["lastWatering"],
  now = Date.now(),
  rainMm: number | null = null,
  t: MapT = mapEnglishT,
): string {
  if (!w) return t("card.noWatering");
  return t("card.watered", {
    when: formatRelative(w.createdAt, now),
    who: w.userByCreatedBy ? w.userByCreatedBy.name || w.userByCreatedBy.username : "none",
    litres: w.litres !== null && w.litres !== undefined ? formatLitres(w.litres) : "none",
    rain: rainMm === null || rainMm === undefined ? "none" : rainMm < 0.05 ? "zero" : rainMm.toFixed(1),
  });
}

/** "Watering of 20 L sent at <time>14:05</time>. Thank you!": the time as an element inside the sentence. */
function sentAt(t: MapT, litres: string, time: ReactNode) {
  const [before, after = ""] = t("card.sentAt", { litres, time: "\u0001" }).split("\u0001");
  return (
    <>
      {before}
      {time}
      {after}
    </>
  );
}

function WateringButtons({
  thingId,
  thingName,
  state,
  record,
  undo,
  discard,
}: { thingId: string; thingName: string } & ReturnType<typeof useRecordWatering>) {
  const t = useT(mapTexts);
  const litresOf = (litres: number | null) => (litres !== null ? formatLitres(litres) : "none");
  const busy = state.step === "saving" || state.step === "undoing";
  if (state.step === "done" || state.step === "undoing") {
    return (
      <p className={`${styles.cardRecorded} map-card-recorded`} role="status">
        <span>{t("card.recorded", { litres: litresOf(state.litres) })}</span>
        <button type="button" className="button button-secondary" onClick={undo} disabled={busy}>
          {t("card.undo")}
        </button>
      </p>
    );
  }
  if (state.step === "queued") {
    return (
      <p className={`${styles.cardRecorded} map-card-recorded`} role="status">
        <span>{t("card.queued", { litres: litresOf(state.litres) })}</span>
        <button type="button" className="button button-secondary" onClick={discard}>
          {t("card.undo")}
        </button>
      </p>
    );
  }
  if (state.step === "sent") {
    return (
      <p className={`${styles.cardRecorded} map-card-recorded`} role="status">
        <span>{sentAt(t, litresOf(state.litres), <time dateTime={state.at}>{formatTime(state.at)}</time>)}</span>
      </p>
    );
  }
  return (
    <div className={styles.cardRecord} data-thing-id={thingId}>
      <button type="button" className={`button ${styles.cardWater}`} onClick={() => record(null, thingName)} disabled={busy}>
        {state.step === "saving" ? t("card.recording") : t("card.record")}
      </button>
      <span className={styles.cardPicks} role="group" aria-label={t("card.recordWithLitres")}>
        {LITRES_QUICK_PICKS.map((litres) => (
          <button
            key={litres}
            type="button"
            className="litres-pick"
            onClick={() => record(litres, thingName)}
            disabled={busy}
            aria-label={t("card.recordLitres", { litres })}
          >
            {litres} L
          </button>
        ))}
      </span>
      {state.step === "undone" ? (
        <p className={styles.cardNote} role="status">
          {t("card.takenBack")}
        </p>
      ) : null}
      {state.step === "failed" ? (
        <p className={styles.cardError} role="alert">
          {translateServerMessage(state.message)}
        </p>
      ) : null}
    </div>
  );
}

export function ThingCardBody({
  thing,
  watering,
  signedIn,
}: {
  thing: CardThing;
  watering: ReturnType<typeof useRecordWatering>;
  signedIn: boolean;
}) {
  const b = useBranding();
  const t = useT(mapTexts);
  const brand = { brand: b.key };
  const need = needStyle(thing.waterNeed);
  const reason = useWaterNeedReason(thing);
  const state: WateringState = watering.state;
  return (
    <div className="map-card" data-need={need.need}>
      <div className={styles.cardHead}>
        <ThingPicture id={thing.id} name={thing.name} hasImage={thing.hasImage} type={thing.type} size={56} variant="thumb" />
        <div>
          <h3 className={styles.popupTitle}>
            <Link to={paths.thing(thing.id)}>{thing.name}</Link>
          </h3>
          <p className={styles.popupMeta}>
            {thingTypeLabel(thing.type, t)}
            {thing.isPublic ? "" : t("card.private")}
          </p>
        </div>
      </div>
      <p className={`${styles.cardNeed} map-card-need`}>
        <NeedBadge need={thing.waterNeed} size={20} />
        <span>
          <strong>{t(`need.${need.need}.label`)}.</strong> {reason ?? t(`need.${need.need}.meaning`)}
        </span>
      </p>
      <p className={styles.cardLast} data-testid="last-watered">
        {lastWateredText(thing.lastWatering, Date.now(), thing.rainSinceLastWateringMm, t)}
      </p>
      <AdoptionPanel thingId={thing.id} compact />
      {thing.lastSensorData && thing.water !== null ? (
        <p className={styles.cardSensor}>
          {t("card.sensor", { percent: Math.round(thing.water), when: formatRelative(thing.lastSensorData) })}
        </p>
      ) : null}
      {thing.canRecordAction ? (
        <WateringButtons thingId={thing.id} thingName={thing.name} {...watering} />
      ) : signedIn ? (
        <p className={styles.cardNote}>
          {t("card.ownersOnly")} <Link to={paths.thing(thing.id)}>{t("card.openThing", brand)}</Link>
        </p>
      ) : (
        <p className={styles.cardNote}>
          <Link to={paths.signIn(paths.thing(thing.id))}>{t("card.signIn")}</Link>
          {t("card.signInToRecord")}
        </p>
      )}
      {state.step === "idle" || state.step === "failed" || state.step === "undone" ? (
        <p className={styles.popupActions}>
          <Link to={paths.thing(thing.id)}>{t("card.open", brand)}</Link>
        </p>
      ) : null}
    </div>
  );
}

/** The card of one thing, loaded by id (the map's answer has only what a marker needs). */
export function ThingCard({ thingId, signedIn, onChanged }: { thingId: string; signedIn: boolean; onChanged?: () => void }) {
  const [result] = useQuery({
    query: MapThingCard,
    variables: { id: thingId },
    requestPolicy: "cache-and-network",
  });
  const watering = useRecordWatering(thingId, onChanged);
  const t = useT(mapTexts);
  const thing = result.data?.thingById;
  if (!thing) {
    return result.error ? (
      <p className={styles.popupError}>{errorText(result.error, t("common.anErrorOccurred"))}</p>
    ) : (
      <p className="muted">{t("common.loading")}</p>
    );
  }
  return <ThingCardBody thing={thing} watering={watering} signedIn={signedIn} />;
}
