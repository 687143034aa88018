// A thing's attributes by type on its page (issue 26), as entries of the "About" card's list:
// a tree's species (English, botanical and German names), planting year, trunk girth and height;
// a planter's or bed's soil; a bee cafe's flowers; its register id when it was imported; and what
// the water-need model counts for it, so "needs water" can be traced to a young tree's small store.
import { heightClassLabel, seasonLabel } from "./thing-attributes.ts";
import type { ThingDetails } from "./types.ts";

/** A figure, or a dash where the schema has none. */
const number = (value: number | null) => (value === null ? "—" : new Intl.NumberFormat("en-GB", { maximumFractionDigits: 2 }).format(value));

function Entry({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

export function ThingInventoryDetails({ thing }: { thing: ThingDetails }) {
  const species = thing.treeSpeciesEntryBySpeciesId;
  const plants = (thing.floweringPlants ?? []).filter(Boolean);
  const seasons = (thing.floweringSeasons ?? []).filter(<S,>(s: S | null): s is S => Boolean(s));
  const water = thing.waterParameters;
  const soil = [
    thing.volumeLitres != null ? `${number(thing.volumeLitres)} litres` : null,
    thing.soilAreaM2 != null ? `${number(thing.soilAreaM2)} m²` : null,
  ].filter(Boolean);
  return (
    <>
      {species ? (
        <Entry term="Species">
          {species.commonNameEn} (<i lang="la">{species.botanicalName}</i>; <span lang="de">{species.commonNameDe}</span>)
        </Entry>
      ) : null}
      {thing.plantingYear != null ? <Entry term="Planted">{thing.plantingYear}</Entry> : null}
      {thing.trunkGirthCm != null ? <Entry term="Trunk girth">{thing.trunkGirthCm} cm</Entry> : null}
      {thing.heightClass ? <Entry term="Height">{heightClassLabel(thing.heightClass)}</Entry> : null}
      {soil.length ? <Entry term="Soil">{soil.join(" over ")}</Entry> : null}
      {plants.length ? <Entry term="Flowering plants">{plants.join(", ")}</Entry> : null}
      {seasons.length ? <Entry term="Flowers in">{seasons.map(seasonLabel).join(", ")}</Entry> : null}
      {thing.externalId ? <Entry term="Register id">{thing.externalId}</Entry> : null}
      {water ? (
        <Entry term="Water store">
          About {number(water.capacityLitres)} litres ({number(water.capacityMm)} mm over {number(water.areaM2)} m²), from {water.basis}; it
          needs water below {number(water.refillMm)} mm.
        </Entry>
      ) : null}
    </>
  );
}
