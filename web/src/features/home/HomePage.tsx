// / : the home dashboard (spec section 2). Members: a welcome by name, the map of the things
// around them with its list (issue 21: the map is the home of the app), overview figures, quick
// actions, their things with the One Thing first, tasks assigned to them, devices, groups,
// badges, recent activity, the things' colours at a glance with the way to the map, recent
// things, a gallery of photos and a guided tour (which starts by itself the first time).
// Guests: what this is, public figures and things, recent activity, and sign-in prompts where
// sign-in is needed.
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { useMutation, useQuery } from "urql";
import { term, type Branding } from "../../../../shared/branding.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { isAdmin } from "../../lib/session.ts";
import { greeting as welcome } from "../../lib/greeting.ts";
import { brandCopy } from "../../../../shared/brand-copy.ts";
import { paths } from "../../routes/paths.ts";
import { AssignedToMe } from "../tasks/index.ts";
import { RECENT_SHOWN, recentThingsVariables, useRecentThings } from "../things/recent-things.ts";
import { formatDateTime, formatRelative } from "../things/thing-meta.ts";
import { GuidedTour, useTour } from "../tour/GuidedTour.tsx";
import { HOME_TOUR_ID, homeTourSteps } from "../tour/home-tour.tsx";
import { GalleryCarousel } from "./GalleryCarousel.tsx";
import {
  ActivityRows,
  BadgeRows,
  DeviceRows,
  EmptyNote,
  GroupRows,
  HomeCard,
  MyThingRow,
  OverviewFigures,
  RecentThingTiles,
  SectionError,
  SignInPrompt,
  SkeletonRows,
  ThingsAtAGlance,
  type Figure,
} from "./home-sections.tsx";
import {
  colourCounts,
  countSince,
  greeting,
  needingWater,
  orderMyThings,
  recentFromAnswer,
  startOfWeek,
  totalOf,
  type GallerySlide,
} from "./home-data.ts";
import { ChatIcon, CompassIcon, DropIcon, PlusIcon, StarIcon, TaskIcon, TrophyIcon } from "./icons.tsx";
import { OfflineBanner } from "./OfflineBanner.tsx";
import { forgetSavedDashboards, useSavedDashboard } from "./saved-dashboard.ts";
import { HomeDashboardDocument as dashboardQuery } from "./HomeDashboard.generated.ts";
import { HomeActivityDocument as activityQuery } from "./HomeActivity.generated.ts";
import { HomeThingsDocument as thingsQuery } from "./HomeThings.generated.ts";
import { HomePublicDocument as publicQuery } from "./HomePublic.generated.ts";
import { HomeRecentThingsDocument as recentQuery } from "./HomeRecentThings.generated.ts";
import { HomeSetOneThingDocument as setOneThingMutation } from "./HomeSetOneThing.generated.ts";
import "./home.css";

// The map and its list, at the top of a member's home (issue 21; docs/decisions.md). Loaded lazily.
const HomeMap = lazy(() => import("../map/HomeMap.tsx").then((m) => ({ default: m.HomeMap })));

/** The map's frame while its code loads: the same heading and room as HomeMap, so nothing below moves when it arrives. */
function HomeMapPlaceholder() {
  return (
    <section className="home-care-map" aria-label="Around you">
      <div className="home-care-map-head">
        <h2>Around you</h2>
        <Link to="/map">Full map and layers</Link>
      </div>
      <div className="home-care-map-stage">
        <div className="home-care-map-loading" role="status">
          Loading the map…
        </div>
      </div>
    </section>
  );
}

const MAX_ROWS = 5;
/** How many recently viewed things the card shows. */
const RECENT_ON_HOME = 6;

export default function HomePage() {
  const { signedIn } = useSession();
  return signedIn ? <MemberHome /> : <GuestHome />;
}

// Shared pieces ------------------------------------------------------------------------------

