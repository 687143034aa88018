// The list beside the map (desktop) or in a bottom sheet (phone): the filters "Needs water" and
// "Near me", then the things around, thirstiest first (or nearest first, by the API's metres),
// each one tap from its card. On a phone the sheet shows the chosen thing's card in place of the
// list, so recording a watering is two taps from the page: the thing, then "Record watering".
import type { ReactNode } from "react";
import { term } from "../../../../shared/branding.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { formatMetres } from "../../lib/distance.ts";
import { NeedBadge, NeedLegend } from "../../components/water-need/NeedLegend.tsx";
import type { Care, ListThing } from "./use-care.ts";
import { needStyle } from "../../components/water-need/water-need.ts";

/** How many things the list shows at most. */
export const LIST_MAX = 30;

function CareFilters({ care }: { care: Care }) {
  return (
    <div className="care-filters" role="group" aria-label="Filters">
      <button
        type="button"
        className="care-filter"
        aria-pressed={care.needsWaterOnly}
        onClick={() => care.setNeedsWaterOnly(!care.needsWaterOnly)}
      >
        <NeedBadge need="NEEDS_WATER" size={16} /> Needs water
      </button>
      <button type="button" className="care-filter" aria-pressed={care.nearMe} aria-busy={care.locating} onClick={care.toggleNearMe} disabled={care.locating}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="3.2" fill="currentColor" />
          <circle cx="12" cy="12" r="7.2" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
        {care.locating ? "Finding you…" : "Near me"}
      </button>
    </div>
  );
}

function CareRow({ thing, selected, onChoose }: { thing: ListThing; selected: boolean; onChoose(thing: ListThing): void }) {
  const need = needStyle(thing.waterNeed);
  return (
    <li>
      <button type="button" className={`care-row${selected ? " care-row-selected" : ""}`} data-thing-id={thing.id} data-need={need.need} onClick={() => onChoose(thing)}>
        <NeedBadge need={thing.waterNeed} size={22} />
        <span className="care-row-text">
          <span className="care-row-name">{thing.name}</span>
          <span className="care-row-meta">
            {need.label}
            {thing.distanceMetres !== undefined ? ` · ${formatMetres(thing.distanceMetres)} away` : ""}
          </span>
        </span>
      </button>
    </li>
  );
}

export function CareList({ care }: { care: Care }) {
  const b = useBranding();
  const things = care.list.slice(0, LIST_MAX);
  const thirsty = care.list.filter((t) => t.waterNeed === "NEEDS_WATER").length;
  return (
    <>
      <div className="care-head">
        <h2 className="care-title">{care.nearMe ? `Nearest ${term(b, "things")}` : `${term(b, "things", true)} around`}</h2>
        <p className="care-summary" aria-live="polite">
          {care.listLoading ? "Looking around you…" : thirsty > 0 ? `${thirsty} need${thirsty === 1 ? "s" : ""} water` : `${things.length} shown`}
        </p>
      </div>
      <CareFilters care={care} />
      {things.length === 0 && !care.listLoading ? (
        <p className="care-empty">
          {care.needsWaterOnly
            ? `No ${term(b, "things")} here need water. Move the map or zoom in to look further.`
            : `No ${term(b, "things")} drawn here: zoom in on a cluster, or move the map.`}
        </p>
      ) : (
        <ul className="care-list" aria-label={care.nearMe ? "Nearest first" : "Thirstiest first"}>
          {things.map((t) => (
            <CareRow key={t.id} thing={t} selected={care.selected?.id === t.id} onChoose={care.choose} />
          ))}
        </ul>
      )}
      <details className="care-legend">
        <summary>What the markers mean</summary>
        <NeedLegend />
      </details>
    </>
  );
}

/** Desktop: the list in a column beside the map. */
export function CareSide({ care }: { care: Care }) {
  return (
    <aside className="care-side" aria-label="Things around">
      <CareList care={care} />
    </aside>
  );
}

/** Phone: a sheet over the bottom of the map, with the list, or the chosen thing's card. */
export function CareSheet({ care, card }: { care: Care; card: ReactNode }) {
  return (
    <section className={`care-sheet${care.selected ? " care-sheet-card" : ""}`} aria-label={care.selected ? care.selected.name : "Things around"}>
      <span className="care-sheet-handle" aria-hidden="true" />
      {care.selected ? (
        <>
          <button type="button" className="care-sheet-back" onClick={() => care.select(null)}>
            ← Back to the list
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
