// The list beside the map (desktop) or in a bottom sheet (phone): the filters "Needs water" and
// "Near me", then the things around, thirstiest first (or nearest first, by the API's metres),
// each one tap from its card. On a phone the sheet shows the chosen thing's card in place of the
// list, so recording a watering is two taps from the page: the thing, then "Record watering".
import type { ReactNode } from "react";
import { useBranding } from "../../lib/config-context.tsx";
import { formatMetres } from "../../lib/distance.ts";
import { NeedBadge, NeedLegend } from "../../components/water-need/NeedLegend.tsx";
import type { Care, ListThing } from "./use-care.ts";
import { needStyle } from "../../components/water-need/water-need.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { mapTexts } from "./texts.ts";
import styles from "./map.module.css";

/** How many things the list shows at most. */
export const LIST_MAX = 30;

function CareFilters({ care }: { care: Care }) {
  const t = useT(mapTexts);
  return (
    <div className={styles.careFilters} role="group" aria-label={t("care.filters")}>
      <button
        type="button"
        className={`${styles.careFilter} care-filter`}
        aria-pressed={care.needsWaterOnly}
        onClick={() => care.setNeedsWaterOnly(!care.needsWaterOnly)}
      >
        <NeedBadge need="NEEDS_WATER" size={16} /> {t("care.needsWater")}
      </button>
      <button
        type="button"
        className={`${styles.careFilter} care-filter`}
        aria-pressed={care.nearMe}
        aria-busy={care.locating}
        onClick={care.toggleNearMe}
        disabled={care.locating}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="3.2" fill="currentColor" />
          <circle cx="12" cy="12" r="7.2" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
        {care.locating ? t("care.finding") : t("care.nearMe")}
      </button>
    </div>
  );
}

function CareRow({ thing, selected, onChoose }: { thing: ListThing; selected: boolean; onChoose(thing: ListThing): void }) {
  const t = useT(mapTexts);
  const need = needStyle(thing.waterNeed);
  return (
    <li>
      <button
        type="button"
        className={`${styles.careRow}${selected ? ` ${styles.careRowSelected}` : ""} care-row`}
        data-thing-id={thing.id}
        data-need={need.need}
        onClick={() => onChoose(thing)}
      >
        <NeedBadge need={thing.waterNeed} size={22} />
        <span className={styles.careRowText}>
          <span className={styles.careRowName}>{thing.name}</span>
          <span className={styles.careRowMeta}>
            {t(`need.${need.need}.label`)}
            {thing.distanceMetres !== undefined ? ` · ${t("care.away", { distance: formatMetres(thing.distanceMetres) })}` : ""}
          </span>
        </span>
      </button>
    </li>
  );
}

export function CareList({ care }: { care: Care }) {
  const b = useBranding();
  const t = useT(mapTexts);
  const brand = { brand: b.key };
  const things = care.list.slice(0, LIST_MAX);
  const thirsty = care.list.filter((t) => t.waterNeed === "NEEDS_WATER").length;
  return (
    <>
      <div className={styles.careHead}>
        <h2 className={styles.careTitle}>{care.nearMe ? t("care.nearestTitle", brand) : t("care.aroundTitle", brand)}</h2>
        <p className={styles.careSummary} aria-live="polite">
          {care.listLoading
            ? t("care.looking")
            : thirsty > 0
              ? t("care.thirsty", { count: thirsty })
              : t("care.shown", { count: things.length })}
        </p>
      </div>
      <CareFilters care={care} />
      {things.length === 0 && !care.listLoading ? (
        <p className={styles.careEmpty}>{care.needsWaterOnly ? t("care.noneThirsty", brand) : t("care.noneDrawn", brand)}</p>
      ) : (
        <ul className={styles.careList} aria-label={care.nearMe ? t("care.nearestFirst") : t("care.thirstiestFirst")}>
          {things.map((t) => (
            <CareRow key={t.id} thing={t} selected={care.selected?.id === t.id} onChoose={care.choose} />
          ))}
        </ul>
      )}
      <details className={styles.careLegend}>
        <summary>{t("care.legend")}</summary>
        <NeedLegend />
      </details>
    </>
  );
}

/** Desktop: the list in a column beside the map. */
export function CareSide({ care }: { care: Care }) {
  const t = useT(mapTexts);
  return (
    <aside className={styles.careSide} aria-label={t("care.thingsAround")}>
      <CareList care={care} />
    </aside>
  );
}

/** Phone: a sheet over the bottom of the map, with the list, or the chosen thing's card. */
export function CareSheet({ care, card }: { care: Care; card: ReactNode }) {
  const t = useT(mapTexts);
  return (
    <section
      className={`${styles.careSheet}${care.selected ? ` ${styles.careSheetCard}` : ""} care-sheet`}
      aria-label={care.selected ? care.selected.name : t("care.thingsAround")}
    >
      <span className={styles.careSheetHandle} aria-hidden="true" />
      {care.selected ? (
        <>
          <button type="button" className={styles.careSheetBack} onClick={() => care.select(null)}>
            {t("care.backToList")}
          </button>
          <div role="dialog" aria-label={care.selected.name}>
            {card}
          </div>
        </>
      ) : (
        <CareList care={care} />
      )}
    </section>
  );
}
