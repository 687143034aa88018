// /about (signed-in users): what the product is, its version, and where its data comes from with
// the attributions the data's licences ask for.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { brandCopy } from "../../../../shared/brand-copy.ts";
import { term } from "../../../../shared/branding.ts";
import { useAppConfig } from "../../lib/config-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import "./about.css";

/** The app version is stamped in at build time (web/vite.config.ts, from package.json). */
export const APP_VERSION: string = (import.meta.env.VITE_APP_VERSION as string | undefined) || "development";

interface Source {
  name: string;
  use: string;
  credit: ReactNode;
}

export default function AboutPage() {
  const config = useAppConfig();
  const b = config.branding;
  const { session } = useSession();

  const sources: Source[] = [
    {
      name: "Rainfall",
      use: "Rainfall stations on the map and the rain that fell near each of your " + term(b, "things") + ".",
      credit: (
        <>
          This uses Environment Agency rainfall data from the real-time data API (Beta). Contains public sector
          information licensed under the{" "}
          <a href="https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/" rel="noreferrer" target="_blank">
            Open Government Licence v3.0
          </a>
          .
        </>
      ),
    },
    {
      name: "Weather forecasts",
      use: "The forecast shown for each " + term(b, "thing") + ".",
      credit: (
        <>
          Weather data by{" "}
          <a href="https://open-meteo.com/" rel="noreferrer" target="_blank">
            Open-Meteo.com
          </a>
          , licensed under{" "}
          <a href="https://creativecommons.org/licenses/by/4.0/" rel="noreferrer" target="_blank">
            CC BY 4.0
          </a>
          .
        </>
      ),
    },
    {
      name: "Soilscapes",
      use: "Soil texture, drainage, fertility and habitats at each " + term(b, "thing") + "’s location, and the soilscapes map layer.",
      credit: (
        <>
          Soilscapes © Cranfield University (NSRI) and for the Controller of HMSO, from{" "}
          <a href="https://www.landis.org.uk/" rel="noreferrer" target="_blank">
            LandIS
          </a>{" "}
          (Land Information System).
        </>
      ),
    },
    {
      name: "B-Lines",
      use: "The B-Lines map layer: routes for pollinating insects across the countryside.",
      credit: (
        <>
          B-Lines ©{" "}
          <a href="https://www.buglife.org.uk/our-work/b-lines/" rel="noreferrer" target="_blank">
            Buglife
          </a>
          , with data from Natural England.
        </>
      ),
    },
    {
      name: "Maps",
      use: "Terrain, topographic and satellite base maps.",
      credit: (
        <>
          Map data ©{" "}
          <a href="https://www.openstreetmap.org/copyright" rel="noreferrer" target="_blank">
            OpenStreetMap
          </a>{" "}
          contributors (ODbL). Each map tile layer credits its own provider in the corner of the map.
        </>
      ),
    },
    {
      name: "Sensors",
      use: "Soil moisture, temperature, conductivity and pH readings.",
      credit: (
        <>
          LoRaWAN devices on{" "}
          <a href="https://www.thethingsnetwork.org/" rel="noreferrer" target="_blank">
            The Things Network
          </a>
          , looked after by our community.
        </>
      ),
    },
  ];

  return (
    <section className="page about-page" aria-labelledby="page-title">
      <h1 id="page-title">About {b.name}</h1>
      <p className="lead">{b.tagline}</p>

      <div className="about-grid">
        <div className="card about-intro">
          <h2>What {b.name} is for</h2>
          <p>
            {b.name} {brandCopy(b).aboutIntro}
          </p>
          <ul className="about-links">
            <li>
              <Link to="/things">Browse {term(b, "things")}</Link>
            </li>
            <li>
              <Link to="/map">Open the map</Link>
            </li>
            <li>
              <Link to="/account/badges">See your badges</Link>
            </li>
          </ul>
        </div>

        {/* A section, so its aria-labelledby names a region (on a plain div it means nothing). */}
        <section className="card about-version" aria-labelledby="version-title">
          <h2 id="version-title">This app</h2>
          <dl className="details">
            <dt>Version</dt>
            <dd data-testid="app-version">{APP_VERSION}</dd>
            <dt>Site</dt>
            <dd>{config.domainName}</dd>
            <dt>Signed in as</dt>
            <dd>{session?.username || "—"}</dd>
          </dl>
        </section>
      </div>

      <h2 className="about-heading">Data sources and attributions</h2>
      <ul className="about-sources">
        {sources.map((source) => (
          <li key={source.name} className="card">
            <h3>{source.name}</h3>
            <p className="muted">{source.use}</p>
            <p className="about-credit">{source.credit}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
