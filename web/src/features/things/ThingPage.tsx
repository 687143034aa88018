// /things/{id}/{tab}: one thing, its header and its tabs (spec section 2). The thing must exist
// (a not-found message otherwise). Live changes arrive through the thingUpdated subscription:
// readings and colours update in place, a new action refreshes what shows it.
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useSubscription } from "urql";
import { Loading } from "../../components/Loading.tsx";
import { TabNav } from "../../components/TabNav.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { THING_TABS, paths, type ThingTab } from "../../routes/paths.ts";
import { errorText } from "./errors.ts";
import { addRecentThing, removeRecentThing } from "./recent-things.ts";
import { IndicatorBadge, ThingPicture } from "./ThingBits.tsx";
import { useWaterNeedReason } from "../../lib/i18n/water-need-reason.ts";
import { ReportButton } from "../moderation/ReportButton.tsx";
import { thingTypeLabel } from "./thing-meta.ts";
import { useThing } from "./use-thing.ts";
import { preloadThingData } from "./first-data.ts";
import { ThingUpdatedDocument as ThingUpdatedSubscription } from "./ThingUpdated.generated.ts";
import styles from "./things.module.css";
import { NeedBadge } from "../../components/water-need/NeedLegend.tsx";
import { needStyle } from "../../components/water-need/water-need.ts";
import { thingsTexts } from "./texts.ts";
import { thingWordsTexts } from "./thing-words.ts";

// Each tab's code loads when its tab is shown: a visit shows one tab, and the page's header (its
// name, picture and need: the largest paint) should not wait for the code of the other seven
// (issue 27). Not asked for earlier on purpose: on a slow network the tab's code, downloading
// while the thing's data is on its way, held the data (and so the header) back by half a second.
const ThingDashboard = lazy(() => import("./ThingDashboard.tsx").then((m) => ({ default: m.ThingDashboard })));
const ThingCollaborators = lazy(() => import("./ThingCollaborators.tsx").then((m) => ({ default: m.ThingCollaborators })));
const ThingTimeline = lazy(() => import("./ThingTimeline.tsx").then((m) => ({ default: m.ThingTimeline })));
const ThingLocation = lazy(() => import("./ThingLocation.tsx").then((m) => ({ default: m.ThingLocation })));
const ThingSoilscape = lazy(() => import("./ThingSoilscape.tsx").then((m) => ({ default: m.ThingSoilscape })));
const ThingWeather = lazy(() => import("./ThingWeather.tsx").then((m) => ({ default: m.ThingWeather })));
const HistoryPanel = lazy(() => import("../moderation/HistoryPanel.tsx").then((m) => ({ default: m.HistoryPanel })));
const ThingReadings = lazy(() => import("./ThingReadings.tsx").then((m) => ({ default: m.ThingReadings })));

/** Counts live events of one thing; screens refetch what the cache cannot update by itself. */
function useThingEvents(id: string, pause: boolean) {
  const [result] = useSubscription({
    query: ThingUpdatedSubscription,
    variables: { id },
    pause,
  });
  const [events, setEvents] = useState<{ count: number; last: string | null }>({ count: 0, last: null });
  useEffect(() => {
    const event = result.data?.thingUpdated?.event;
    // Chat replies concern only the chat panel, which listens for them itself.
    if (event && event !== "chat") setEvents((current) => ({ count: current.count + 1, last: event }));
  }, [result.data]);
  return events;
}

export function ThingNotFound() {
  const b = useBranding();
  const t = useT(thingsTexts, thingWordsTexts);
  const brand = { brand: b.key };
  return (
    <section className={`${styles.missing} page`} aria-labelledby="page-title">
      <h1 id="page-title">{t("things.notFound", brand)}</h1>
      <p className="lead">{t("things.notFoundText", brand)}</p>
      <p>
        <Link to="/things" className="button">
          {t("things.seeAll", brand)}
        </Link>
      </p>
    </section>
  );
}

/** Asked before the first render when the page opens on a thing: the thing itself. */
export const preloadData = preloadThingData;

