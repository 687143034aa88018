// The soilscape tab: the soil under the thing as stored on it (texture, drainage, fertility,
// land cover, habitats, carbon, where water drains to, water protection, typical cropping).
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import type { ThingDetails } from "./types.ts";
import { SoilscapePanel } from "../../components/environment/index.ts";
import { thingsTexts, type ThingsKey } from "./texts.ts";
import { thingWordsTexts } from "./thing-words.ts";
import styles from "./things.module.css";

// The values are the soilscape layer's own words (its English class names), shown as they are.
const FIELDS: { key: keyof ThingDetails; label: ThingsKey }[] = [
  { key: "texture", label: "things.soil.texture" },
  { key: "drainage", label: "things.soil.drainage" },
  { key: "fertility", label: "things.soil.fertility" },
  { key: "landcover", label: "things.soil.landcover" },
  { key: "habitats", label: "things.soil.habitats" },
  { key: "carbon", label: "things.soil.carbon" },
  { key: "drainsTo", label: "things.soil.drainsTo" },
  { key: "waterProtection", label: "things.soil.waterProtection" },
  { key: "generalCropping", label: "things.soil.generalCropping" },
];

export function ThingSoilscape({ thing }: { thing: ThingDetails }) {
  const b = useBranding();
  const t = useT(thingsTexts, thingWordsTexts);
  const brand = { brand: b.key };
  const known = FIELDS.filter((field) => {
    const value = thing[field.key];
    return typeof value === "string" && value.trim() !== "";
  });
  return (
    <section className="card" aria-labelledby="soil-title">
      <h2 id="soil-title">{t("things.tab.soilscape")}</h2>
      {known.length === 0 ? (
        <>
          <p>{t("things.soil.none", brand)}</p>
          <SoilscapePanel latitude={thing.location.x} longitude={thing.location.y} title={t("things.soil.atThisPlace")} headingLevel={3} />
        </>
      ) : (
        <>
          <p className="muted small">{t("things.soil.lead", brand)}</p>
          <dl className="details">
            {known.map((field) => (
              <div key={field.key} className={styles.detailsRow}>
                <dt>{t(field.label)}</dt>
                <dd>{String(thing[field.key])}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}
