// The location tab: coordinates, the location description and links that open the place in a
// maps app. The interactive map comes with the map issue; this tab says so.
import { useState } from "react";
import { Link } from "react-router";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { paths } from "../../routes/paths.ts";
import { PinIcon } from "./icons.tsx";
import { formatCoordinate, mapLinks } from "./thing-meta.ts";
import type { ThingDetails } from "./types.ts";
import { LocationMap } from "../../components/environment/index.ts";
import { thingsTexts } from "./texts.ts";
import { thingWordsTexts } from "./thing-words.ts";
import styles from "./things.module.css";

export function ThingLocation({ thing }: { thing: ThingDetails }) {
  const t = useT(thingsTexts, thingWordsTexts);
  const [copied, setCopied] = useState(false);
  const { x: latitude, y: longitude } = thing.location;
  const text = `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2500);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className={styles.twoColumns}>
      <section className="card" aria-labelledby="location-title">
        <h2 id="location-title">{t("things.form.whereItIs")}</h2>
        {thing.locationDescription ? <p className={`${styles.locationDescription} lead`}>{thing.locationDescription}</p> : null}
        <dl className="details">
          <dt>{t("things.location.latitude")}</dt>
          <dd>{formatCoordinate(latitude)}</dd>
          <dt>{t("things.location.longitude")}</dt>
          <dd>{formatCoordinate(longitude)}</dd>
        </dl>
        <div className={styles.inlineActions}>
          <button type="button" className="button button-secondary button-small" onClick={copy}>
            {copied ? t("things.location.copied") : t("things.location.copy")}
          </button>
          <span className="visually-hidden" role="status" aria-live="polite">
            {copied ? t("things.location.coordinatesCopied") : ""}
          </span>
          {thing.canEdit ? (
            <Link to={paths.thingEdit(thing.id)} className="button button-secondary button-small">
              {t("things.location.change")}
            </Link>
          ) : null}
        </div>
      </section>
      <section className="card" aria-labelledby="open-in-title">
        <h2 id="open-in-title">{t("things.location.openIn")}</h2>
        <ul className={styles.mapLinks}>
          {mapLinks(latitude, longitude, t).map((link) => (
            <li key={link.label}>
              <a href={link.href} target={link.href.startsWith("geo:") ? undefined : "_blank"} rel="noreferrer">
                <PinIcon size={16} /> {link.label}
              </a>
            </li>
          ))}
        </ul>
      </section>
      <section className="card" aria-labelledby="map-title">
        <h2 id="map-title">{t("things.location.onMap")}</h2>
        <LocationMap latitude={latitude} longitude={longitude} label={thing.name} />
      </section>
    </div>
  );
}