export default function ThingPage() {
  const b = useBranding();
  const t = useT(thingsTexts, thingWordsTexts);
  const brand = { brand: b.key };
  const { id = "", tab = "dashboard" } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const { thing, loading, missing, fetching, error, refetch } = useThing(id);
  const found = Boolean(thing);
  const events = useThingEvents(id, !found);
  const reason = useWaterNeedReason(thing);
  const page = useRef<HTMLElement>(null);

  // Remember the visit (spec section 2: recent things), and forget things that are gone.
  useEffect(() => {
    if (found) addRecentThing(id);
    else if (missing && !fetching) removeRecentThing(id);
  }, [found, missing, fetching, id]);

  // A new action or an edit: refresh the parts the subscription's fields do not cover.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to a new event (its count); the values it uses are read at that moment
  useEffect(() => {
    if (events.count === 0) return;
    if (events.last === "delete") {
      notify.info(t("things.deletedNotice", brand));
      navigate("/things", { replace: true });
      return;
    }
    refetch();
  }, [events.count]);

  // On narrow screens the tab strip scrolls sideways: keep the open tab in sight.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls the open tab into sight when the tab or the page's content changes
  useEffect(() => {
    const active = page.current?.querySelector<HTMLElement>(".tab-nav .tab.active");
    const strip = active?.closest("ul");
    if (active && strip && strip.scrollWidth > strip.clientWidth) {
      const offset = active.getBoundingClientRect().left - strip.getBoundingClientRect().left + strip.scrollLeft;
      strip.scrollLeft = Math.max(0, offset - (strip.clientWidth - active.offsetWidth) / 2);
    }
  }, [tab, found]);

  if (!thing && !missing) {
    if (error) {
      return (
        <section className="page" aria-labelledby="page-title">
          <h1 id="page-title">{t("things.thing", brand)}</h1>
          <div className="form-error" role="alert">
            {errorText(error, t("things.errorOccurred"))}{" "}
            <button type="button" className="button button-secondary" onClick={refetch}>
              {t("things.tryAgain")}
            </button>
          </div>
        </section>
      );
    }
    if (loading) return <Loading label={t("things.loadingThing", brand)} />;
  }
  if (!thing) return <ThingNotFound />;

  const current = tab as ThingTab;
  const group = thing.groupByGroupId;

  return (
    <section className="page" aria-labelledby="page-title" ref={page}>
      <header className={styles.header}>
        <ThingPicture id={thing.id} name={thing.name} hasImage={thing.hasImage} type={thing.type} size={88} variant="thumb" />
        <div className={styles.heading}>
          <h1 id="page-title">{thing.name}</h1>
          <p className={styles.subtitle}>
            <span>{thingTypeLabel(thing.type, t)}</span>
            {group ? (
              <>
                <span aria-hidden="true"> · </span>
                <Link to={paths.group(group.id)}>{group.name}</Link>
              </>
            ) : null}
            <span className={`tag${thing.isPublic ? "" : " tag-warning"}`}>
              {thing.isPublic ? t("things.public") : t("things.private")}
            </span>
          </p>
          <p className={styles.need} data-testid="thing-need">
            <NeedBadge need={thing.waterNeed} size={20} />
            <span>
              <strong>{t(`need.${needStyle(thing.waterNeed).need}.label`)}.</strong>{" "}
              {reason ?? t(`need.${needStyle(thing.waterNeed).need}.meaning`)}
            </span>
          </p>
          {thing.hiddenAt ? (
            <p className={styles.hiddenBanner} role="status">
              {t("things.hiddenByAdmin", brand)}
            </p>
          ) : null}
          {/* The sensor's own colour, for things that have a sensor reading. */}
          {thing.lastSensorData ? <IndicatorBadge colour={thing.indicatorColour} parameter={thing.indicatorParameter} /> : null}
        </div>
        <div className={styles.headerActions}>
          {thing.canEdit ? (
            <>
              <Link to={paths.thingEdit(thing.id)} className="button button-secondary">
                {t("things.edit")}
              </Link>
              <Link to={paths.thingSettings(thing.id)} className="button button-secondary">
                {t("things.settings")}
              </Link>
            </>
          ) : null}
          <ReportButton targetType="THING" targetId={thing.id} />
          {thing.hasImage ? <ReportButton targetType="PICTURE" pictureOf="thing" targetId={thing.id} /> : null}
        </div>
      </header>

      <TabNav
        base={`/things/${encodeURIComponent(thing.id)}`}
        tabs={THING_TABS.map((tab) => ({ tab, label: t(`things.tab.${tab}`) }))}
        label={t("things.sections", brand)}
      />

      {/* "… tab": the panels inside carry the bare names (Weather, Timeline), and landmarks should differ. */}
      <div className={styles.tab} role="region" aria-label={t("things.tabRegion", { tab: t(`things.tab.${current}`) })}>
        <Suspense fallback={<Loading />}>
          {current === "dashboard" ? (
            <ThingDashboard thing={thing} onChanged={refetch} />
          ) : current === "collaborators" ? (
            <ThingCollaborators thing={thing} onChanged={refetch} />
          ) : current === "timeline" ? (
            <ThingTimeline thing={thing} liveCount={events.count} onChanged={refetch} />
          ) : current === "location" ? (
            <ThingLocation thing={thing} />
          ) : current === "soilscape" ? (
            <ThingSoilscape thing={thing} />
          ) : current === "weather" ? (
            <ThingWeather thing={thing} />
          ) : current === "history" ? (
            <HistoryPanel targetType="thing" targetId={thing.id} onRestored={refetch} />
          ) : (
            <ThingReadings thing={thing} liveCount={events.count} />
          )}
        </Suspense>
      </div>
    </section>
  );
}
