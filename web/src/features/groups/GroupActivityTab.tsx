// Care actions on the group's things, newest first (the 50 latest).
import { useQuery } from "urql";
import { EmptyState, ListError, ListSkeleton } from "../../components/list/index.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { paths } from "../../routes/paths.ts";
import { GroupActivityDocument as GroupActivityQuery } from "./GroupActivity.generated.ts";
import { errorText } from "./meta.ts";
import { ActivityList } from "./ui.tsx";
import type { GroupState } from "./use-group.ts";
import { groupsTexts } from "./texts.ts";

export function GroupActivityTab({ state }: { state: GroupState }) {
  const t = useT(groupsTexts);
  const brand = { brand: useBranding().key };
  const group = state.group!;
  const [result, reexecute] = useQuery({
    query: GroupActivityQuery,
    variables: { id: group.id },
    requestPolicy: "cache-and-network",
  });
  const activity = result.data?.groupById?.activity;
  const items = activity?.nodes ?? [];

  return (
    <>
      <div className="section-title">
        <h2>{t("groups.tab.activity")}</h2>
        {activity && activity.totalCount > items.length ? (
          <p className="muted">{t("groups.activityLatest", { shown: items.length, total: activity.totalCount })}</p>
        ) : null}
      </div>
      {result.error && !activity ? (
        <ListError
          message={errorText(result.error, t("groups.activityLoadFailed"))}
          onRetry={() => reexecute({ requestPolicy: "network-only" })}
        />
      ) : !activity ? (
        <ListSkeleton layout="list" count={4} label={t("groups.activityLoading")} />
      ) : items.length === 0 ? (
        <EmptyState
          title={t("groups.activityNone")}
          action={
            group.thingsByGroupId.totalCount > 0
              ? { label: t("groups.seeThings", brand), to: paths.group(group.id, "things") }
              : state.isMember
                ? { label: t("groups.addThing", brand), to: "/things/new" }
                : null
          }
        >
          <p>{t("groups.activityNoneText", brand)}</p>
        </EmptyState>
      ) : (
        <ActivityList items={items} label={t("groups.activityOf", { name: group.name })} />
      )}
    </>
  );
}
