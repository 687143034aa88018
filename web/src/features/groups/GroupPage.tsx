// /groups/{id}/{tab}: a group's dashboard, activity, members, things, devices, tasks, history and
// watering rota.
import { Link, useParams } from "react-router";
import { Initials } from "../../components/list/index.ts";
import { Loading } from "../../components/Loading.tsx";
import { TabNav } from "../../components/TabNav.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { GROUP_TABS, paths, type GroupTab } from "../../routes/paths.ts";
import { GroupActivityTab } from "./GroupActivityTab.tsx";
import { GroupDashboardTab } from "./GroupDashboardTab.tsx";
import { GroupDevicesTab } from "./GroupDevicesTab.tsx";
import { GroupMembersTab } from "./GroupMembersTab.tsx";
import { GroupTasksTab } from "./GroupTasksTab.tsx";
import { GroupThingsTab } from "./GroupThingsTab.tsx";
import { HistoryPanel } from "../moderation/HistoryPanel.tsx";
import { GroupRotaTab } from "../rotas/GroupRotaTab.tsx";
import { errorText, groupTypeLabel } from "./meta.ts";
import { ListError } from "../../components/list/index.ts";
import { NotFoundNotice, usePictureUrl } from "./ui.tsx";
import { useGroup, type GroupState } from "./use-group.ts";
import { RecordHeader } from "../../components/RecordHeader.tsx";
import styles from "./groups.module.css";
import { groupsTexts } from "./texts.ts";

export default function GroupPage() {
  const t = useT(groupsTexts);
  const brand = { brand: useBranding().key };
  const { id = "", tab = "dashboard" } = useParams();
  const state = useGroup(id);

  if (state.notFound) {
    return (
      <NotFoundNotice title={t("groups.notFound", brand)} back={{ to: "/groups", label: t("groups.seeAll", brand) }}>
        {t("groups.notFoundText", brand)}
      </NotFoundNotice>
    );
  }
  if (state.error && !state.group) {
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title">{t("groups.one", brand)}</h1>
        <ListError message={errorText(state.error, t("groups.loadOneFailed", brand))} onRetry={state.refetch} />
      </section>
    );
  }
  if (state.loading || !state.group) return <Loading label={t("groups.loadingOne", brand)} />;

  const label = (tab: GroupTab) => t(`groups.tab.${tab}`, brand);
  const current = tab as GroupTab;
  return (
    <section className="page group-page" aria-labelledby="page-title">
      <GroupHeader state={state} />
      <TabNav
        base={`/groups/${encodeURIComponent(id)}`}
        tabs={GROUP_TABS.map((tab) => ({ tab, label: label(tab) }))}
        label={t("groups.sections", brand)}
      />
      <div className="tab-panel">
        {current === "dashboard" ? <GroupDashboardTab state={state} /> : null}
        {current === "activity" ? <GroupActivityTab state={state} /> : null}
        {current === "members" ? <GroupMembersTab state={state} /> : null}
        {current === "things" ? <GroupThingsTab state={state} /> : null}
        {current === "devices" ? <GroupDevicesTab state={state} /> : null}
        {current === "tasks" ? <GroupTasksTab state={state} /> : null}
        {current === "history" ? <HistoryPanel targetType="group" targetId={state.group.id} onRestored={state.refetch} /> : null}
        {current === "rota" ? (
          <GroupRotaTab
            groupId={state.group.id}
            myUserId={state.membership?.userId ?? null}
            isMember={state.isMember}
            canManage={state.canManage}
          />
        ) : null}
      </div>
    </section>
  );
}

export function GroupHeader({ state, title }: { state: GroupState; title?: string }) {
  const t = useT(groupsTexts);
  const brand = { brand: useBranding().key };
  const picture = usePictureUrl();
  const group = state.group!;
  const url = picture("group", group, "medium");
  return (
    <RecordHeader
      picture={
        <span className={`${styles.picture} record-picture`} aria-hidden="true">
          {url ? <img src={url} alt="" /> : <Initials text={group.name} />}
        </span>
      }
      title={title ?? group.name}
      tags={
        <>
          {title ? <Link to={paths.group(group.id)}>{group.name}</Link> : <span className="tag">{groupTypeLabel(group.type, t)}</span>}
          {group.isPublic ? (
            <span className="tag">{t("groups.public")}</span>
          ) : (
            <span className="tag tag-warning">{t("groups.private")}</span>
          )}
          {state.isOwner ? <span className="tag tag-positive">{t("groups.youOwn", brand)}</span> : null}
          {state.isMember && !state.isOwner ? <span className="tag tag-positive">{t("groups.youAreMember")}</span> : null}
        </>
      }
      actions={
        !title && state.canManage ? (
          <Link to={paths.groupSettings(group.id)} className="button button-secondary">
            {t("groups.settings")}
          </Link>
        ) : null
      }
    />
  );
}
