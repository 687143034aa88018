// A member's home: the welcome, the map around them, their figures and quick actions, their
// things, tasks and activity beside their things at a glance, badges, groups and devices, then
// the gallery, recently viewed things and more links. Offline (or with the server down) it shows
// the copy of the dashboard saved on this device, and says so.
import { lazy, Suspense, useMemo, useState } from "react";
import { useQuery } from "urql";
import type { Branding } from "../../../../shared/branding.ts";
import { AfterFirstPaint } from "../../components/AfterFirstPaint.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { isNewcomer } from "../../lib/greeting.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { richText } from "../../lib/i18n/rich.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { isAdmin } from "../../lib/session.ts";
import { paths } from "../../routes/paths.ts";
import { formatDateTime, formatRelative } from "../things/thing-meta.ts";
import { thingWordsTexts } from "../things/thing-words.ts";
import { GuidedTour, useTour } from "../tour/GuidedTour.tsx";
import { HOME_TOUR_ID, homeTourSteps } from "../tour/home-tour.tsx";
import { ActivityCard } from "./ActivityCard.tsx";
import { GallerySection } from "./GallerySection.tsx";
import { MoreLinks, TourButton } from "./HomeLinks.tsx";
import { HomeMapSlot } from "./HomeMapSlot.tsx";
import { OfflineBanner } from "../offline/OfflineBanner.tsx";
import { BadgesCard, DevicesCard, GroupsCard } from "./MemberSideCards.tsx";
import { MemberQuickActions } from "./MemberQuickActions.tsx";
import { MyThingsCard } from "./MyThingsCard.tsx";
import { RecentThingsCard, useRecentVisits } from "./RecentThingsCard.tsx";
import { HomeCard, OverviewFigures, SectionError, SkeletonRows, ThingsAtAGlance, Unavailable, type Figure } from "./home-sections.tsx";
import {
  BADGE_ROWS,
  colourCounts,
  greeting,
  MAX_ROWS,
  needingWater,
  orderMyThings,
  startOfWeek,
  type DashboardUser,
  type MyThing,
} from "./home-data.ts";
import { useSavedDashboard } from "./saved-dashboard.ts";
import { HomeDashboardDocument as dashboardQuery } from "./HomeDashboard.generated.ts";
import { HomeThingsDocument as thingsQuery } from "./HomeThings.generated.ts";
import styles from "./home.module.css";
import { homeTexts, type HomeT } from "./texts.ts";

// The tasks card's code (the task list, its forms and confirmations: about a third of the home's
// own code) comes after the first paint: on a phone the card is below the fold, and / should
// load first what / shows first (issue 27).
const AssignedToMe = lazy(() => import("../tasks/index.ts").then((m) => ({ default: m.AssignedToMe })));

/** The things at a glance may show the One Thing (else one of theirs) on a small map. */
function mapFocusOf(focusThing: MyThing | null, isOneThing: boolean, caption: (one: boolean) => string) {
  return focusThing?.location && Number.isFinite(focusThing.location.x) && Number.isFinite(focusThing.location.y)
    ? {
        id: focusThing.id,
        name: focusThing.name,
        latitude: focusThing.location.x,
        longitude: focusThing.location.y,
        indicatorColour: focusThing.indicatorColour,
        caption: caption(isOneThing),
      }
    : null;
}

function memberFigures(user: DashboardUser | null, b: Branding, t: HomeT): Figure[] {
  const brand = { brand: b.key };
  return [
    {
      key: "things",
      label: t("home.figures.myThings", brand),
      value: user?.homeThingsByUserId.totalCount ?? null,
      to: paths.account("things"),
    },
    {
      key: "devices",
      label: t("home.figures.devices"),
      value: user?.deviceAccessesByUserId.totalCount ?? null,
      to: paths.account("devices"),
    },
    { key: "groups", label: t("home.figures.groups", brand), value: user?.groupMembershipsByUserId.totalCount ?? null, to: "/groups" },
    { key: "badges", label: t("home.figures.badges"), value: user?.badgesByUserId.totalCount ?? null, to: paths.account("badges") },
    {
      key: "week",
      label: t("home.figures.week"),
      value: user ? (user.actionCountSince ?? 0) : null,
      to: "/scorer",
    },
  ];
}

