import { Link, useParams } from "react-router";
import { term } from "../../../../shared/branding.ts";
import { TabNav, tabLabel } from "../../components/TabNav.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { THING_TABS, paths, type ThingTab } from "../../routes.tsx";

export default function ThingPage() {
  const b = useBranding();
  const { id = "", tab = "dashboard" } = useParams();
  const thing = term(b, "thing");
  const about: Record<ThingTab, string> = {
    dashboard: `How this ${thing} is doing: its indicator colour, latest readings, recent actions and an AI chat about it.`,
    collaborators: `The owners and collaborators of this ${thing}, and invitations to share it.`,
    timeline: `Every action recorded on this ${thing}, newest first.`,
    location: `Where this ${thing} is, on a map.`,
    soilscape: `The soil under this ${thing}: texture, drainage, fertility, land cover and habitats.`,
    weather: `The weather forecast and nearby rainfall for this ${thing}.`,
    readings: `Sensor readings of this ${thing}'s devices over time.`,
  };
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{term(b, "thing", true)}</h1>
      <TabNav
        base={`/things/${encodeURIComponent(id)}`}
        tabs={THING_TABS.map((t) => ({ tab: t, label: tabLabel(t) }))}
        label={`${term(b, "thing", true)} sections`}
      />
      <h2>{tabLabel(tab)}</h2>
      <p className="lead">{about[tab as ThingTab]}</p>
      <p className="muted">
        This screen is still being built. <Link to={paths.thingAction(id)}>Record an action</Link>
      </p>
    </section>
  );
}
