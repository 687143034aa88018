import { useAppConfig } from "../../lib/config-context.tsx";
import { useSession } from "../../lib/session-context.tsx";

/** The app version is stamped in at build time (web/vite.config.ts). */
export const APP_VERSION: string = (import.meta.env.VITE_APP_VERSION as string | undefined) || "development";

export default function AboutPage() {
  const config = useAppConfig();
  const { session } = useSession();
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">About {config.branding.name}</h1>
      <p className="lead">{config.branding.tagline}</p>
      <dl className="details card">
        <dt>Version</dt>
        <dd data-testid="app-version">{APP_VERSION}</dd>
        <dt>Site</dt>
        <dd>{config.domainName}</dd>
        <dt>API</dt>
        <dd>{config.graphqlUrl}</dd>
        <dt>Signed in as</dt>
        <dd>{session?.username || "—"}</dd>
      </dl>
    </section>
  );
}
