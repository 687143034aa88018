// /account/devices: the sensor devices the user owns or has been given access to.
import { Link } from "react-router";
import { useQuery } from "urql";
import { Avatar } from "../../components/Avatar.tsx";
import { Loading } from "../../components/Loading.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import type { MessageKey } from "../../lib/i18n/messages/en-GB.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { AccountPage, EmptyState, formatDate, LoadError } from "./account-ui.tsx";
import { IndicatorDot } from "./MyThingsPage.tsx";
import { MyDevicesDocument as myDevicesQuery } from "./MyDevices.generated.ts";
import { useRichT } from "../../lib/i18n/rich.tsx";
import styles from "./account.module.css";
import { accountTexts } from "./texts.ts";

/** A model's name with what it measures; a product name alone (The Things Uno) needs no words. */
const MODEL_NAMES: Record<string, MessageKey | string> = {
  LSE01: "account.devices.model.LSE01",
  LSPH01: "account.devices.model.LSPH01",
};
const PRODUCT_NAMES: Record<string, string> = { THE_THINGS_UNO: "The Things Uno" };

const DeviceIcon = (
  <svg viewBox="0 0 32 32" width="28" height="28" focusable="false">
    <rect x="9" y="4" width="14" height="20" rx="3" fill="currentColor" opacity="0.85" />
    <path d="M16 24v5M11 29h10" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    <circle cx="16" cy="11" r="2.5" fill="#fff" />
  </svg>
);

export default function MyDevicesPage() {
  const b = useBranding();
  const t = useT(accountTexts);
  const rich = useRichT(accountTexts);
  const { session } = useSession();
  const userId = session?.id ?? "";
  const [{ data, fetching, error }, refetch] = useQuery({
    query: myDevicesQuery,
    variables: { userId },
    requestPolicy: "cache-and-network",
    pause: !userId,
  });
  const title = t("account.devices.title");
  const intro = t("account.devices.intro");
  const addLink = (
    <Link className="button" to="/devices/new">
      {t("account.devices.register")}
    </Link>
  );
  const modelName = (model: string) => (model in MODEL_NAMES ? t(MODEL_NAMES[model] as MessageKey) : (PRODUCT_NAMES[model] ?? model));

  if (!data?.allDeviceAccesses) {
    return (
      <AccountPage title={title} intro={intro} actions={addLink}>
        {fetching && !error ? (
          <Loading label={t("account.devices.loading")} />
        ) : (
          <LoadError error={error} onRetry={() => refetch({ requestPolicy: "network-only" })} message={t("account.devices.loadError")} />
        )}
      </AccountPage>
    );
  }

  const accesses = data.allDeviceAccesses.nodes.filter((access) => access.deviceByDeviceId);

  if (accesses.length === 0) {
    return (
      <AccountPage title={title} intro={intro}>
        <EmptyState title={t("account.devices.empty")} icon={DeviceIcon}>
          <p>{t("account.devices.emptyText", { brand: b.key })}</p>
          <p className={styles.emptyStateActions}>
            {addLink}
            <Link to="/devices">{t("account.devices.public")}</Link>
          </p>
        </EmptyState>
      </AccountPage>
    );
  }

  return (
    <AccountPage title={title} intro={intro} actions={addLink}>
      <ul className={`${styles.recordList} card`}>
        {accesses.map((access) => {
          const device = access.deviceByDeviceId!;
          return (
            <li key={access.id} className={styles.recordRow}>
              <Avatar type="device" id={device.id} name={device.name} hasImage={device.hasImage} size={48} shape="square" />
              <div className={styles.recordMain}>
                <Link to={paths.device(device.id)} className={styles.recordName}>
                  {device.name}
                </Link>
                <span className={`${styles.recordMeta} muted`}>
                  <IndicatorDot colour={device.indicatorColour} /> {modelName(device.model)} · <code>{device.deviceId}</code>
                </span>
                <span className={`${styles.recordMeta} muted`}>
                  {device.lastSensorData
                    ? t("account.devices.lastReading", { date: formatDate(device.lastSensorData, true) })
                    : t("account.devices.noReadings")}
                  {typeof device.battery === "number" ? t("account.devices.battery", { volts: device.battery }) : ""}
                  {device.thingByThingId ? (
                    <>
                      {" · "}
                      {rich("account.devices.onThing", {
                        thing: device.thingByThingId.name,
                        link: (text) => <Link to={paths.thing(device.thingByThingId!.id)}>{text}</Link>,
                      })}
                    </>
                  ) : null}
                </span>
              </div>
              <div className={styles.recordTags}>
                {access.isOwner ? (
                  <span className={`tag ${styles.tagPrimary}`}>{t("account.tag.owner")}</span>
                ) : (
                  <span className="tag">{t("account.devices.sharedWithYou")}</span>
                )}
                {device.isPublic ? null : <span className="tag">{t("account.tag.private")}</span>}
              </div>
            </li>
          );
        })}
      </ul>
    </AccountPage>
  );
}