function useActivity() {
  const [result, refetch] = useQuery({ query: activityQuery, requestPolicy: "cache-and-network" });
  return { result, retry: () => refetch({ requestPolicy: "network-only" }) };
}

/** A section the page could not load (the page says why, once, at the top). */
function Unavailable() {
  return <p className="home-offline-note">Not available right now. This fills in again when the server can be reached.</p>;
}

function ActivityCard({ selfId, signedIn, limit = 10 }: { selfId?: string; signedIn: boolean; limit?: number }) {
  const { result, retry } = useActivity();
  const items = (result.data?.allActions?.nodes ?? []).slice(0, limit);
  return (
    <HomeCard title="Recent activity" link={{ to: "/activity", label: "All activity" }}>
      {result.error && !result.data ? (
        <SectionError error={result.error} onRetry={retry} />
      ) : result.fetching && !result.data ? (
        <SkeletonRows rows={4} label="Loading recent activity…" />
      ) : items.length === 0 ? (
        <EmptyNote>
          No care recorded yet. When someone waters, tidies or checks on something, it shows here.
        </EmptyNote>
      ) : (
        <ActivityRows items={items} selfId={selfId} signedIn={signedIn} />
      )}
    </HomeCard>
  );
}

function GallerySection({
  slides,
  b,
  loading,
  failed = false,
}: {
  /** Things with a picture, most recently cared for first, as the server sends them. */
  slides: GallerySlide[];
  b: Branding;
  loading: boolean;
  failed?: boolean;
}) {
  const title = `${term(b, "things", true)} in pictures`;
  if (failed) {
    return (
      <HomeCard title={title} className="home-gallery-card">
        <Unavailable />
      </HomeCard>
    );
  }
  if (loading) {
    return (
      <HomeCard title={title} className="home-gallery-card">
        <div className="home-shimmer home-gallery-skeleton" role="status" aria-label="Loading photos…" />
      </HomeCard>
    );
  }
  if (!slides.length) {
    return (
      <HomeCard title={title} className="home-gallery-card">
        <EmptyNote action={{ to: "/things", label: `Browse ${term(b, "things")}` }}>
          No photos yet. Add a picture to a {term(b, "thing")} you look after and it joins this gallery.
        </EmptyNote>
      </HomeCard>
    );
  }
  return <GalleryCarousel slides={slides} title={title} />;
}

/**
 * The things visited lately (ids kept on this device), asked of the server by id: whatever their
 * name or colour now, and only those this visitor may still see. Nothing is asked without ids.
 */
function useRecentVisits() {
  const ids = useRecentThings();
  const [result, refetch] = useQuery({
    query: recentQuery,
    variables: recentThingsVariables(ids),
    requestPolicy: "cache-and-network",
    pause: ids.length === 0,
  });
  const recent = useMemo(() => recentFromAnswer(result.data, RECENT_SHOWN, RECENT_ON_HOME), [result.data]);
  const asked = ids.length > 0;
  return {
    recent,
    loading: asked && result.fetching && !result.data,
    failed: asked && Boolean(result.error) && !result.data,
    retry: () => {
      if (asked) refetch({ requestPolicy: "network-only" });
    },
  };
}

type RecentVisits = ReturnType<typeof useRecentVisits>;

function RecentThingsCard({ visits: { recent, loading, failed }, b }: { visits: RecentVisits; b: Branding }) {
  return (
    <HomeCard title={`Recently viewed ${term(b, "things")}`}>
      {loading ? (
        <SkeletonRows rows={2} />
      ) : failed ? (
        <Unavailable />
      ) : recent.length === 0 ? (
        <EmptyNote action={{ to: "/things", label: `Browse ${term(b, "things")}` }}>
          {term(b, "things", true)} you open show here, so you can get back to them quickly.
        </EmptyNote>
      ) : (
        <RecentThingTiles things={recent} />
      )}
    </HomeCard>
  );
}

function TourButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="button button-secondary home-tour-button" onClick={onClick}>
      <CompassIcon size={18} /> Take the tour
    </button>
  );
}

