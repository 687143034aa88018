// /devices: every device the visitor may see (public ones, their own, all for admins), as tiles or
// a list, with search, filters by model and indicator colour, and sorting. Each shows its model,
// indicator colour and what it means, battery, when it last reported (silent after 24 hours) and
// the thing it is fitted to.
import { useMemo } from "react";
import { Link } from "react-router";
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
  listCondition,
  useServerList,
} from "../../components/list/index.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import {
  COLOURS,
  DEVICE_MODELS,
  colourMeaning,
  colourName,
  errorText,
  formatDateTime,
  formatValue,
  isLowBattery,
  isSilent,
  modelInfo,
  timeAgo,
  type MetricKey,
} from "./device-meta.ts";
import { ColourDot, ModelBadge } from "./icons.tsx";
import { richText } from "../../lib/i18n/rich.tsx";
import { useDevicePicture } from "./use-device-picture.ts";
import { DevicesListDocument as DevicesList } from "./DevicesList.generated.ts";
import { englishDevicesT, type DevicesT, useDevicesT } from "./texts.ts";
import styles from "./devices.module.css";

export interface DeviceListItem {
  id: string;
  name: string;
  deviceId: string;
  model: string;
  isPublic: boolean;
  hasImage: boolean;
  indicatorParameter: string;
  indicatorColour: string | null;
  water: number | null;
  temperature: number | null;
  conductivity: number | null;
  ph: number | null;
  battery: number | null;
  ledState: boolean | null;
  lastSensorData: string | null;
  createdAt: string;
  thingByThingId: { id: string; name: string } | null;
}

const SORTS = ["name", "report", "newest", "battery"] as const;
type Sort = (typeof SORTS)[number];

const ORDER: Record<Sort, string[]> = {
  name: ["NAME_ASC", "ID_ASC"],
  report: ["LAST_SENSOR_DATA_DESC", "NAME_ASC"],
  newest: ["CREATED_AT_DESC", "ID_ASC"],
  battery: ["BATTERY_ASC", "NAME_ASC"],
};

/** The headline value of a device: what its indicator watches, or the pump's state. */
export function headlineValue(
  device: Pick<DeviceListItem, "model" | "indicatorParameter" | "water" | "temperature" | "conductivity" | "ph" | "ledState">,
  t: DevicesT = englishDevicesT,
): string | null {
  if (device.model === "THE_THINGS_UNO") {
    return device.ledState === null || device.ledState === undefined ? null : t(device.ledState ? "devices.pumpOn" : "devices.pumpOff");
  }
  const key: MetricKey =
    device.indicatorParameter === "PH"
      ? "ph"
      : device.indicatorParameter === "TEMPERATURE"
        ? "temperature"
        : device.indicatorParameter === "CONDUCTIVITY"
          ? "conductivity"
          : device.model === "LSPH01"
            ? "ph"
            : "water";
  const value = device[key];
  if (value === null || value === undefined) return null;
  return key === "ph" ? t("devices.phValue", { value: formatValue("ph", value) }) : formatValue(key, value);
}

