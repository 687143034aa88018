// The things visited lately on this device, on the home page (members and guests).
import { useMemo } from "react";
import { useQuery } from "urql";
import type { Branding } from "../../../../shared/branding.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { RECENT_SHOWN, recentThingsVariables, useRecentThings } from "../things/recent-things.ts";
import { EmptyNote, HomeCard, RecentThingTiles, SkeletonRows, Unavailable } from "./home-sections.tsx";
import { recentFromAnswer } from "./home-data.ts";
import { HomeRecentThingsDocument as recentQuery } from "./HomeRecentThings.generated.ts";
import { homeTexts } from "./texts.ts";

/** How many recently viewed things the card shows. */
const RECENT_ON_HOME = 6;

/**
 * The things visited lately (ids kept on this device), asked of the server by id: whatever their
 * name or colour now, and only those this visitor may still see. Nothing is asked without ids.
 */
export function useRecentVisits() {
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

export type RecentVisits = ReturnType<typeof useRecentVisits>;

export function RecentThingsCard({ visits: { recent, loading, failed }, b }: { visits: RecentVisits; b: Branding }) {
  const t = useT(homeTexts);
  const brand = { brand: b.key };
  return (
    <HomeCard title={t("home.recent.title", brand)}>
      {loading ? (
        <SkeletonRows rows={2} />
      ) : failed ? (
        <Unavailable />
      ) : recent.length === 0 ? (
        <EmptyNote action={{ to: "/things", label: t("home.gallery.browse", brand) }}>{t("home.recent.empty", brand)}</EmptyNote>
      ) : (
        <RecentThingTiles things={recent} />
      )}
    </HomeCard>
  );
}
