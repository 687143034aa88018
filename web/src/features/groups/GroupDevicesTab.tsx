// Sensor devices fitted to the group's things (composed from the things' devices, all loaded at
// once): search, sort, a model filter, tiles or rows and "show more", remembered per group.
import { useMemo } from "react";
import { useQuery } from "urql";
import { term } from "../../../../shared/branding.ts";
import {
  EmptyState,
  FilterChips,
  ItemCard,
  ItemList,
  LayoutToggle,
  ListError,
  ListSkeleton,
  ListToolbar,
  LoadMore,
  ResultCount,
  SearchBox,
  SortSelect,
  compareText,
  searchItems,
  useClientPaging,
  useListState,
} from "../../components/list/index.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { paths } from "../../routes/paths.ts";
import { GroupDevicesDocument as GroupDevicesQuery } from "./GroupDevices.generated.ts";
import { errorText, timeAgo } from "./meta.ts";
import { usePictureUrl } from "./ui.tsx";
import type { GroupState } from "./use-group.ts";

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

const MODEL_LABELS: Record<string, string> = {
  LSE01: "LSE01 soil moisture sensor",
  LSPH01: "LSPH01 soil pH sensor",
  THE_THINGS_UNO: "The Things Uno",
};

const MODELS = ["LSE01", "LSPH01", "THE_THINGS_UNO"] as const;
type Sort = "name" | "report" | "battery";

const BY: Record<Sort, (a: DeviceNode, b: DeviceNode) => number> = {
  name: (a, b) => compareText(a.name, b.name),
  // Newest report first; never reported last.
  report: (a, b) => (b.lastSensorData ?? "").localeCompare(a.lastSensorData ?? "") || compareText(a.name, b.name),
  // Lowest battery first; unknown last.
  battery: (a, b) => (a.battery ?? Number.POSITIVE_INFINITY) - (b.battery ?? Number.POSITIVE_INFINITY) || compareText(a.name, b.name),
};

export function modelLabel(model: string): string {
  return MODEL_LABELS[model] ?? model.replace(/_/g, " ");
}

export function GroupDevicesTab({ state }: { state: GroupState }) {
  const b = useBranding();
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
    ({ device, thing }) => [device.name, device.deviceId, modelLabel(device.model), thing.name],
  ).sort((x, y) => BY[list.sort](x.device, y.device));
  const page = useClientPaging(shown, { pageSize: 24, resetKey: JSON.stringify([list.search, list.sort, list.filters]) });

  return (
    <>
      <h2>Devices</h2>
      {devices.length > 0 || list.narrowed ? (
        <ListToolbar label="Devices list options">
          <SearchBox label="Search devices" value={list.search} onChange={list.setSearch} />
          <SortSelect<Sort>
            value={list.sort}
            onChange={list.setSort}
            options={[
              { value: "name", label: "Name" },
              { value: "report", label: "Latest report" },
              { value: "battery", label: "Battery (lowest first)" },
            ]}
          />
          <LayoutToggle value={list.layout} onChange={list.setLayout} />
          <FilterChips
            label="Model"
            value={list.filters.model}
            onChange={(v) => list.setFilter("model", v)}
            allLabel="All models"
            options={MODELS.map((m) => ({ value: m, label: m === "THE_THINGS_UNO" ? "Things Uno" : m }))}
          />
        </ListToolbar>
      ) : null}
      {result.error && !result.data ? (
        <ListError
          message={errorText(result.error, "Could not load the devices")}
          onRetry={() => reexecute({ requestPolicy: "network-only" })}
        />
      ) : !result.data ? (
        <ListSkeleton layout={list.layout} count={2} label="Loading the devices…" />
      ) : shown.length === 0 ? (
        list.narrowed ? (
          <EmptyState title="No devices match" action={{ label: "Clear search and filters", onClick: list.reset }}>
            <p>Try a name, a device id or a {term(b, "thing")}, or every model.</p>
          </EmptyState>
        ) : (
          <EmptyState
            title="No devices yet"
            action={state.isMember ? { label: "Register a device", to: "/devices/new" } : null}
          >
            <p>
              Soil sensors fitted to this {term(b, "group")}'s {term(b, "things")} show here, with their latest
              readings.
            </p>
          </EmptyState>
        )
      ) : (
        <ItemList layout={list.layout} label={`Devices of ${group.name}`}>
          {page.visible.map(({ device, thing }) => (
            <ItemCard
              key={device.id}
              to={paths.device(device.id)}
              title={device.name}
              picture={picture("device", device)}
              meta={
                <>
                  {modelLabel(device.model)} · on {thing.name}
                </>
              }
              description={
                <>
                  {device.deviceId}
                  {device.lastSensorData ? ` · last reading ${timeAgo(device.lastSensorData)}` : " · no readings yet"}
                  {device.battery !== null ? ` · battery ${Math.round(device.battery * 100) / 100} V` : ""}
                </>
              }
              badges={device.isPublic ? null : <span className="tag tag-warning">Private</span>}
            />
          ))}
        </ItemList>
      )}
      {shown.length > 0 ? (
        <div className="list-footer">
          <ResultCount shown={shown.length} noun={["device", "devices"]} narrowed={list.narrowed} />
          <LoadMore hasMore={page.hasMore} onLoadMore={page.showMore} shown={page.shown} total={page.total} label="Show more devices" />
        </div>
      ) : null}
    </>
  );
}
