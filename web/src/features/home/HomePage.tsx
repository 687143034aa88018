import { Link } from "react-router";
import { term } from "../../../../shared/branding.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes.tsx";

export default function HomePage() {
  const b = useBranding();
  const { session, signedIn } = useSession();
  const areas = [
    { to: "/map", title: "Map", text: `Public ${term(b, "things")}, soil, B-Lines and rainfall stations on a map.` },
    {
      to: "/things",
      title: term(b, "things", true),
      text: `Find ${term(b, "things")} to look after and see how they are doing.`,
    },
    { to: "/devices", title: "Devices", text: "Soil moisture, pH and pump controllers, with their latest readings." },
    { to: "/community", title: "Community", text: `${term(b, "groups", true)} and the people in them.` },
    { to: "/tasks", title: "Tasks", text: "What needs doing, by whom and by when." },
    { to: "/activity", title: "Activity", text: "Watering, clean-ups and other care, as it happens." },
  ];
  return (
    <section className="page home" aria-labelledby="page-title">
      <div className="hero">
        <h1 id="page-title">
          {signedIn ? `Welcome back, ${session?.name || session?.username}` : `Welcome to ${b.name}`}
        </h1>
        <p className="lead">{b.tagline}</p>
        {signedIn ? null : (
          <div className="hero-actions">
            <Link to={paths.signIn()} className="button">
              Sign in
            </Link>
            <Link to={paths.register()} className="button button-secondary">
              Create an account
            </Link>
          </div>
        )}
      </div>
      <ul className="card-grid">
        {areas.map((area) => (
          <li key={area.to} className="card">
            <h2>
              <Link to={area.to}>{area.title}</Link>
            </h2>
            <p>{area.text}</p>
          </li>
        ))}
      </ul>
      <p className="muted">
        Your dashboard — tasks assigned to you, your {term(b, "things")}, devices, {term(b, "groups")}, badges and
        recent activity — is still being built.
      </p>
    </section>
  );
}