function MoreLinks({ signedIn }: { signedIn: boolean }) {
  return (
    <nav className="home-more" aria-label="More">
      <Link to="/scorer" className="home-more-link">
        <TrophyIcon size={20} />
        <span>
          <strong>Scorer</strong>
          <span className="home-row-meta">Care points by person and group</span>
        </span>
      </Link>
      <Link to="/community" className="home-more-link">
        <StarIcon size={20} />
        <span>
          <strong>Community</strong>
          <span className="home-row-meta">Groups and the people in them</span>
        </span>
      </Link>
      <Link to={signedIn ? "/form" : paths.signIn("/form")} className="home-more-link">
        <ChatIcon size={20} />
        <span>
          <strong>Send feedback</strong>
          <span className="home-row-meta">Ideas, problems, questions</span>
        </span>
      </Link>
    </nav>
  );
}

// Members ------------------------------------------------------------------------------------

function MemberHome() {
  const b = useBranding();
  const { session, store } = useSession();
  const notify = useNotify();
  const [dashboard, refetchDashboard] = useQuery({ query: dashboardQuery, requestPolicy: "cache-and-network" });
  const [thingsResult, refetchThings] = useQuery({ query: thingsQuery, requestPolicy: "cache-and-network" });
  const visits = useRecentVisits();
  const [oneThingState, setOneThing] = useMutation(setOneThingMutation);
  const personKey = session?.id ?? "";
  // Offline (or the server down): the copy saved on this device, said so.
  const saved = useSavedDashboard(personKey, dashboard.data);
  const live = dashboard.data?.currentUser ?? null;
  const user = live ?? (dashboard.error ? (saved?.data.currentUser ?? null) : null);
  const fromSaved = !live && Boolean(user);
  const failed = Boolean(dashboard.error) && !dashboard.data && !user;
  const tour = useTour(HOME_TOUR_ID, personKey, { autoStart: Boolean(live) });
  const steps = useMemo(() => homeTourSteps(b, true), [b]);
  const [weekStart] = useState(() => startOfWeek());

  const loading = dashboard.fetching && !dashboard.data && !user;
  /** A section's state while there is nothing to show: loading, or unavailable. */
  const pending = (rows: number, label?: string) =>
    loading ? <SkeletonRows rows={rows} label={label} /> : failed ? <Unavailable /> : null;
  const admin = isAdmin(session);
  const myThings = useMemo(() => (user ? orderMyThings(user, admin) : []), [user, admin]);
  const oneThing = myThings.find((entry) => entry.isOneThing)?.thing ?? null;
  const focusThing = oneThing ?? myThings[0]?.thing ?? null;
  const mapFocus =
    focusThing?.location && Number.isFinite(focusThing.location.x) && Number.isFinite(focusThing.location.y)
      ? {
          id: focusThing.id,
          name: focusThing.name,
          latitude: focusThing.location.x,
          longitude: focusThing.location.y,
          indicatorColour: focusThing.indicatorColour,
          caption: oneThing ? `Your One ${term(b, "thing", true)}` : `One of your ${term(b, "things")}`,
        }
      : null;
  const things = thingsResult.data;
  const counts = useMemo(() => (things ? colourCounts(things) : null), [things]);
  const thingsLoading = thingsResult.fetching && !thingsResult.data;
  const thingsFailed = Boolean(thingsResult.error) && !thingsResult.data;

  const name = session?.name || user?.name || session?.username || user?.username || "";
  const figures: Figure[] = [
    { key: "things", label: `My ${term(b, "things")}`, value: user?.thingAccessesByUserId.nodes.length ?? null, to: paths.account("things") },
    { key: "devices", label: "Devices", value: user?.deviceAccessesByUserId.nodes.length ?? null, to: paths.account("devices") },
    { key: "groups", label: term(b, "groups", true), value: user?.groupMembershipsByUserId.nodes.length ?? null, to: "/groups" },
    { key: "badges", label: "Badges", value: user?.badgesByUserId.nodes.length ?? null, to: paths.account("badges") },
    {
      key: "week",
      label: "Actions this week",
      value: user ? countSince(user.actionsByCreatedBy.nodes, weekStart) : null,
      to: "/scorer",
    },
  ];

  const makeOneThing = async (thingId: string | null) => {
    if (!session) return;
    const result = await setOneThing({ userId: session.id, thingId });
    if (result.error) {
      notify.negative(result.error.graphQLErrors[0]?.message || "Action failed");
      return;
    }
    const current = store.get();
    if (current) store.set({ ...current, oneThingId: thingId });
    const thing = myThings.find((entry) => entry.thing.id === thingId)?.thing;
    notify.positive(
      thingId && thing
        ? `${thing.name} is now your One ${term(b, "thing", true)}`
        : `You no longer have a One ${term(b, "thing", true)}`,
    );
  };

  const retryAll = () => {
    refetchDashboard({ requestPolicy: "network-only" });
    refetchThings({ requestPolicy: "network-only" });
    visits.retry();
  };

  return (
    <section className="page home" aria-labelledby="page-title">
      <OfflineBanner />
      <header className="home-hero">
        <div>
          <p className="home-eyebrow">{greeting()}</p>
          <h1 id="page-title">{welcome(session, name)}</h1>
          <p className="lead">
            {oneThing
              ? `Here is how your ${term(b, "things")} are doing, and what needs you today.`
              : `Here is how your ${term(b, "things")}, ${term(b, "groups")} and tasks are doing.`}
          </p>
        </div>
        <TourButton onClick={tour.start} />
      </header>

      <Suspense fallback={<HomeMapPlaceholder />}>
        <HomeMap />
      </Suspense>

      {failed && dashboard.error ? <SectionError error={dashboard.error} onRetry={retryAll} /> : null}
      {fromSaved && saved ? (
        <p className="home-saved-note">
          Showing what was saved on this device{" "}
          <time dateTime={saved.at} title={formatDateTime(saved.at)}>
            {formatRelative(saved.at)}
          </time>
          . It updates when the server can be reached again.{" "}
          <button type="button" className="home-link-button" onClick={retryAll}>
            Try again
          </button>
        </p>
      ) : null}

      <OverviewFigures figures={figures} loading={loading} label="Your overview" />

      <nav className="home-quick home-quick-4" aria-label="Quick actions">
        {oneThing ? (
          <Link to={paths.thingAction(oneThing.id)} className="home-quick-action home-quick-primary" data-tour="record">
            <DropIcon size={22} />
            <span>
              <strong>Record an action</strong>
              <span className="home-quick-sub">on {oneThing.name}</span>
            </span>
          </Link>
        ) : (
          <Link
            to={myThings.length ? paths.account("profile") : "/things"}
            className="home-quick-action home-quick-primary"
            data-tour="record"
          >
            <DropIcon size={22} />
            <span>
              <strong>Record an action</strong>
              <span className="home-quick-sub">
                {myThings.length
                  ? `Choose your One ${term(b, "thing", true)} first`
                  : user
                    ? `Find a ${term(b, "thing")} to look after`
                    : `On one of your ${term(b, "things")}`}
              </span>
            </span>
          </Link>
        )}
        <Link to="/things/new" className="home-quick-action">
          <PlusIcon size={22} />
          <span>
            <strong>New {term(b, "thing")}</strong>
            <span className="home-quick-sub">Add one to look after</span>
          </span>
        </Link>
        <Link to="/tasks/new" className="home-quick-action">
          <TaskIcon size={22} />
          <span>
            <strong>New task</strong>
            <span className="home-quick-sub">Ask someone to help</span>
          </span>
        </Link>
        <Link to="/things/nearest" className="home-quick-action">
          <CompassIcon size={22} />
          <span>
            <strong>Nearest {term(b, "thing")}</strong>
            <span className="home-quick-sub">Uses your location</span>
          </span>
        </Link>
      </nav>

      <div className="home-grid">
        <div className="home-column">
          <HomeCard
            title={`My ${term(b, "things")}`}
            tour="things"
            count={user ? user.thingAccessesByUserId.nodes.length : null}
            link={myThings.length > MAX_ROWS ? { to: paths.account("things"), label: "See all" } : null}
          >
            {pending(3, `Loading your ${term(b, "things")}…`) ??
              (myThings.length === 0 ? (
              <EmptyNote action={{ to: "/things/new", label: `Add a ${term(b, "thing")}` }}>
                You are not looking after any {term(b, "things")} yet. Add one, or open a {term(b, "thing")} near you
                and choose Collaborate.
              </EmptyNote>
            ) : (
              <ul className="home-things">
                {myThings.slice(0, MAX_ROWS).map((entry) => (
                  <MyThingRow
                    key={entry.thing.id}
                    entry={entry}
                    b={b}
                    selfId={personKey}
                    onMakeOneThing={makeOneThing}
                    busy={oneThingState.fetching}
                  />
                ))}
              </ul>
            ))}
          </HomeCard>

          <div className="home-card home-tasks" data-tour="tasks">
            <AssignedToMe limit={MAX_ROWS} />
          </div>

          <ActivityCard selfId={personKey} signedIn />
        </div>

        <div className="home-column home-column-side">
          <HomeCard title={`${term(b, "things", true)} at a glance`} tour="map">
            {thingsResult.error && !thingsResult.data ? (
              <SectionError error={thingsResult.error} onRetry={() => refetchThings({ requestPolicy: "network-only" })} />
            ) : thingsLoading || !counts ? (
              <SkeletonRows rows={3} />
            ) : (
              <ThingsAtAGlance
                counts={counts}
                needsWater={needingWater(things?.needsWater?.nodes ?? [])}
                b={b}
                scope="you can see"
                focus={mapFocus}
              />
            )}
          </HomeCard>

          <HomeCard
            title="Badges"
            tour="badges"
            count={user ? user.badgesByUserId.nodes.length : null}
            link={{ to: paths.account("badges"), label: "All badges" }}
          >
            {pending(2) ??
              (!user || user.badgesByUserId.nodes.length === 0 ? (
                <EmptyNote>Record your first action to earn a badge. More come at 10 and 50.</EmptyNote>
              ) : (
                <BadgeRows badges={user.badgesByUserId.nodes.slice(0, 4)} />
              ))}
          </HomeCard>

          <HomeCard
            title={`My ${term(b, "groups")}`}
            count={user ? user.groupMembershipsByUserId.nodes.length : null}
            link={{ to: "/groups", label: `All ${term(b, "groups")}` }}
          >
            {pending(2) ??
              (!user || user.groupMembershipsByUserId.nodes.length === 0 ? (
              <EmptyNote action={{ to: "/groups", label: `Find a ${term(b, "group")}` }}>
                Join a {term(b, "group")} to look after {term(b, "things")} together.
              </EmptyNote>
            ) : (
              <GroupRows
                groups={user.groupMembershipsByUserId.nodes
                  .filter((m) => m.groupByGroupId)
                  .slice(0, MAX_ROWS)
                  .map((m) => ({ group: m.groupByGroupId!, isOwner: m.isOwner }))}
              />
            ))}
          </HomeCard>

          <HomeCard
            title="My devices"
            count={user ? user.deviceAccessesByUserId.nodes.length : null}
            link={{ to: paths.account("devices"), label: "All devices" }}
          >
            {pending(2) ??
              (!user || user.deviceAccessesByUserId.nodes.length === 0 ? (
              <EmptyNote action={{ to: "/devices/new", label: "Add a device" }}>
                No devices yet. Fit a soil sensor to a {term(b, "thing")} to see its readings here.
              </EmptyNote>
            ) : (
              <DeviceRows
                devices={user.deviceAccessesByUserId.nodes
                  .map((a) => a.deviceByDeviceId)
                  .filter((d): d is NonNullable<typeof d> => Boolean(d))
                  .slice(0, MAX_ROWS)}
              />
            ))}
          </HomeCard>
        </div>
      </div>

      <GallerySection slides={things?.gallery?.nodes ?? []} b={b} loading={thingsLoading} failed={thingsFailed} />
      <RecentThingsCard visits={visits} b={b} />
      <MoreLinks signedIn />

      {tour.open ? <GuidedTour label="Tour of the home page" steps={steps} onClose={tour.close} /> : null}
    </section>
  );
}

