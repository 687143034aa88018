// Care actions on the group's things, newest first (the 50 latest).
import { useQuery } from "urql";
import { term } from "../../../../shared/branding.ts";
import { EmptyState, ListError, ListSkeleton } from "../../components/list/index.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { paths } from "../../routes/paths.ts";
import { GroupActivityDocument as GroupActivityQuery } from "./GroupActivity.generated.ts";
import { errorText } from "./meta.ts";
import { ActivityList } from "./ui.tsx";
import type { GroupState } from "./use-group.ts";

export function GroupActivityTab({ state }: { state: GroupState }) {
  const b = useBranding();
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
        <h2>Activity</h2>
        {activity && activity.totalCount > items.length ? (
          <p className="muted">
            The latest {items.length} of {activity.totalCount} actions
          </p>
        ) : null}
      </div>
      {result.error && !activity ? (
        <ListError
          message={errorText(result.error, "Could not load the activity")}
          onRetry={() => reexecute({ requestPolicy: "network-only" })}
        />
      ) : !activity ? (
        <ListSkeleton layout="list" count={4} label="Loading the activity…" />
      ) : items.length === 0 ? (
        <EmptyState
          title="No activity yet"
          action={
            group.thingsByGroupId.totalCount > 0
              ? { label: `See the ${term(b, "group")}'s ${term(b, "things")}`, to: paths.group(group.id, "things") }
              : state.isMember
                ? { label: `Add a ${term(b, "thing")}`, to: "/things/new" }
                : null
          }
        >
          <p>
            Watering, clean-ups and other care recorded on this {term(b, "group")}'s {term(b, "things")} will show
            here, newest first.
          </p>
        </EmptyState>
      ) : (
        <ActivityList items={items} label={`Activity of ${group.name}`} />
      )}
    </>
  );
}
