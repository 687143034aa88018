// The soil at a place (Soilscapes class from the layer loaded into the database): the class and
// its nine attributes, each explained in plain words, with what texture and drainage mean for
// watering.
//
//   <SoilscapePanel latitude={thing.location.x} longitude={thing.location.y} />
import { useId, type ReactNode } from "react";
import { useQuery } from "urql";
import { drainageAdvice, isFiniteNumber, SOIL_ATTRIBUTES, soilAdvice, textureAdvice, type SoilAttribute } from "./env-format.ts";
import { errorText, Panel, PanelError, PanelLoading } from "./parts.tsx";
import { EnvSoilscapeDocument as EnvSoilscape } from "./EnvSoilscape.generated.ts";
import styles from "./environment.module.css";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { environmentTexts, type EnvironmentT, environmentEnglishT } from "./texts.ts";

/** A sentence with a {command} in it, the command set as code. */
function withCommand(t: EnvironmentT, key: "soil.noneMapped", command: string) {
  const [before, after = ""] = t(key, { command: "\u0001" }).split("\u0001");
  return (
    <>
      {before}
      <code>{command}</code>
      {after}
    </>
  );
}

export interface SoilscapeData extends Record<SoilAttribute, string | null> {
  classNumber: number | null;
  name: string;
  isSample: boolean;
  attribution: string;
  source: string | null;
}

export interface SoilscapePanelProps {
  latitude: number;
  longitude: number;
  thingId?: string;
  title?: string;
  headingLevel?: 2 | 3;
}

/** The "what it means for watering" summary from texture and drainage. */
export function wateringSummary(soil: Pick<SoilscapeData, "texture" | "drainage">, t: EnvironmentT = environmentEnglishT): string[] {
  return [textureAdvice(soil.texture, t), drainageAdvice(soil.drainage, t)].filter((x): x is string => Boolean(x));
}

/** The class and its attributes (also used by the map's popup). */
export function SoilscapeDetails({
  soil,
  headingLevel = 3,
  compact = false,
}: {
  soil: SoilscapeData;
  headingLevel?: 3 | 4;
  compact?: boolean;
}) {
  const t = useT(environmentTexts);
  const Heading = headingLevel === 4 ? "h4" : "h3";
  const advice = wateringSummary(soil, t);
  return (
    <div className={styles.soil}>
      <p className={styles.soilClass}>
        <strong>{soil.name}</strong>
        {isFiniteNumber(soil.classNumber) ? <span className="muted"> · {t("soil.class", { number: soil.classNumber })}</span> : null}
      </p>
      {advice.length > 0 ? (
        <div className={`${styles.hint} ${styles.hintSoil}`}>
          <Heading className={styles.hintTitle}>{t("soil.forWatering")}</Heading>
          {advice.map((a) => (
            <p key={a}>{a}</p>
          ))}
        </div>
      ) : null}
      <dl className={compact ? `${styles.soilList} ${styles.soilCompact}` : styles.soilList}>
        {SOIL_ATTRIBUTES.map((attribute) => {
          const value = soil[attribute];
          const note = compact ? null : attribute === "texture" || attribute === "drainage" ? null : soilAdvice(attribute, value, t);
          return (
            <div key={attribute} className={styles.soilItem}>
              <dt>
                {t(`soil.${attribute}.label`)}
                {compact ? null : <span className={styles.soilAbout}>{t(`soil.${attribute}.about`)}</span>}
              </dt>
              <dd>
                {value ?? <span className="muted">{t("soil.notRecorded")}</span>}
                {note ? <span className={styles.soilNote}>{note}</span> : null}
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}

export function SoilscapePanel({ latitude, longitude, title, headingLevel = 2 }: SoilscapePanelProps) {
  const t = useT(environmentTexts);
  const valid = isFiniteNumber(latitude) && isFiniteNumber(longitude);
  const [result, reexecute] = useQuery({
    query: EnvSoilscape,
    variables: { x: latitude, y: longitude },
    pause: !valid,
  });
  const id = useId();
  const soil = result.data?.soilscape ?? null;

  let body: ReactNode;
  if (!valid) {
    body = <p className="muted">{t("soil.noCoordinates")}</p>;
  } else if (result.fetching && !result.data) {
    body = <PanelLoading label={t("soil.loading")} />;
  } else if (result.error && !result.data) {
    body = <PanelError message={errorText(result.error)} onRetry={() => reexecute({ requestPolicy: "network-only" })} />;
  } else if (!soil) {
    body = <p className={styles.empty}>{withCommand(t, "soil.noneMapped", "npm run import:soilscapes")}</p>;
  } else {
    body = (
      <>
        {soil.isSample ? (
          <p className={`${styles.notice} ${styles.noticeSample} env-notice`} role="note">
            {t("soil.sample")}
          </p>
        ) : null}
        <SoilscapeDetails soil={soil} headingLevel={headingLevel === 3 ? 4 : 3} />
        <p className={styles.attribution}>{soil.attribution}</p>
      </>
    );
  }

  return (
    <Panel id={id} title={title ?? t("soil.title")} headingLevel={headingLevel}>
      {body}
    </Panel>
  );
}
