// Pieces the device screens share: the record header, the owner screens' tabs, the not-found
// notice, a labelled select and the switch control.
import type { ComponentProps, ReactNode } from "react";
import { SelectField as BaseSelect } from "../../components/fields.tsx";
import { Link, NavLink } from "react-router";
import { useDevicesT } from "./texts.ts";
import { paths } from "../../routes/paths.ts";
import { modelInfo } from "./device-meta.ts";
import { ModelBadge } from "./icons.tsx";
import { useDevicePicture } from "./use-device-picture.ts";
import styles from "./devices.module.css";
import type { DeviceRecord } from "./use-device.ts";

export function DeviceHeader({
  device,
  title,
  actions,
}: {
  device: Pick<DeviceRecord, "id" | "name" | "model" | "isPublic" | "hasImage" | "deviceId">;
  /** The page's own title (e.g. "Edit device"); the device's name otherwise. */
  title?: string;
  actions?: ReactNode;
}) {
  const t = useDevicesT();
  const picture = useDevicePicture()(device, "medium");
  const info = modelInfo(device.model, t);
  return (
    <header className={styles.header}>
      <span className={styles.headerPicture}>{picture ? <img src={picture} alt="" /> : <ModelBadge model={device.model} size={80} />}</span>
      <div className={styles.headerTitle}>
        {title ? (
          <p className={styles.headerKicker}>
            <Link to={paths.device(device.id)}>{device.name}</Link>
          </p>
        ) : null}
        <h1 id="page-title">{title ?? device.name}</h1>
        <p className={styles.headerTags}>
          <span className="tag">{info.label}</span>
          <span className={device.isPublic ? "tag" : "tag tag-warning"}>{t(device.isPublic ? "devices.public" : "devices.private")}</span>
          <code className={styles.headerEui}>{device.deviceId}</code>
        </p>
      </div>
      {actions ? <div className={styles.headerActions}>{actions}</div> : null}
    </header>
  );
}

/** Tabs of the owner screens: edit details, sharing and settings. */
export function OwnerTabs({ id }: { id: string }) {
  const t = useDevicesT();
  return (
    <nav className="tab-nav" aria-label={t("devices.tabs")}>
      <ul>
        <li>
          <NavLink to={paths.device(id)} end className={({ isActive }) => (isActive ? "tab active" : "tab")}>
            {t("devices.tab.dashboard")}
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.deviceEdit(id)} className={({ isActive }) => (isActive ? "tab active" : "tab")}>
            {t("devices.tab.details")}
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.deviceSettings(id)} className={({ isActive }) => (isActive ? "tab active" : "tab")}>
            {t("devices.tab.sharing")}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}

export function DeviceNotFound() {
  const t = useDevicesT();
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t("devices.notFound")}</h1>
      <p className="lead">{t("devices.notFoundText")}</p>
      <p>
        <Link to="/devices">{t("devices.seeAll")}</Link>
      </p>
    </section>
  );
}

/** The shared labelled select (components/fields.tsx) with the device forms' layout class. */
export function SelectField({ className, ...props }: ComponentProps<typeof BaseSelect>) {
  return <BaseSelect className={className ? `${styles.select} ${className}` : styles.select} {...props} />;
}

/** An on/off switch (a button with role="switch"), labelled by its visible text. */
export function Switch({
  checked,
  onChange,
  label,
  disabled,
  busy,
  describedBy,
  labelledBy,
}: {
  checked: boolean;
  onChange(next: boolean): void;
  /** Visible text beside the switch ("On", "Owner"). */
  label: string;
  disabled?: boolean;
  busy?: boolean;
  describedBy?: string;
  /** The element naming the switch, when the visible text is only its state. */
  labelledBy?: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-busy={busy || undefined}
      aria-describedby={describedBy}
      aria-labelledby={labelledBy}
      className={checked ? `${styles.switch} ${styles.switchOn}` : styles.switch}
      disabled={disabled}
      onClick={() => onChange(!checked)}
    >
      <span className={styles.switchTrack} aria-hidden="true">
        <span className={styles.switchThumb} />
      </span>
      <span>{label}</span>
    </button>
  );
}
