// The group's things, with the list toolkit: search (on the server), sort, filters by type and
// colour, tiles or rows, and paging; remembered per group.
import { Link } from "react-router";
import {
  EmptyState,
  FilterSelect,
  ItemCard,
  ItemList,
  LayoutToggle,
  ListContent,
  ListFooter,
  ListToolbar,
  SearchBox,
  SortSelect,
  listCondition,
  useServerList,
} from "../../components/list/index.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { paths } from "../../routes/paths.ts";
import { GroupThingsDocument as GroupThingsQuery } from "./GroupThings.generated.ts";
import { THING_TYPES } from "../things/thing-meta.ts";
import { errorText, formatDate, thingTypeLabel, timeAgo } from "./meta.ts";
import { usePictureUrl } from "./ui.tsx";
import type { GroupState } from "./use-group.ts";
import { groupsTexts } from "./texts.ts";
import styles from "./groups.module.css";

type Sort = "name" | "newest" | "cared";
const ORDER: Record<Sort, string[]> = {
  name: ["NAME_ASC", "ID_ASC"],
  newest: ["CREATED_AT_DESC", "ID_ASC"],
  cared: ["LAST_ACTION_DESC", "ID_ASC"],
};

const COLOURS = ["red", "orange", "green", "blue"] as const;
type Colour = (typeof COLOURS)[number];
const isColour = (value: string | null | undefined): value is Colour => (COLOURS as readonly (string | null | undefined)[]).includes(value);

export function GroupThingsTab({ state }: { state: GroupState }) {
  const t = useT(groupsTexts);
  const brand = { brand: useBranding().key };
  const picture = usePictureUrl();
  const group = state.group!;
  // Each group's list is remembered on its own: a search in one group means nothing in another.
  const { list, result } = useServerList(
    `group-things.${group.id}`,
    {
      defaults: { search: "", sort: "name", layout: "tiles", filters: { type: "", colour: "" } },
      sorts: ["name", "newest", "cared"],
      filters: { type: THING_TYPES, colour: COLOURS },
    },
    {
      query: GroupThingsQuery,
      variables: (list, search) => ({
        id: group.id,
        orderBy: ORDER[list.sort],
        condition: listCondition(search, { type: list.filters.type, indicatorColour: list.filters.colour }),
      }),
      connection: (data) => data.groupById?.thingsByGroupId,
      pageSize: 24,
    },
  );
  const shown = result.nodes;

  return (
    <>
      <div className="section-title">
        <h2>{t("groups.tab.things", brand)}</h2>
        {state.isMember ? (
          <Link className="button button-secondary" to="/things/new">
            {t("groups.addThing", brand)}
          </Link>
        ) : null}
      </div>
      {result.nodes.length > 0 || list.narrowed ? (
        <ListToolbar label={t("groups.thingsListOptions", brand)}>
          <SearchBox label={t("groups.searchThings", brand)} value={list.search} onChange={list.setSearch} />
          <SortSelect
            value={list.sort}
            onChange={list.setSort}
            options={[
              { value: "name", label: t("groups.sortName") },
              { value: "newest", label: t("groups.sortNewest") },
              { value: "cared", label: t("groups.sortCared") },
            ]}
          />
          <FilterSelect
            label={t("groups.typeLabel")}
            value={list.filters.type}
            onChange={(v) => list.setFilter("type", v)}
            allLabel={t("groups.allTypes")}
            options={[...THING_TYPES]
              .map((type) => ({ value: type, label: thingTypeLabel(type, t) }))
              .sort((a, c) => a.label.localeCompare(c.label))}
          />
          <FilterSelect
            label={t("groups.colour")}
            value={list.filters.colour}
            onChange={(v) => list.setFilter("colour", v)}
            allLabel={t("groups.anyColour")}
            options={COLOURS.map((c) => ({ value: c, label: t(`groups.colour.${c}`) }))}
          />
          <LayoutToggle value={list.layout} onChange={list.setLayout} />
        </ListToolbar>
      ) : null}
      <ListContent
        layout={list.layout}
        load={result}
        errorMessage={(error) => errorText(error, t("groups.thingsLoadFailed", brand))}
        loadingLabel={t("groups.thingsLoading", brand)}
        skeletonCount={3}
        empty={
          shown.length > 0 ? null : list.narrowed ? (
            <EmptyState title={t("groups.thingsNoneMatch", brand)} action={{ label: t("groups.clearFilters"), onClick: list.reset }}>
              <p>{t("groups.fewerFilters")}</p>
            </EmptyState>
          ) : (
            <EmptyState
              title={t("groups.thingsNoneYet", brand)}
              action={state.isMember ? { label: t("groups.addThing", brand), to: "/things/new" } : null}
            >
              <p>{state.isMember ? t("groups.addThingsText", brand) : t("groups.thingsNoneYetText", brand)}</p>
            </EmptyState>
          )
        }
      >
        <ItemList layout={list.layout} label={t("groups.thingsOf", { ...brand, name: group.name })} busy={result.refreshing}>
          {shown.map((thing) => (
            <ItemCard
              key={thing.id}
              to={paths.thing(thing.id)}
              title={thing.name}
              picture={picture("thing", thing)}
              meta={
                <>
                  {thingTypeLabel(thing.type, t)}
                  {" · "}
                  {thing.lastAction
                    ? t("groups.caredFor", { when: timeAgo(thing.lastAction) })
                    : t("groups.added", { date: formatDate(thing.createdAt) })}
                </>
              }
              description={thing.locationDescription || thing.description}
              badges={
                <>
                  {isColour(thing.indicatorColour) ? (
                    <span className={`tag ${styles.indicator} ${styles[thing.indicatorColour]}`}>
                      {t(`groups.colour.${thing.indicatorColour}`)}
                    </span>
                  ) : null}
                  {thing.isPublic ? null : <span className="tag tag-warning">{t("groups.private")}</span>}
                </>
              }
            />
          ))}
        </ItemList>
      </ListContent>
      {shown.length > 0 ? (
        <ListFooter
          count={{
            shown: shown.length,
            total: result.totalCount,
            noun: [t("groups.thingNoun", { ...brand, count: 1 }), t("groups.thingNoun", { ...brand, count: 2 })],
            narrowed: list.narrowed,
          }}
          more={result}
          moreLabel={t("groups.thingsLoadMore", brand)}
        />
      ) : null}
    </>
  );
}
