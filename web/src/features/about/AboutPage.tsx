// /about (signed-in users): what the product is, its version, and where its data comes from with
// the attributions the data's licences ask for.
import { Link } from "react-router";
import { richText } from "../../lib/i18n/rich.tsx";
import { useAppConfig } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import styles from "./about.module.css";
import { aboutTexts } from "./texts.ts";

/** The app version is stamped in at build time (web/vite.config.ts, from package.json). */
export const APP_VERSION: string = (import.meta.env.VITE_APP_VERSION as string | undefined) || "development";

/** A link out of the app, for the attributions. */
const external = (href: string) => (words: string) => (
  <a href={href} rel="noreferrer" target="_blank">
    {words}
  </a>
);

type SourceKey = "rainfall" | "weather" | "soilscapes" | "blines" | "maps" | "sensors";

/** Each source's texts are about.<key>.name, .use and .credit; `links` fill the credit's tags. */
const SOURCES: { key: SourceKey; links: Record<string, string> }[] = [
  { key: "rainfall", links: { link: "https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/" } },
  { key: "weather", links: { site: "https://open-meteo.com/", licence: "https://creativecommons.org/licenses/by/4.0/" } },
  { key: "soilscapes", links: { link: "https://www.landis.org.uk/" } },
  { key: "blines", links: { link: "https://www.buglife.org.uk/our-work/b-lines/" } },
  { key: "maps", links: { link: "https://www.openstreetmap.org/copyright" } },
  { key: "sensors", links: { link: "https://www.thethingsnetwork.org/" } },
];

export default function AboutPage() {
  const t = useT(aboutTexts);
  const config = useAppConfig();
  const b = config.branding;
  const brand = { brand: b.key, product: b.name };
  const { session } = useSession();

  return (
    <section className="page about-page" aria-labelledby="page-title">
      <h1 id="page-title">{t("about.title", brand)}</h1>
      <p className="lead">{t("layout.tagline", brand)}</p>

      <div className={styles.grid}>
        <div className={`card ${styles.intro}`}>
          <h2>{t("about.forTitle", brand)}</h2>
          <p>{t("about.intro", brand)}</p>
          <ul className={styles.links}>
            <li>
              <Link to="/things">{t("about.browse", brand)}</Link>
            </li>
            <li>
              <Link to="/map">{t("about.openMap")}</Link>
            </li>
            <li>
              <Link to="/account/badges">{t("about.badges")}</Link>
            </li>
          </ul>
        </div>

        {/* A section, so its aria-labelledby names a region (on a plain div it means nothing). */}
        <section className={`card ${styles.version}`} aria-labelledby="version-title">
          <h2 id="version-title">{t("about.appTitle")}</h2>
          <dl className="details">
            <dt>{t("about.version")}</dt>
            <dd data-testid="app-version">{APP_VERSION}</dd>
            <dt>{t("about.site")}</dt>
            <dd>{config.domainName}</dd>
            <dt>{t("about.signedInAs")}</dt>
            <dd>{session?.username || "—"}</dd>
          </dl>
        </section>
      </div>

      <h2 className={styles.heading}>{t("about.sourcesTitle")}</h2>
      <ul className={styles.sources}>
        {SOURCES.map(({ key, links }) => (
          <li key={key} className="card">
            <h3>{t(`about.${key}.name` as const)}</h3>
            <p className="muted">{t(`about.${key}.use` as const, brand)}</p>
            <p className={styles.credit}>
              {richText(
                t,
                `about.${key}.credit` as const,
                Object.fromEntries(Object.entries(links).map(([tag, href]) => [tag, external(href)])),
                {},
              )}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
