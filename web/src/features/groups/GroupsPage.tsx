// /groups: every group this visitor can see, as tiles or a list, with search (on the server, so
// groups not loaded yet are found too), sort by name or newest, filters by type and visibility,
// and "load more" paging.
import { useMemo } from "react";
import { Link } from "react-router";
import { useQuery } from "urql";
import {
  EmptyState,
  FilterChips,
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
  listClasses,
} from "../../components/list/index.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { GroupsDocument as GroupsQuery } from "./Groups.generated.ts";
import { MyMembershipsDocument as MyMembershipsQuery } from "./MyMemberships.generated.ts";
import { errorText, GROUP_TYPES, groupTypeLabel } from "./meta.ts";
import { usePictureUrl } from "./ui.tsx";
import { groupsTexts } from "./texts.ts";

type Sort = "name" | "newest";

const ORDER: Record<Sort, string[]> = { name: ["NAME_ASC", "ID_ASC"], newest: ["CREATED_AT_DESC", "ID_ASC"] };

export default function GroupsPage() {
  const t = useT(groupsTexts);
  const brand = { brand: useBranding().key };
  const { signedIn, session } = useSession();
  const picture = usePictureUrl();

  const { list, result } = useServerList(
    "groups",
    {
      defaults: { search: "", sort: "name", layout: "tiles", filters: { type: "", visibility: "" } },
      sorts: ["name", "newest"],
      filters: { type: GROUP_TYPES, visibility: ["public", "private", "mine"] },
    },
    {
      query: GroupsQuery,
      variables: (list, search) => {
        // Guests see public groups only; a remembered "mine"/"private" filter waits for signing in.
        const visibility = signedIn ? list.filters.visibility : "";
        const condition = listCondition(search, {
          type: list.filters.type,
          isPublic: visibility === "public" ? true : visibility === "private" ? false : undefined,
        });
        return { orderBy: ORDER[list.sort], condition: condition ?? null };
      },
      connection: (data) => data.allGroups,
      pageSize: 24,
    },
  );
  const visibility = signedIn ? list.filters.visibility : "";

  const [memberships] = useQuery({
    query: MyMembershipsQuery,
    variables: { userId: session?.id ?? "" },
    pause: !signedIn || !session?.id,
    requestPolicy: "cache-and-network",
  });
  const mine = useMemo(() => {
    const map = new Map<string, boolean>();
    for (const m of memberships.data?.allGroupMemberships?.nodes ?? []) map.set(m.groupId, m.isOwner);
    return map;
  }, [memberships.data]);

  // "Mine" narrows what is loaded (the API has no membership condition on groups); the footer
  // offers to load more while the server has more.
  const shown = visibility === "mine" ? result.nodes.filter((g) => mine.has(g.id)) : result.nodes;

  const typeOptions = GROUP_TYPES.map((type) => ({ value: type, label: groupTypeLabel(type, t) }));
  const visibilityOptions = signedIn
    ? [
        { value: "mine", label: t("groups.mine", brand) },
        { value: "public", label: t("groups.public") },
        { value: "private", label: t("groups.private") },
      ]
    : [];
  const narrowed = list.narrowed;
  const mineOfLoadedOnly = visibility === "mine" && result.hasMore;

  return (
    <section className="page groups-page" aria-labelledby="page-title">
      <div className="page-heading">
        <div>
          <h1 id="page-title">{t("groups.title", brand)}</h1>
          <p className="lead">{t("groups.lead", brand)}</p>
        </div>
        <Link to="/groups/new" className="button">
          {t("groups.start", brand)}
        </Link>
      </div>

      <ListToolbar label={t("groups.listOptions", brand)}>
        <SearchBox label={t("groups.search", brand)} value={list.search} onChange={list.setSearch} />
        <FilterSelect
          label={t("groups.typeLabel")}
          value={list.filters.type}
          onChange={(v) => list.setFilter("type", v)}
          options={typeOptions}
          allLabel={t("groups.allTypes")}
        />
        <SortSelect
          value={list.sort}
          onChange={list.setSort}
          options={[
            { value: "name", label: t("groups.sortName") },
            { value: "newest", label: t("groups.sortNewest") },
          ]}
        />
        <LayoutToggle value={list.layout} onChange={list.setLayout} />
        {visibilityOptions.length ? (
          <FilterChips
            label={t("groups.show")}
            value={visibility}
            onChange={(v) => list.setFilter("visibility", v)}
            options={visibilityOptions}
            allLabel={t("groups.all", brand)}
          />
        ) : null}
      </ListToolbar>

      <ListContent
        layout={list.layout}
        load={result}
        errorMessage={(error) => errorText(error, t("groups.loadFailed", brand))}
        loadingLabel={t("groups.loading", brand)}
        empty={
          shown.length > 0 ? null : narrowed ? (
            <EmptyState
              title={t("groups.noneMatch", brand)}
              action={{ label: t("groups.clearFilters"), onClick: list.reset }}
              secondary={result.hasMore ? { label: t("groups.loadMore", brand), onClick: result.loadMore } : null}
            >
              <p>{visibility === "mine" ? t("groups.noneMineMatch", brand) : t("groups.tryOtherWords")}</p>
            </EmptyState>
          ) : (
            <EmptyState title={t("groups.noneYet", brand)} action={{ label: t("groups.start", brand), to: "/groups/new" }}>
              <p>{t("groups.noneYetText", brand)}</p>
            </EmptyState>
          )
        }
      >
        <ItemList layout={list.layout} label={t("groups.title", brand)} busy={result.refreshing}>
          {shown.map((g) => {
            const owner = mine.get(g.id);
            return (
              <ItemCard
                key={g.id}
                to={paths.group(g.id)}
                title={g.name}
                picture={picture("group", g)}
                meta={
                  <>
                    {groupTypeLabel(g.type, t)} · {t("groups.memberCount", { count: g.groupMembershipsByGroupId.totalCount })} ·{" "}
                    {t("groups.thingCount", { ...brand, count: g.thingsByGroupId.totalCount })}
                  </>
                }
                description={g.description}
                badges={
                  <>
                    {g.isPublic ? null : <span className="tag tag-warning">{t("groups.private")}</span>}
                    {owner === true ? <span className="tag tag-positive">{t("groups.owner")}</span> : null}
                    {owner === false ? <span className="tag tag-positive">{t("groups.member")}</span> : null}
                  </>
                }
              />
            );
          })}
        </ItemList>
      </ListContent>

      {/* Once loaded, even with nothing shown: "mine" narrows what is loaded, and more may match. */}
      {!result.loading && !(result.error && result.nodes.length === 0) ? (
        <ListFooter
          count={
            shown.length > 0
              ? {
                  shown: shown.length,
                  total: visibility === "mine" ? null : result.totalCount,
                  noun: [t("groups.noun", { ...brand, count: 1 }), t("groups.noun", { ...brand, count: 2 })],
                  narrowed,
                }
              : null
          }
          note={
            mineOfLoadedOnly ? (
              <p className={`muted ${listClasses.note}`}>{t("groups.mineOfLoaded", { ...brand, count: result.nodes.length })}</p>
            ) : null
          }
          more={result}
          moreLabel={t("groups.loadMore", brand)}
        />
      ) : null}
    </section>
  );
}
