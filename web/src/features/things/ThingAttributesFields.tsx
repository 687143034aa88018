// The attributes of the chosen type in the thing form (issue 26): a tree's species (from the
// bundled list), planting year, trunk girth and height class; a planter's or bed's volume and
// soil area; a bee cafe's flowering plants and seasons. Nothing for other types. The hints say
// what the water-need model does with them.
import { useQuery } from "urql";
import { FormField } from "../../components/FormField.tsx";
import { useLocale, useT } from "../../lib/i18n/locale-context.tsx";
import type { FormState } from "../../lib/use-form.ts";
import { SelectField } from "./fields.tsx";
import { HEIGHT_CLASSES, SEASONS, attributeKind, heightClassLabel, seasonLabel, seasonList } from "./thing-attributes.ts";
import type { ThingField } from "./thing-form.ts";
import { TreeSpeciesDocument as TreeSpeciesQuery } from "./TreeSpecies.generated.ts";
import { thingsTexts } from "./texts.ts";
import { thingWordsTexts } from "./thing-words.ts";
import styles from "./things.module.css";

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
  const t = useT(thingsTexts, thingWordsTexts);
  const { locale } = useLocale();
  const kind = attributeKind(form.values.type);
  const species = useTreeSpecies(kind !== "tree");
  if (kind === null) return null;

  if (kind === "tree") {
    return (
      <fieldset className={styles.formSection}>
        <legend>{t("things.attributes.aboutTree")}</legend>
        <SelectField
          label={t("things.attributes.species")}
          name="speciesId"
          hint={t("things.attributes.speciesHint")}
          value={form.values.speciesId}
          onChange={(event) => form.setValue("speciesId", event.target.value)}
        >
          <option value="">{t("things.attributes.notKnown")}</option>
          {form.values.speciesId && !species.some((s) => s.id === form.values.speciesId) ? (
            <option value={form.values.speciesId}>{form.values.speciesId}</option>
          ) : null}
          {species.map((s) => (
            <option key={s.id} value={s.id}>
              {/* The reader's language's common name first; the other two to tell species apart. */}
              {locale === "de"
                ? `${s.commonNameDe} (${s.botanicalName}; ${s.commonNameEn})`
                : `${s.commonNameEn} (${s.botanicalName}; ${s.commonNameDe})`}
            </option>
          ))}
        </SelectField>
        <FormField
          label={t("things.attributes.plantingYear")}
          hint={t("things.attributes.plantingYearHint")}
          inputMode="numeric"
          autoComplete="off"
          error={form.errors.plantingYear}
          {...form.field("plantingYear")}
        />
        <FormField
          label={t("things.attributes.trunkGirth")}
          hint={t("things.attributes.trunkGirthHint")}
          inputMode="numeric"
          autoComplete="off"
          error={form.errors.trunkGirthCm}
          {...form.field("trunkGirthCm")}
        />
        <SelectField
          label={t("things.attributes.height")}
          name="heightClass"
          value={form.values.heightClass}
          onChange={(event) => form.setValue("heightClass", event.target.value)}
        >
          <option value="">{t("things.attributes.notKnown")}</option>
          {HEIGHT_CLASSES.map(([code]) => (
            <option key={code} value={code}>
              {heightClassLabel(code, t)}
            </option>
          ))}
        </SelectField>
      </fieldset>
    );
  }

  if (kind === "soil") {
    return (
      <fieldset className={styles.formSection}>
        <legend>{t("things.attributes.soil")}</legend>
        <FormField
          label={t("things.attributes.volume")}
          hint={t("things.attributes.volumeHint")}
          inputMode="decimal"
          autoComplete="off"
          error={form.errors.volumeLitres}
          {...form.field("volumeLitres")}
        />
        <FormField
          label={t("things.attributes.soilArea")}
          hint={t("things.attributes.soilAreaHint")}
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
    <fieldset className={styles.formSection}>
      <legend>{t("things.attributes.flowers")}</legend>
      <FormField
        label={t("things.attributes.floweringPlants")}
        hint={t("things.attributes.floweringPlantsHint")}
        autoComplete="off"
        error={form.errors.floweringPlants}
        {...form.field("floweringPlants")}
      />
      <fieldset>
        <legend>{t("things.attributes.seasons")}</legend>
        {SEASONS.map(([code]) => (
          <label key={code}>
            <input type="checkbox" checked={seasons.includes(code)} onChange={(event) => toggle(code, event.target.checked)} />{" "}
            {seasonLabel(code, t)}
          </label>
        ))}
      </fieldset>
    </fieldset>
  );
}