export function MemberHome() {
  const b = useBranding();
  const t = useT(homeTexts, thingWordsTexts);
  const brand = { brand: b.key };
  const { session } = useSession();
  // The week's actions are counted from Monday 00:00 in the reader's own time zone.
  const [weekStart] = useState(() => startOfWeek().toISOString());
  const [dashboard, refetchDashboard] = useQuery({
    query: dashboardQuery,
    variables: { weekStart, rows: MAX_ROWS, badgeRows: BADGE_ROWS },
    requestPolicy: "cache-and-network",
  });
  const [thingsResult, refetchThings] = useQuery({ query: thingsQuery, requestPolicy: "cache-and-network" });
  const visits = useRecentVisits();
  const personKey = session?.id ?? "";
  // Offline (or the server down): the copy saved on this device, said so.
  const saved = useSavedDashboard(personKey, dashboard.data);
  const live = dashboard.data?.currentUser ?? null;
  const user = live ?? (dashboard.error ? (saved?.data.currentUser ?? null) : null);
  const fromSaved = !live && Boolean(user);
  const failed = Boolean(dashboard.error) && !dashboard.data && !user;
  const tour = useTour(HOME_TOUR_ID, personKey, { autoStart: Boolean(live) });
  const steps = useMemo(() => homeTourSteps(b, true), [b]);

  const loading = dashboard.fetching && !dashboard.data && !user;
  /** A section's state while there is nothing to show: loading, or unavailable. */
  const pending = (rows: number, label?: string) =>
    loading ? <SkeletonRows rows={rows} label={label} /> : failed ? <Unavailable /> : null;
  const admin = isAdmin(session);
  const myThings = useMemo(() => (user ? orderMyThings(user, admin) : []), [user, admin]);
  const oneThing = myThings.find((entry) => entry.isOneThing)?.thing ?? null;
  const mapFocus = mapFocusOf(oneThing ?? myThings[0]?.thing ?? null, Boolean(oneThing), (one) =>
    one ? t("home.map.yourOneThing", brand) : t("home.map.oneOfYours", brand),
  );
  const things = thingsResult.data;
  const counts = useMemo(() => (things ? colourCounts(things) : null), [things]);
  const thingsLoading = thingsResult.fetching && !thingsResult.data;
  const thingsFailed = Boolean(thingsResult.error) && !thingsResult.data;

  const name = session?.name || user?.name || session?.username || user?.username || "";
  // "Welcome" on the visit that follows registering, "Welcome back" afterwards (lib/greeting.ts).
  const newcomer = isNewcomer(session);
  const welcome = name
    ? t(newcomer ? "home.welcomeNamed" : "home.welcomeBackNamed", { name })
    : t(newcomer ? "home.welcome" : "home.welcomeBack");

  const retryAll = () => {
    refetchDashboard({ requestPolicy: "network-only" });
    refetchThings({ requestPolicy: "network-only" });
    visits.retry();
  };

  return (
    <section className={`page ${styles.home}`} aria-labelledby="page-title">
      <OfflineBanner />
      <header className={styles.hero}>
        <div>
          <p className={styles.eyebrow}>{greeting(new Date(), t)}</p>
          <h1 id="page-title">{welcome}</h1>
          <p className="lead">{oneThing ? t("home.leadOneThing", brand) : t("home.lead", brand)}</p>
        </div>
        <TourButton onClick={tour.start} />
      </header>

      <HomeMapSlot />

      {failed && dashboard.error ? <SectionError error={dashboard.error} onRetry={retryAll} /> : null}
      {fromSaved && saved ? (
        <p className={styles.savedNote}>
          {richText(
            t,
            "home.savedNote",
            {
              when: (
                <time dateTime={saved.at} title={formatDateTime(saved.at)}>
                  {formatRelative(saved.at, undefined, t)}
                </time>
              ),
            },
            {},
          )}{" "}
          <button type="button" className={styles.linkButton} onClick={retryAll}>
            {t("home.tryAgain")}
          </button>
        </p>
      ) : null}

      <OverviewFigures figures={memberFigures(user, b, t)} loading={loading} label={t("home.figures.mine")} />

      <MemberQuickActions oneThing={oneThing} hasThings={myThings.length > 0} known={Boolean(user)} b={b} />

      {/* Below the first screen: drawn once the top has been painted. */}
      <AfterFirstPaint>
        <div className={styles.grid}>
          <div className={styles.column}>
            <MyThingsCard
              myThings={myThings}
              count={user ? user.homeThingsByUserId.totalCount : null}
              pending={pending}
              b={b}
              selfId={personKey}
            />

            <div className={`${styles.card} ${styles.tasks}`} data-tour="tasks">
              <Suspense fallback={<SkeletonRows rows={3} />}>
                <AssignedToMe limit={MAX_ROWS} />
              </Suspense>
            </div>

            <ActivityCard selfId={personKey} signedIn />
          </div>

          <div className={styles.column}>
            <HomeCard title={t("home.glance.title", brand)} tour="map">
              {thingsResult.error && !thingsResult.data ? (
                <SectionError error={thingsResult.error} onRetry={() => refetchThings({ requestPolicy: "network-only" })} />
              ) : thingsLoading || !counts ? (
                <SkeletonRows rows={3} />
              ) : (
                <ThingsAtAGlance
                  counts={counts}
                  needsWater={needingWater(things?.needsWater?.nodes ?? [])}
                  b={b}
                  scope="mine"
                  focus={mapFocus}
                />
              )}
            </HomeCard>

            <BadgesCard user={user} pending={pending} />
            <GroupsCard user={user} pending={pending} b={b} />
            <DevicesCard user={user} pending={pending} b={b} />
          </div>
        </div>

        <GallerySection slides={things?.gallery?.nodes ?? []} b={b} loading={thingsLoading} failed={thingsFailed} />
        <RecentThingsCard visits={visits} b={b} />
        <MoreLinks signedIn />
      </AfterFirstPaint>

      {tour.open ? <GuidedTour label={t("home.tourLabel")} steps={steps} onClose={tour.close} /> : null}
    </section>
  );
}
