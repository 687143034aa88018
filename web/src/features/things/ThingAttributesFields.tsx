// The attributes of the chosen type in the thing form (issue 26): a tree's species (from the
// bundled list), planting year, trunk girth and height class; a planter's or bed's volume and
// soil area; a bee cafe's flowering plants and seasons. Nothing for other types. The hints say
// what the water-need model does with them.
import { useQuery } from "urql";
import { FormField } from "../../components/FormField.tsx";
import type { FormState } from "../../lib/use-form.ts";
import { SelectField } from "./fields.tsx";
import { HEIGHT_CLASSES, SEASONS, attributeKind, seasonList } from "./thing-attributes.ts";
import type { ThingField } from "./thing-form.ts";
import { TreeSpeciesDocument as TreeSpeciesQuery } from "./TreeSpecies.generated.ts";

export interface TreeSpecies {
  id: string;
  botanicalName: string;
  commonNameEn: string;
  commonNameDe: string;
}

export function useTreeSpecies(pause = false) {
  const [result] = useQuery({ query: TreeSpeciesQuery, pause });
  return result.data?.allTreeSpeciesEntries?.nodes ?? [];
}

export function ThingAttributesFields({ form }: { form: FormState<ThingField> }) {
  const kind = attributeKind(form.values.type);
  const species = useTreeSpecies(kind !== "tree");
  if (kind === null) return null;

  if (kind === "tree") {
    return (
      <fieldset className="form-section">
        <legend>About the tree</legend>
        <SelectField
          label="Species"
          name="speciesId"
          hint="Common street trees of the UK and Germany. Leave it unset if it is not listed."
          value={form.values.speciesId}
          onChange={(event) => form.setValue("speciesId", event.target.value)}
        >
          <option value="">Not known</option>
          {form.values.speciesId && !species.some((s) => s.id === form.values.speciesId) ? (
            <option value={form.values.speciesId}>{form.values.speciesId}</option>
          ) : null}
          {species.map((s) => (
            <option key={s.id} value={s.id}>
              {s.commonNameEn} ({s.botanicalName}; {s.commonNameDe})
            </option>
          ))}
        </SelectField>
        <FormField
          label="Planting year"
          hint="A tree planted in the last three years has only its root ball to draw on, so it needs water sooner."
          inputMode="numeric"
          autoComplete="off"
          error={form.errors.plantingYear}
          {...form.field("plantingYear")}
        />
        <FormField
          label="Trunk girth (cm)"
          hint="Around the trunk at 1.3 m above the ground."
          inputMode="numeric"
          autoComplete="off"
          error={form.errors.trunkGirthCm}
          {...form.field("trunkGirthCm")}
        />
        <SelectField
          label="Height"
          name="heightClass"
          value={form.values.heightClass}
          onChange={(event) => form.setValue("heightClass", event.target.value)}
        >
          <option value="">Not known</option>
          {HEIGHT_CLASSES.map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </SelectField>
      </fieldset>
    );
  }

  if (kind === "soil") {
    return (
      <fieldset className="form-section">
        <legend>Its soil</legend>
        <FormField
          label="Volume (litres)"
          hint="How much soil it holds: it sets how much water it can store."
          inputMode="decimal"
          autoComplete="off"
          error={form.errors.volumeLitres}
          {...form.field("volumeLitres")}
        />
        <FormField
          label="Soil area (m²)"
          hint="The soil's surface: a watering spreads over it."
          inputMode="decimal"
          autoComplete="off"
          error={form.errors.soilAreaM2}
          {...form.field("soilAreaM2")}
        />
      </fieldset>
    );
  }

  const seasons = seasonList(form.values.floweringSeasons);
  const toggle = (code: string, on: boolean) => {
    const next = SEASONS.map(([c]) => c).filter((c) => (c === code ? on : seasons.includes(c)));
    form.setValue("floweringSeasons", next.join(","));
  };
  return (
    <fieldset className="form-section">
      <legend>Its flowers</legend>
      <FormField
        label="Flowering plants"
        hint="Separated by commas, e.g. lavender, borage, thyme."
        autoComplete="off"
        error={form.errors.floweringPlants}
        {...form.field("floweringPlants")}
      />
      <fieldset className="checkbox-group">
        <legend>Flowering seasons</legend>
        {SEASONS.map(([code, label]) => (
          <label key={code} className="checkbox-inline">
            <input type="checkbox" checked={seasons.includes(code)} onChange={(event) => toggle(code, event.target.checked)} /> {label}
          </label>
        ))}
      </fieldset>
    </fieldset>
  );
}