export default function DevicesPage() {
  const b = useBranding();
  const t = useDevicesT();
  const brand = { brand: b.key };
  const { signedIn } = useSession();
  const picture = useDevicePicture();
  // Searched on the server (name, device id, model, thing), so pages not loaded yet are searched too.
  const { list, result: devices } = useServerList(
    "devices",
    {
      defaults: { search: "", sort: "name", layout: "tiles", filters: { model: "", colour: "" } },
      sorts: SORTS,
      filters: { model: DEVICE_MODELS, colour: COLOURS },
    },
    {
      query: DevicesList,
      variables: (list, search) => ({
        orderBy: ORDER[list.sort],
        condition: listCondition(search, { model: list.filters.model, indicatorColour: list.filters.colour }),
      }),
      connection: (data) => data.allDevices,
      pageSize: 48,
    },
  );

  const shown = useMemo(() => {
    const found = devices.nodes;
    // PostgreSQL puts devices that never reported first when sorting newest first; they go last.
    if (list.sort === "report") return [...found.filter((d) => d.lastSensorData), ...found.filter((d) => !d.lastSensorData)];
    return found;
  }, [devices.nodes, list.sort]);

  return (
    <section className={`page ${styles.page}`} aria-labelledby="page-title">
      <div className={styles.heading}>
        <div>
          <h1 id="page-title">{t("devices.title")}</h1>
          <p className="lead">{t("devices.lead", brand)}</p>
        </div>
        <Link className={`button ${styles.headingAction}`} to="/devices/new">
          {t("devices.register")}
        </Link>
      </div>

      <ListToolbar label={t("devices.listOptions")}>
        <SearchBox label={t("devices.search")} value={list.search} onChange={list.setSearch} />
        <SortSelect
          value={list.sort}
          onChange={list.setSort}
          options={SORTS.map((value) => ({ value, label: t(`devices.sort.${value}`) }))}
        />
        <LayoutToggle value={list.layout} onChange={list.setLayout} />
        <div className={styles.filterRow}>
          <FilterChips
            label={t("devices.filter.model")}
            value={list.filters.model}
            onChange={(value) => list.setFilter("model", value)}
            allLabel={t("devices.filter.allModels")}
            options={DEVICE_MODELS.map((model) => ({ value: model, label: modelInfo(model, t).short }))}
          />
          <FilterChips
            label={t("devices.filter.colour")}
            value={list.filters.colour}
            onChange={(value) => list.setFilter("colour", value)}
            allLabel={t("devices.filter.anyColour")}
            options={COLOURS.map((colour) => ({ value: colour, label: colourName(colour, t) }))}
          />
        </div>
      </ListToolbar>

      <ListContent
        layout={list.layout}
        load={devices}
        errorMessage={(error) => errorText(error, t("devices.loadFailed"))}
        loadingLabel={t("devices.loading")}
        empty={
          shown.length > 0 ? null : list.narrowed ? (
            <EmptyState title={t("devices.noMatch")} action={{ label: t("devices.clearFilters"), onClick: list.reset }}>
              {t("devices.noMatchText")}
            </EmptyState>
          ) : (
            <EmptyState
              title={t(signedIn ? "devices.noneYet" : "devices.noPublicYet")}
              action={{ label: t("devices.register"), to: "/devices/new" }}
            >
              {t("devices.emptyText", brand)}
            </EmptyState>
          )
        }
      >
        <ItemList layout={list.layout} label={t("devices.title")} busy={devices.refreshing}>
          {shown.map((device) => (
            <DeviceItem key={device.id} device={device} pictureUrl={picture(device)} />
          ))}
        </ItemList>
      </ListContent>

      {devices.nodes.length > 0 ? (
        <ListFooter
          className={styles.listFooter}
          count={{
            shown: shown.length,
            total: devices.totalCount,
            noun: [t("devices.noun.one"), t("devices.noun.other")],
            narrowed: list.narrowed,
          }}
          more={devices}
        />
      ) : null}
    </section>
  );
}

function DeviceItem({ device, pictureUrl }: { device: DeviceListItem; pictureUrl: string | null }) {
  const t = useDevicesT();
  const info = modelInfo(device.model, t);
  const silent = isSilent(device.lastSensorData);
  const low = isLowBattery(device.battery);
  const headline = headlineValue(device, t);
  const colour = device.indicatorColour;
  return (
    <ItemCard
      to={paths.device(device.id)}
      title={device.name}
      picture={pictureUrl ?? <ModelBadge model={device.model} size={48} fill />}
      meta={
        <>
          <span>{info.short}</span>
          {device.thingByThingId ? (
            <span>
              {" · "}
              {t("devices.item.on", { thing: device.thingByThingId.name })}
            </span>
          ) : null}
        </>
      }
      description={
        <span className={styles.itemStatus}>
          {info.pump || !device.lastSensorData ? null : (
            <span className={styles.itemIndicator}>
              <ColourDot colour={colour} />
              <span>
                {colourMeaning(device.indicatorParameter, colour, device, t)}
                {headline ? ` · ${headline}` : ""}
              </span>
            </span>
          )}
          {info.pump && headline ? <span className={styles.itemIndicator}>{headline}</span> : null}
          {device.lastSensorData ? (
            <span className={silent ? styles.silent : undefined}>
              {richText(t, silent ? "devices.item.silent" : "devices.item.reported", {
                time: (
                  <time dateTime={device.lastSensorData} title={formatDateTime(device.lastSensorData)}>
                    {timeAgo(device.lastSensorData)}
                  </time>
                ),
              })}
            </span>
          ) : info.pump ? null : (
            <span>{t("devices.item.noReadings")}</span>
          )}
          {device.battery !== null && device.battery !== undefined ? (
            <span className={low ? styles.low : undefined}>
              {t(low ? "devices.item.batteryLow" : "devices.item.battery", { value: formatValue("battery", device.battery) })}
            </span>
          ) : null}
        </span>
      }
      badges={device.isPublic ? null : <span className="tag">{t("devices.private")}</span>}
    />
  );
}
