// A thing's attributes by type on its page (issue 26), as entries of the "About" card's list:
// a tree's species (English, botanical and German names), planting year, trunk girth and height;
// a planter's or bed's soil; a bee cafe's flowers; its register id when it was imported; and what
// the water-need model counts for it, so "needs water" can be traced to a young tree's small store.
import { dateSettings } from "../../lib/dates.ts";
import { useLocale, useT } from "../../lib/i18n/locale-context.tsx";
import { heightClassLabel, seasonLabel } from "./thing-attributes.ts";
import type { ThingDetails } from "./types.ts";
import { thingsTexts, type ThingsKey } from "./texts.ts";
import { thingWordsTexts } from "./thing-words.ts";

/** A figure, or a dash where the schema has none. */
const number = (value: number | null) =>
  value === null ? "—" : new Intl.NumberFormat(dateSettings().locale, { maximumFractionDigits: 2 }).format(value);

/** What the model's figures come from (app_hidden.thing_water_parameters' basis), in the reader's words. */
const BASES: Record<string, ThingsKey> = {
  "young tree": "things.basis.youngTree",
  "established tree": "things.basis.establishedTree",
  "tree of unknown age": "things.basis.unknownAge",
  "its soil volume and area": "things.basis.volumeAndArea",
  "its soil volume": "things.basis.volume",
  "its soil area": "things.basis.area",
  "the type's typical size": "things.basis.typical",
};

function Entry({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

export function ThingInventoryDetails({ thing }: { thing: ThingDetails }) {
  const t = useT(thingsTexts, thingWordsTexts);
  const { locale } = useLocale();
  const species = thing.treeSpeciesEntryBySpeciesId;
  const plants = (thing.floweringPlants ?? []).filter(Boolean);
  const seasons = (thing.floweringSeasons ?? []).filter(<S,>(s: S | null): s is S => Boolean(s));
  const water = thing.waterParameters;
  const volume = thing.volumeLitres != null ? t("things.details.litres", { litres: number(thing.volumeLitres) }) : null;
  const area = thing.soilAreaM2 != null ? `${number(thing.soilAreaM2)} m²` : null;
  const soil = volume && area ? t("things.details.volumeOverArea", { volume, area }) : (volume ?? area);
  return (
    <>
      {species ? (
        <Entry term={t("things.attributes.species")}>
          {locale === "de" ? species.commonNameDe : species.commonNameEn} (<i lang="la">{species.botanicalName}</i>;{" "}
          {locale === "de" ? <span lang="en">{species.commonNameEn}</span> : <span lang="de">{species.commonNameDe}</span>})
        </Entry>
      ) : null}
      {thing.plantingYear != null ? <Entry term={t("things.details.planted")}>{thing.plantingYear}</Entry> : null}
      {thing.trunkGirthCm != null ? <Entry term={t("things.details.trunkGirth")}>{thing.trunkGirthCm} cm</Entry> : null}
      {thing.heightClass ? <Entry term={t("things.attributes.height")}>{heightClassLabel(thing.heightClass, t)}</Entry> : null}
      {soil ? <Entry term={t("things.details.soil")}>{soil}</Entry> : null}
      {plants.length ? <Entry term={t("things.attributes.floweringPlants")}>{plants.join(", ")}</Entry> : null}
      {seasons.length ? <Entry term={t("things.details.flowersIn")}>{seasons.map((s) => seasonLabel(s, t)).join(", ")}</Entry> : null}
      {thing.externalId ? <Entry term={t("things.details.registerId")}>{thing.externalId}</Entry> : null}
      {water ? (
        <Entry term={t("things.details.waterStore")}>
          {t("things.details.waterStoreText", {
            litres: number(water.capacityLitres),
            mm: number(water.capacityMm),
            area: number(water.areaM2),
            basis: BASES[water.basis ?? ""] ? t(BASES[water.basis ?? ""]) : water.basis,
            refill: number(water.refillMm),
          })}
        </Entry>
      ) : null}
    </>
  );
}
