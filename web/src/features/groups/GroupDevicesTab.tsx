// Sensor devices fitted to the group's things (composed from the things' devices).
import { useMemo } from "react";
import { useQuery } from "urql";
import { term } from "../../../../shared/branding.ts";
import {
  EmptyState,
  ItemCard,
  ItemList,
  LayoutToggle,
  ListError,
  ListSkeleton,
  ListToolbar,
  ResultCount,
  SearchBox,
  searchItems,
  useListState,
} from "../../components/list/index.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { paths } from "../../routes.tsx";
import GroupDevicesQuery from "./GroupDevices.graphql?raw";
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

interface Data {
  groupById: {
    id: string;
    thingsByGroupId: {
      totalCount: number;
      nodes: { id: string; name: string; devicesByThingId: { nodes: DeviceNode[] } }[];
    };
  } | null;
}

const MODEL_LABELS: Record<string, string> = {
  LSE01: "LSE01 soil moisture sensor",
  LSPH01: "LSPH01 soil pH sensor",
  THE_THINGS_UNO: "The Things Uno",
};

export function modelLabel(model: string): string {
  return MODEL_LABELS[model] ?? model.replace(/_/g, " ");
}

export function GroupDevicesTab({ state }: { state: GroupState }) {
  const b = useBranding();
  const picture = usePictureUrl();
  const group = state.group!;
  const list = useListState<"name", never>("group-devices", {
    defaults: { search: "", sort: "name", layout: "list", filters: {} as Record<never, string> },
    rememberSearch: false,
  });
  const [result, reexecute] = useQuery<Data>({
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
  const shown = searchItems(devices, list.search, ({ device, thing }) => [device.name, device.deviceId, device.model, thing.name]);

  return (
    <>
      <h2>Devices</h2>
      {devices.length > 0 || list.search ? (
        <ListToolbar label="Devices list options">
          <SearchBox label="Search devices" value={list.search} onChange={list.setSearch} />
          <LayoutToggle value={list.layout} onChange={list.setLayout} />
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
        list.search ? (
          <EmptyState title="No devices match" action={{ label: "Clear the search", onClick: () => list.setSearch("") }}>
            <p>Try a name, a device id or a {term(b, "thing")}.</p>
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
          {shown.map(({ device, thing }) => (
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
          <ResultCount shown={shown.length} noun={["device", "devices"]} narrowed={!!list.search.trim()} />
        </div>
      ) : null}
    </>
  );
}
