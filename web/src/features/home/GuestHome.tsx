// A guest's home: what this is (the brand's own sentences), public figures and quick actions,
// what a dashboard would show once signed in, recent activity, the public things at a glance,
// the gallery, recently viewed things and more links.
import { useEffect, useMemo } from "react";
import { Link } from "react-router";
import { useQuery } from "urql";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { paths } from "../../routes/paths.ts";
import { GuidedTour, useTour } from "../tour/GuidedTour.tsx";
import { HOME_TOUR_ID, homeTourSteps } from "../tour/home-tour.tsx";
import { ActivityCard } from "./ActivityCard.tsx";
import { GallerySection } from "./GallerySection.tsx";
import { MoreLinks, TourButton } from "./HomeLinks.tsx";
import { OfflineBanner } from "../offline/OfflineBanner.tsx";
import { QuickActions } from "./QuickActions.tsx";
import { RecentThingsCard, useRecentVisits } from "./RecentThingsCard.tsx";
import {
  HomeCard,
  OverviewFigures,
  SectionError,
  SignInPrompt,
  SkeletonRows,
  ThingsAtAGlance,
  Unavailable,
  type Figure,
} from "./home-sections.tsx";
import { colourCounts, needingWater, totalOf } from "./home-data.ts";
import { CompassIcon, DropIcon, PlusIcon, StarIcon, TaskIcon, TrophyIcon } from "./icons.tsx";
import { forgetSavedDashboards } from "./saved-dashboard.ts";
import { HomePublicDocument as publicQuery } from "./HomePublic.generated.ts";
import styles from "./home.module.css";
import { homeTexts } from "./texts.ts";

export function GuestHome() {
  const b = useBranding();
  const t = useT(homeTexts);
  const brand = { brand: b.key };
  const [result, refetch] = useQuery({ query: publicQuery, requestPolicy: "cache-and-network" });
  const tour = useTour(HOME_TOUR_ID, "guest");
  // Nothing of a member's dashboard stays on the device once nobody is signed in.
  useEffect(() => forgetSavedDashboards(), []);
  const steps = useMemo(() => homeTourSteps(b, false), [b]);
  const visits = useRecentVisits();
  const data = result.data;
  const loading = result.fetching && !data;
  const failed = Boolean(result.error) && !data;
  const counts = useMemo(() => (data ? colourCounts(data) : null), [data]);
  const figures: Figure[] = [
    { key: "things", label: t("home.figures.publicThings", brand), value: counts ? totalOf(counts) : null, to: "/things" },
    { key: "water", label: t("home.figures.needWater"), value: counts ? counts.red + counts.orange : null, to: "/map" },
    { key: "groups", label: t("home.figures.groups", brand), value: result.data?.allGroups?.totalCount ?? null, to: "/groups" },
    { key: "devices", label: t("home.figures.sensors"), value: result.data?.allDevices?.totalCount ?? null, to: "/devices" },
  ];

  return (
    <section className={`page ${styles.home}`} aria-labelledby="page-title">
      <OfflineBanner />
      <header className={`${styles.hero} ${styles.heroGuest}`}>
        <div>
          <h1 id="page-title">{t("home.guest.welcome", { product: b.name })}</h1>
          <p className="lead">{t("layout.tagline", brand)}</p>
          <ul className={styles.what}>
            <li>
              <strong>{t("home.guest.lookAfter")}</strong> {t("home.guest.lookAfterText", brand)}
            </li>
            <li>
              <strong>{t("home.guest.record")}</strong> {t("home.guest.recordText")}
            </li>
            <li>
              <strong>{t("home.guest.join")}</strong> {t("home.guest.joinText", brand)}
            </li>
          </ul>
          <div className="hero-actions">
            <Link to={paths.signIn()} className="button">
              {t("home.signIn")}
            </Link>
            <Link to={paths.register()} className="button button-secondary">
              {t("home.createAccount")}
            </Link>
            <TourButton onClick={tour.start} />
          </div>
        </div>
      </header>

      {result.error && !result.data ? (
        <SectionError
          error={result.error}
          onRetry={() => {
            refetch({ requestPolicy: "network-only" });
            visits.retry();
          }}
        />
      ) : null}

      <OverviewFigures figures={figures} loading={loading} label={t("home.figures.public")} />

      <QuickActions
        label={t("home.quick.label")}
        actions={[
          { to: paths.signIn("/"), icon: DropIcon, title: t("home.quick.record"), sub: t("home.quick.signInFirst") },
          { to: "/things/nearest", icon: CompassIcon, title: t("home.quick.nearest", brand), sub: t("home.quick.nearestSub") },
          { to: "/things", icon: PlusIcon, title: t("home.quick.browse", brand), sub: t("home.quick.browseSub") },
        ]}
      />

      <div className={styles.grid}>
        <div className={styles.column}>
          <HomeCard title={t("home.guest.dashboard")} tour="things">
            <SignInPrompt>{t("home.guest.dashboardText", brand)}</SignInPrompt>
            <ul className={styles.memberList}>
              <li data-tour="tasks">
                <TaskIcon size={20} /> {t("home.guest.tasks")}
              </li>
              <li data-tour="badges">
                <TrophyIcon size={20} /> {t("home.guest.badges")}
              </li>
              <li>
                <StarIcon size={20} /> {t("home.guest.groups", brand)}
              </li>
            </ul>
          </HomeCard>
          <ActivityCard signedIn={false} limit={6} />
        </div>
        <div className={styles.column}>
          <HomeCard title={t("home.glance.title", brand)} tour="map">
            {loading ? (
              <SkeletonRows rows={3} />
            ) : failed || !counts ? (
              <Unavailable />
            ) : (
              <ThingsAtAGlance counts={counts} needsWater={needingWater(data?.needsWater?.nodes ?? [])} b={b} scope="public" />
            )}
          </HomeCard>
        </div>
      </div>

      <GallerySection slides={data?.gallery?.nodes ?? []} b={b} loading={loading} failed={failed} />
      <RecentThingsCard visits={visits} b={b} />
      <MoreLinks signedIn={false} />

      {tour.open ? <GuidedTour label={t("home.tourLabel")} steps={steps} onClose={tour.close} /> : null}
    </section>
  );
}
