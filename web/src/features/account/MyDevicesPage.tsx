// /account/devices: the sensor devices the user owns or has been given access to.
import { Link } from "react-router";
import { useQuery } from "urql";
import { term } from "../../../../shared/branding.ts";
import { Avatar } from "../../components/Avatar.tsx";
import { Loading } from "../../components/Loading.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { AccountPage, EmptyState, formatDate, LoadError } from "./account-ui.tsx";
import { IndicatorDot } from "./MyThingsPage.tsx";
import { MyDevicesDocument as myDevicesQuery } from "./MyDevices.generated.ts";
import "./account.css";

const MODEL_NAMES: Record<string, string> = {
  LSE01: "LSE01 soil moisture",
  LSPH01: "LSPH01 soil pH",
  THE_THINGS_UNO: "The Things Uno",
};

const DeviceIcon = (
  <svg viewBox="0 0 32 32" width="28" height="28" focusable="false">
    <rect x="9" y="4" width="14" height="20" rx="3" fill="currentColor" opacity="0.85" />
    <path d="M16 24v5M11 29h10" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    <circle cx="16" cy="11" r="2.5" fill="#fff" />
  </svg>
);

export default function MyDevicesPage() {
  const b = useBranding();
  const { session } = useSession();
  const userId = session?.id ?? "";
  const [{ data, fetching, error }, refetch] = useQuery({
    query: myDevicesQuery,
    variables: { userId },
    requestPolicy: "cache-and-network",
    pause: !userId,
  });
  const title = "My devices";
  const intro = "The sensors and controllers you own or share.";
  const addLink = (
    <Link className="button" to="/devices/new">
      Register a device
    </Link>
  );

  if (!data?.allDeviceAccesses) {
    return (
      <AccountPage title={title} intro={intro} actions={addLink}>
        {fetching && !error ? (
          <Loading label="Loading your devices…" />
        ) : (
          <LoadError error={error} onRetry={() => refetch({ requestPolicy: "network-only" })} what="your devices" />
        )}
      </AccountPage>
    );
  }

  const accesses = data.allDeviceAccesses.nodes.filter((access) => access.deviceByDeviceId);

  if (accesses.length === 0) {
    return (
      <AccountPage title={title} intro={intro}>
        <EmptyState title="You have no devices yet" icon={DeviceIcon}>
          <p>
            Register a LoRaWAN soil sensor or pump controller to see how your {term(b, "things")} are doing, or accept
            an invitation someone sent you.
          </p>
          <p className="empty-state-actions">
            {addLink}
            <Link to="/devices">See public devices</Link>
          </p>
        </EmptyState>
      </AccountPage>
    );
  }

  return (
    <AccountPage title={title} intro={intro} actions={addLink}>
      <ul className="record-list card">
        {accesses.map((access) => {
          const device = access.deviceByDeviceId!;
          return (
            <li key={access.id} className="record-row">
              <Avatar type="device" id={device.id} name={device.name} hasImage={device.hasImage} size={48} shape="square" />
              <div className="record-main">
                <Link to={paths.device(device.id)} className="record-name">
                  {device.name}
                </Link>
                <span className="record-meta muted">
                  <IndicatorDot colour={device.indicatorColour} /> {MODEL_NAMES[device.model] ?? device.model} ·{" "}
                  <code>{device.deviceId}</code>
                </span>
                <span className="record-meta muted">
                  {device.lastSensorData ? `Last reading ${formatDate(device.lastSensorData, true)}` : "No readings yet"}
                  {typeof device.battery === "number" ? ` · battery ${device.battery.toFixed(2)} V` : ""}
                  {device.thingByThingId ? (
                    <>
                      {" · on "}
                      <Link to={paths.thing(device.thingByThingId.id)}>{device.thingByThingId.name}</Link>
                    </>
                  ) : null}
                </span>
              </div>
              <div className="record-tags">
                {access.isOwner ? <span className="tag tag-primary">owner</span> : <span className="tag">shared with you</span>}
                {device.isPublic ? null : <span className="tag">private</span>}
              </div>
            </li>
          );
        })}
      </ul>
    </AccountPage>
  );
}
