import { useParams } from "react-router";
import { term } from "../../../../shared/branding.ts";
import { TabNav, tabLabel } from "../../components/TabNav.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { USER_TABS, type UserTab } from "../../routes.tsx";

export default function UserPage() {
  const b = useBranding();
  const { id = "", tab = "dashboard" } = useParams();
  const about: Record<UserTab, string> = {
    dashboard: `An overview of this person: their ${term(b, "things")}, ${term(b, "groups")} and badges.`,
    activity: "The care actions this person has recorded.",
    badges: "The badges this person has earned.",
    tasks: "Tasks assigned to this person.",
    things: `The ${term(b, "things")} this person looks after.`,
  };
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">User</h1>
      <TabNav
        base={`/users/${encodeURIComponent(id)}`}
        tabs={USER_TABS.map((t) => ({ tab: t, label: tabLabel(t === "things" ? term(b, "things") : t) }))}
        label="User sections"
      />
      <h2>{tabLabel(tab === "things" ? term(b, "things") : tab)}</h2>
      <p className="lead">{about[tab as UserTab]}</p>
      <p className="muted">This screen is still being built.</p>
    </section>
  );
}
