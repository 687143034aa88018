import { Link, useParams } from "react-router";
import { term } from "../../../../shared/branding.ts";
import { TabNav, tabLabel } from "../../components/TabNav.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { GROUP_TABS, paths, type GroupTab } from "../../routes.tsx";

export default function GroupPage() {
  const b = useBranding();
  const { id = "", tab = "dashboard" } = useParams();
  const label = (t: string) => tabLabel(t === "things" ? term(b, "things") : t);
  const about: Record<GroupTab, string> = {
    dashboard: `An overview of this ${term(b, "group")}: its description, members and ${term(b, "things")}.`,
    activity: `Care actions recorded by the ${term(b, "group")}'s members.`,
    members: `The people in this ${term(b, "group")} and who owns it.`,
    things: `The ${term(b, "things")} this ${term(b, "group")} looks after.`,
    devices: `Sensor devices on the ${term(b, "group")}'s ${term(b, "things")}.`,
    tasks: `The ${term(b, "group")}'s tasks, by due date.`,
  };
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{term(b, "group", true)}</h1>
      <TabNav
        base={`/groups/${encodeURIComponent(id)}`}
        tabs={GROUP_TABS.map((t) => ({ tab: t, label: label(t) }))}
        label={`${term(b, "group", true)} sections`}
      />
      <h2>{label(tab)}</h2>
      <p className="lead">{about[tab as GroupTab]}</p>
      <p className="muted">
        This screen is still being built. <Link to={paths.groupSettings(id)}>Settings</Link>
      </p>
    </section>
  );
}
