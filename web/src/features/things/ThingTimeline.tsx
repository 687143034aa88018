// The timeline tab: the latest 100 actions on the thing, newest first (spec section 9), with
// edit and delete for the recorder and the thing's owners.
import { useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { useQuery } from "urql";
import { term } from "../../../../shared/branding.ts";
import { EmptyState, FilterSelect, ListError, ListSkeleton, ListToolbar } from "../../components/list/index.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { ActionItem } from "./ActionItem.tsx";
import { errorText } from "./errors.ts";
import { ACTION_TYPES, actionTypeLabel } from "./thing-meta.ts";
import type { ThingDetails } from "./types.ts";
import { ThingTimelineDocument as ThingTimelineQuery } from "./ThingTimeline.generated.ts";
import { DownloadButton } from "../../lib/download.tsx";

export function ThingTimeline({ thing, liveCount, onChanged }: { thing: ThingDetails; liveCount: number; onChanged(): void }) {
  const b = useBranding();
  const { session } = useSession();
  const [type, setType] = useState("");
  const [result, reexecute] = useQuery({
    query: ThingTimelineQuery,
    variables: { id: thing.id },
    requestPolicy: "cache-and-network",
  });

  useEffect(() => {
    if (liveCount > 0) reexecute({ requestPolicy: "network-only" });
  }, [liveCount, reexecute]);

  const actions = result.data?.thingById?.actionsByThingId.nodes ?? [];
  const total = result.data?.thingById?.actionsByThingId.totalCount ?? 0;
  const shown = useMemo(() => (type ? actions.filter((a) => a.type === type) : actions), [actions, type]);
  const refresh = () => {
    reexecute({ requestPolicy: "network-only" });
    onChanged();
  };

  return (
    <section aria-labelledby="timeline-title" className="timeline">
      <div className="section-head">
        <h2 id="timeline-title">Timeline</h2>
        <DownloadButton path={`/export/things/${thing.id}/actions.csv`} filename={`${thing.name}-actions.csv`} label="Download (CSV)" />
        {thing.canRecordAction ? (
          <Link to={paths.thingAction(thing.id)} className="button">
            Record an action
          </Link>
        ) : null}
      </div>
      {actions.length > 0 ? (
        <ListToolbar label="Timeline options">
          <FilterSelect
            label="Show"
            value={type}
            onChange={setType}
            allLabel="All actions"
            options={ACTION_TYPES.map((t) => ({ value: t, label: actionTypeLabel(t) }))}
          />
          <p className="list-count" role="status" aria-live="polite">
            {type
              ? `${shown.length} of ${actions.length} ${actions.length === 1 ? "action" : "actions"}`
              : total > actions.length
                ? `The latest ${actions.length} of ${total} actions`
                : `${actions.length} ${actions.length === 1 ? "action" : "actions"}`}
          </p>
        </ListToolbar>
      ) : null}
      {result.error && !result.data ? (
        <ListError message={errorText(result.error, "An error occurred")} onRetry={() => reexecute({ requestPolicy: "network-only" })} />
      ) : !result.data ? (
        <ListSkeleton layout="list" count={3} label="Loading the timeline…" />
      ) : shown.length === 0 ? (
        type ? (
          <EmptyState title={`No ${actionTypeLabel(type).toLowerCase()} recorded`} action={{ label: "Show all actions", onClick: () => setType("") }}>
            Nothing of this kind among the latest actions.
          </EmptyState>
        ) : (
          <EmptyState
            title="Nothing recorded yet"
            action={thing.canRecordAction ? { label: "Record an action", to: paths.thingAction(thing.id) } : null}
          >
            Actions people record for this {term(b, "thing")} — watering, clean-ups, upkeep — show here, newest first.
          </EmptyState>
        )
      ) : (
        <ol className="action-list" aria-label="Actions, newest first">
          {shown.map((action) => (
            <ActionItem
              key={action.id}
              action={action}
              currentUserId={session?.id}
              canManage={Boolean(result.data?.thingById?.canEdit)}
              thingName={thing.name}
              onChanged={refresh}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
