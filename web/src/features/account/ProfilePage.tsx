import { useSession } from "../../lib/session-context.tsx";

function formatDate(value: string | null): string {
  if (!value) return "—";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "—" : date.toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
}

export default function ProfilePage() {
  const { session } = useSession();
  if (!session) return null;
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">Profile</h1>
      <dl className="details card">
        <dt>Name</dt>
        <dd>{session.name || "—"}</dd>
        <dt>Username</dt>
        <dd>{session.username || "—"}</dd>
        <dt>E-mail</dt>
        <dd>
          {session.emails.length === 0 ? (
            "—"
          ) : (
            <ul className="plain-list">
              {session.emails.map((email) => (
                <li key={email.id}>
                  {email.email}
                  {email.isPrimary ? <span className="tag">primary</span> : null}
                  {email.isVerified ? (
                    <span className="tag tag-positive">verified</span>
                  ) : (
                    <span className="tag tag-warning">not verified</span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt>Member since</dt>
        <dd>{formatDate(session.created)}</dd>
        <dt>Last sign-in</dt>
        <dd>{formatDate(session.lastSignIn)}</dd>
        <dt>Daily summary e-mail</dt>
        <dd>{session.notificationDaily ? "On" : "Off"}</dd>
      </dl>
      <p className="muted">Editing your name, username and notification preferences is still being built.</p>
    </section>
  );
}
