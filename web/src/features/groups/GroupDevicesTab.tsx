// Sensor devices fitted to the group's things (composed from the things' devices, all loaded at
// once): search, sort, a model filter, tiles or rows and "show more", remembered per group.
import { useMemo } from "react";
import { useQuery } from "urql";
import {
  EmptyState,
  FilterChips,
  ItemCard,
  ItemList,
  LayoutToggle,
  ListContent,
  ListFooter,
  ListToolbar,
  SearchBox,
  SortSelect,
  compareText,
  searchItems,
  useClientPaging,
  useListState,
} from "../../components/list/index.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { paths } from "../../routes/paths.ts";
import { GroupDevicesDocument as GroupDevicesQuery } from "./GroupDevices.generated.ts";
import { errorText, timeAgo } from "./meta.ts";
import { usePictureUrl } from "./ui.tsx";
import type { GroupState } from "./use-group.ts";
import { groupsTexts, type GroupsT, englishGroupsT } from "./texts.ts";

interface DeviceNode {
  id: string;
  deviceId: string;
  name: string;
  model: string;
  hasImage: boolean;
  isPublic: boolean;
  battery: number | null;
  lastSensorData: string | null;
  indicatorColour: string | null;
}

const MODELS = ["LSE01", "LSPH01", "THE_THINGS_UNO"] as const;
type Model = (typeof MODELS)[number];
type Sort = "name" | "report" | "battery";

const BY: Record<Sort, (a: DeviceNode, b: DeviceNode) => number> = {
  name: (a, b) => compareText(a.name, b.name),
  // Newest report first; never reported last.
  report: (a, b) => (b.lastSensorData ?? "").localeCompare(a.lastSensorData ?? "") || compareText(a.name, b.name),
  // Lowest battery first; unknown last.
  battery: (a, b) => (a.battery ?? Number.POSITIVE_INFINITY) - (b.battery ?? Number.POSITIVE_INFINITY) || compareText(a.name, b.name),
};

export function modelLabel(model: string, t: GroupsT = englishGroupsT): string {
  return (MODELS as readonly string[]).includes(model) ? t(`groups.model.${model as Model}`) : model.replace(/_/g, " ");
}

export function GroupDevicesTab({ state }: { state: GroupState }) {
  const t = useT(groupsTexts);
  const brand = { brand: useBranding().key };
  const picture = usePictureUrl();
  const group = state.group!;
  const list = useListState<Sort, "model">(`group-devices.${group.id}`, {
    defaults: { search: "", sort: "name", layout: "list", filters: { model: "" } },
    sorts: ["name", "report", "battery"],
    filters: { model: MODELS },
  });
  const [result, reexecute] = useQuery({
    query: GroupDevicesQuery,
    variables: { id: group.id },
    requestPolicy: "cache-and-network",
  });
  const devices = useMemo(
    () =>
      (result.data?.groupById?.thingsByGroupId.nodes ?? []).flatMap((thing) =>
        thing.devicesByThingId.nodes.map((device) => ({ device, thing })),
      ),
    [result.data],
  );
  const shown = searchItems(
    devices.filter(({ device }) => !list.filters.model || device.model === list.filters.model),
    list.search,
    ({ device, thing }) => [device.name, device.deviceId, modelLabel(device.model, t), thing.name],
  ).sort((x, y) => BY[list.sort](x.device, y.device));
  const page = useClientPaging(shown, { pageSize: 24, resetKey: JSON.stringify([list.search, list.sort, list.filters]) });

  return (
    <>
      <h2>{t("groups.tab.devices")}</h2>
      {devices.length > 0 || list.narrowed ? (
        <ListToolbar label={t("groups.devicesListOptions")}>
          <SearchBox label={t("groups.searchDevices")} value={list.search} onChange={list.setSearch} />
          <SortSelect<Sort>
            value={list.sort}
            onChange={list.setSort}
            options={[
              { value: "name", label: t("groups.sortName") },
              { value: "report", label: t("groups.sortReport") },
              { value: "battery", label: t("groups.sortBattery") },
            ]}
          />
          <LayoutToggle value={list.layout} onChange={list.setLayout} />
          <FilterChips
            label={t("groups.model")}
            value={list.filters.model}
            onChange={(v) => list.setFilter("model", v)}
            allLabel={t("groups.allModels")}
            options={MODELS.map((m) => ({ value: m, label: m === "THE_THINGS_UNO" ? "Things Uno" : m }))}
          />
        </ListToolbar>
      ) : null}
      <ListContent
        layout={list.layout}
        load={{
          loading: !result.data,
          error: result.data ? null : result.error,
          refetch: () => reexecute({ requestPolicy: "network-only" }),
        }}
        errorMessage={(error) => errorText(error, t("groups.devicesLoadFailed"))}
        loadingLabel={t("groups.devicesLoading")}
        skeletonCount={2}
        empty={
          shown.length > 0 ? null : list.narrowed ? (
            <EmptyState title={t("groups.devicesNoneMatch")} action={{ label: t("groups.clearFilters"), onClick: list.reset }}>
              <p>{t("groups.devicesTryOther", brand)}</p>
            </EmptyState>
          ) : (
            <EmptyState
              title={t("groups.devicesNoneYet")}
              action={state.isMember ? { label: t("groups.registerDevice"), to: "/devices/new" } : null}
            >
              <p>{t("groups.devicesNoneYetText", brand)}</p>
            </EmptyState>
          )
        }
      >
        <ItemList layout={list.layout} label={t("groups.devicesOf", { name: group.name })}>
          {page.visible.map(({ device, thing }) => (
            <ItemCard
              key={device.id}
              to={paths.device(device.id)}
              title={device.name}
              picture={picture("device", device)}
              meta={
                <>
                  {modelLabel(device.model, t)} · {t("groups.deviceOn", { thing: thing.name })}
                </>
              }
              description={
                <>
                  {device.deviceId}
                  {" · "}
                  {device.lastSensorData ? t("groups.lastReading", { when: timeAgo(device.lastSensorData) }) : t("groups.noReadings")}
                  {device.battery !== null ? ` · ${t("groups.battery", { volts: Math.round(device.battery * 100) / 100 })}` : ""}
                </>
              }
              badges={device.isPublic ? null : <span className="tag tag-warning">{t("groups.private")}</span>}
            />
          ))}
        </ItemList>
      </ListContent>
      {shown.length > 0 ? (
        <ListFooter
          count={{
            shown: shown.length,
            noun: [t("groups.deviceNoun", { count: 1 }), t("groups.deviceNoun", { count: 2 })],
            narrowed: list.narrowed,
          }}
          more={page}
          moreLabel={t("groups.showMoreDevices")}
        />
      ) : null}
    </>
  );
}
