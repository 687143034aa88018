// The timeline tab: the latest 100 actions on the thing, newest first (spec section 9), with
// edit and delete for the recorder and the thing's owners.
import { useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { useQuery } from "urql";
import { EmptyState, FilterSelect, ListError, ListSkeleton, ListToolbar, listClasses } from "../../components/list/index.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { ActionItem } from "./ActionItem.tsx";
import { errorText } from "./errors.ts";
import { ACTION_TYPES, actionTypeLabel } from "./thing-meta.ts";
import type { ThingDetails } from "./types.ts";
import { ThingTimelineDocument as ThingTimelineQuery } from "./ThingTimeline.generated.ts";
import { DownloadButton } from "../../lib/download.tsx";
import { thingsTexts } from "./texts.ts";
import { thingWordsTexts } from "./thing-words.ts";
import styles from "./things.module.css";

export function ThingTimeline({ thing, liveCount, onChanged }: { thing: ThingDetails; liveCount: number; onChanged(): void }) {
  const b = useBranding();
  const t = useT(thingsTexts, thingWordsTexts);
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
    <section aria-labelledby="timeline-title" className={styles.timeline}>
      <div className={styles.sectionHead}>
        <h2 id="timeline-title">{t("things.tab.timeline")}</h2>
        <DownloadButton
          path={`/export/things/${thing.id}/actions.csv`}
          filename={`${thing.name}-actions.csv`}
          label={t("things.timeline.download")}
        />
        {thing.canRecordAction ? (
          <Link to={paths.thingAction(thing.id)} className="button">
            {t("things.recordAction")}
          </Link>
        ) : null}
      </div>
      {actions.length > 0 ? (
        <ListToolbar label={t("things.timeline.options")}>
          <FilterSelect
            label={t("things.timeline.show")}
            value={type}
            onChange={setType}
            allLabel={t("things.timeline.allActions")}
            options={ACTION_TYPES.map((kind) => ({ value: kind, label: actionTypeLabel(kind, t) }))}
          />
          <p className={listClasses.count} role="status" aria-live="polite">
            {type
              ? t("things.timeline.countOf", { shown: shown.length, count: actions.length })
              : total > actions.length
                ? t("things.timeline.latestOf", { count: actions.length, total })
                : t("things.timeline.count", { count: actions.length })}
          </p>
        </ListToolbar>
      ) : null}
      {result.error && !result.data ? (
        <ListError
          message={errorText(result.error, t("things.errorOccurred"))}
          onRetry={() => reexecute({ requestPolicy: "network-only" })}
        />
      ) : !result.data ? (
        <ListSkeleton layout="list" count={3} label={t("things.timeline.loading")} />
      ) : shown.length === 0 ? (
        type ? (
          <EmptyState
            title={t("things.timeline.noneOfType", { type })}
            action={{ label: t("things.timeline.showAll"), onClick: () => setType("") }}
          >
            {t("things.timeline.noneOfTypeText")}
          </EmptyState>
        ) : (
          <EmptyState
            title={t("things.timeline.nothingYet")}
            action={thing.canRecordAction ? { label: t("things.recordAction"), to: paths.thingAction(thing.id) } : null}
          >
            {t("things.timeline.nothingYetText", { brand: b.key })}
          </EmptyState>
        )
      ) : (
        <ol className={styles.actionList} aria-label={t("things.timeline.listLabel")}>
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
