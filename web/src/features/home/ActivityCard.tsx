// Recent activity on the home page (members and guests): the latest care recorded on things.
import { useQuery } from "urql";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { ActivityRows, EmptyNote, HomeCard, SectionError, SkeletonRows } from "./home-sections.tsx";
import { HomeActivityDocument as activityQuery } from "./HomeActivity.generated.ts";
import { homeTexts } from "./texts.ts";

export function ActivityCard({ selfId, signedIn, limit = 10 }: { selfId?: string; signedIn: boolean; limit?: number }) {
  const t = useT(homeTexts);
  const [result, refetch] = useQuery({ query: activityQuery, requestPolicy: "cache-and-network" });
  const retry = () => refetch({ requestPolicy: "network-only" });
  const items = (result.data?.allActions?.nodes ?? []).slice(0, limit);
  return (
    <HomeCard title={t("home.activity.title")} link={{ to: "/activity", label: t("home.activity.all") }}>
      {result.error && !result.data ? (
        <SectionError error={result.error} onRetry={retry} />
      ) : result.fetching && !result.data ? (
        <SkeletonRows rows={4} label={t("home.activity.loading")} />
      ) : items.length === 0 ? (
        <EmptyNote>{t("home.activity.empty")}</EmptyNote>
      ) : (
        <ActivityRows items={items} selfId={selfId} signedIn={signedIn} />
      )}
    </HomeCard>
  );
}