// Guests -------------------------------------------------------------------------------------

function GuestHome() {
  const b = useBranding();
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
    { key: "things", label: `Public ${term(b, "things")}`, value: counts ? totalOf(counts) : null, to: "/things" },
    { key: "water", label: "Need water now", value: counts ? counts.red + counts.orange : null, to: "/map" },
    { key: "groups", label: term(b, "groups", true), value: result.data?.allGroups?.totalCount ?? null, to: "/groups" },
    { key: "devices", label: "Sensor devices", value: result.data?.allDevices?.totalCount ?? null, to: "/devices" },
  ];

  return (
    <section className="page home" aria-labelledby="page-title">
      <OfflineBanner />
      <header className="home-hero home-hero-guest">
        <div>
          <h1 id="page-title">Welcome to {b.name}</h1>
          <p className="lead">{b.tagline}</p>
          <ul className="home-what">
            <li>
              <strong>Look after</strong> {brandCopy(b).homeLookAfter}
            </li>
            <li>
              <strong>Record</strong> watering, clean-ups and upkeep, and see soil sensors, rainfall and weather.
            </li>
            <li>
              <strong>Join</strong> {term(b, "groups")}, share tasks and earn badges together.
            </li>
          </ul>
          <div className="hero-actions">
            <Link to={paths.signIn()} className="button">
              Sign in
            </Link>
            <Link to={paths.register()} className="button button-secondary">
              Create an account
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

      <OverviewFigures figures={figures} loading={loading} label="Overview" />

      <nav className="home-quick home-quick-3" aria-label="Quick actions">
        <Link to={paths.signIn("/")} className="home-quick-action home-quick-primary" data-tour="record">
          <DropIcon size={22} />
          <span>
            <strong>Record an action</strong>
            <span className="home-quick-sub">Sign in first</span>
          </span>
        </Link>
        <Link to="/things/nearest" className="home-quick-action">
          <CompassIcon size={22} />
          <span>
            <strong>Nearest {term(b, "thing")}</strong>
            <span className="home-quick-sub">Uses your location</span>
          </span>
        </Link>
        <Link to="/things" className="home-quick-action">
          <PlusIcon size={22} />
          <span>
            <strong>Browse {term(b, "things")}</strong>
            <span className="home-quick-sub">Public ones, by colour</span>
          </span>
        </Link>
      </nav>

      <div className="home-grid">
        <div className="home-column">
          <HomeCard title="Your dashboard" tour="things">
            <SignInPrompt>
              Sign in to see the {term(b, "things")} you look after, with your One {term(b, "thing", true)} first, and to
              record what you did.
            </SignInPrompt>
            <ul className="home-member-list">
              <li data-tour="tasks">
                <TaskIcon size={20} /> Tasks assigned to you, the most urgent first
              </li>
              <li data-tour="badges">
                <TrophyIcon size={20} /> Badges and care points on the scorer
              </li>
              <li>
                <StarIcon size={20} /> Your {term(b, "groups")} and devices
              </li>
            </ul>
          </HomeCard>
          <ActivityCard signedIn={false} limit={6} />
        </div>
        <div className="home-column home-column-side">
          <HomeCard title={`${term(b, "things", true)} at a glance`} tour="map">
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

      {tour.open ? <GuidedTour label="Tour of the home page" steps={steps} onClose={tour.close} /> : null}
    </section>
  );
}
