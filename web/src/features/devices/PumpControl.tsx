// The pump/LED switch of a The Things Uno (spec sections 4 and 7): owners and admins switch it
// with deviceDownPush (message "1" on, "0" off). The server queues the downlink and a job sends
// it to The Things Stack, retrying when it cannot get through; the switch watches the queued
// downlink until it settles: sent (or simulated when no application is configured) turns the
// switch and says so, a failure shows why. Everyone else sees the last known state.
import { useEffect, useId, useRef, useState } from "react";
import { useMutation, useQuery } from "urql";
import { useNotify } from "../../lib/notices.tsx";
import { DeviceDownPushDocument as DeviceDownPush } from "./DeviceDownPush.generated.ts";
import { DeviceDownlinkDocument as DeviceDownlink } from "./DeviceDownlink.generated.ts";
import { Switch } from "./DeviceParts.tsx";
import { errorText } from "./device-meta.ts";
import { englishDevicesT, type DevicesT, useDevicesT } from "./texts.ts";
import styles from "./devices.module.css";

type DownlinkStatus = "QUEUED" | "SENT" | "SIMULATED" | "FAILED";

interface Downlink {
  id: string;
  message: string;
  status: DownlinkStatus;
  attempts: number;
  lastError: string | null;
}

/** How often a queued downlink is asked after; the job usually settles it within a second. */
export const POLL_MS = 1000;

export function pumpNotice(on: boolean, simulated: boolean, t: DevicesT = englishDevicesT): string {
  const switched = t(on ? "devices.pump.switchedOn" : "devices.pump.switchedOff");
  return simulated ? `${switched} ${t("devices.pump.simulated")}` : switched;
}

/** What the switch says about a downlink that has not settled yet. */
export function queuedText(d: Pick<Downlink, "message" | "attempts" | "lastError">, t: DevicesT = englishDevicesT): string {
  const on = d.message === "1";
  if (d.attempts > 0 && d.lastError) {
    return t(on ? "devices.pump.retryingOn" : "devices.pump.retryingOff", { attempt: d.attempts, error: d.lastError });
  }
  return t(on ? "devices.pump.sendingOn" : "devices.pump.sendingOff");
}

/** Watches one downlink until it leaves the queue. */
function useDownlink(id: string | null) {
  const [result, reexecute] = useQuery({
    query: DeviceDownlink,
    variables: { id: id ?? "" },
    pause: !id,
    requestPolicy: "network-only",
  });
  const downlink = id && result.data?.deviceDownlinkById?.id === id ? result.data.deviceDownlinkById : null;
  const queued = !!id && (!downlink || downlink.status === "QUEUED");
  // biome-ignore lint/correctness/useExhaustiveDependencies: polls again when the answer changes, which is what result.data names
  useEffect(() => {
    if (!queued || result.fetching) return;
    const timer = setTimeout(() => reexecute({ requestPolicy: "network-only" }), POLL_MS);
    return () => clearTimeout(timer);
  }, [queued, result.fetching, result.data, reexecute]);
  return { downlink, error: result.error };
}

export function PumpControl({
  deviceId,
  ledState,
  canEdit,
}: {
  /** The device's uuid. */
  deviceId: string;
  ledState: boolean | null;
  canEdit: boolean;
}) {
  const t = useDevicesT();
  const notify = useNotify();
  const [pushing, push] = useMutation(DeviceDownPush);
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [queuedNote, setQueuedNote] = useState<string | null>(null);
  // The state after our own downlink, until the server's copy of the device says otherwise.
  const [local, setLocal] = useState<boolean | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const statusId = useId();
  const watched = useDownlink(pendingId);
  // Each downlink's outcome is announced once, however often the screen renders.
  const settled = useRef(new Set<string>());
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new state from the device ends the local optimistic one: the effect runs on it, it doesn't read it
  useEffect(() => setLocal(null), [ledState]);

  useEffect(() => {
    const d = watched.downlink;
    if (!d || settled.current.has(d.id)) return;
    if (d.status === "QUEUED") {
      setQueuedNote(queuedText(d, t));
      return;
    }
    settled.current.add(d.id);
    setPendingId(null);
    setQueuedNote(null);
    if (d.status === "FAILED") {
      setError(t("devices.pump.notSwitched", { reason: d.lastError ?? t("devices.pump.notTaken") }));
      return;
    }
    const state = d.message === "1";
    setLocal(state);
    const message = pumpNotice(state, d.status === "SIMULATED", t);
    setStatus(message);
    notify.positive(message);
  }, [watched.downlink, notify, t]);

  const on = local ?? ledState;
  const busy = pushing.fetching || pendingId !== null;

  const toggle = async (next: boolean) => {
    setError(null);
    setStatus(null);
    const result = await push({ deviceId, message: next ? "1" : "0" });
    const downlink = result.data?.deviceDownPush?.deviceDownlink;
    if (result.error || !downlink) {
      setError(errorText(result.error, t("devices.pump.switchFailed")));
      return;
    }
    setQueuedNote(queuedText(downlink, t));
    setPendingId(downlink.id);
  };

  return (
    <section className={`card ${styles.pump}`} aria-labelledby="pump-title">
      <div className={styles.pumpHead}>
        <div>
          <h2 id="pump-title">{t("devices.pump.title")}</h2>
          <p className={`muted ${styles.pumpState}`}>
            {t(on === null || on === undefined ? "devices.pump.unknown" : on ? "devices.pump.isOn" : "devices.pump.isOff")}
          </p>
        </div>
        {canEdit ? (
          <Switch
            checked={!!on}
            label={t(busy ? "devices.pump.sending" : on ? "devices.pump.on" : "devices.pump.off")}
            busy={busy}
            disabled={busy}
            describedBy={statusId}
            labelledBy="pump-title"
            onChange={toggle}
          />
        ) : null}
      </div>
      <div id={statusId} aria-live="polite" className={styles.pumpStatus}>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : queuedNote ? (
          <p className="muted">{queuedNote}</p>
        ) : status ? (
          <p className={styles.noticePositive}>{status}</p>
        ) : null}
      </div>
      {canEdit ? <p className="field-hint">{t("devices.pump.hint")}</p> : <p className="field-hint">{t("devices.pump.ownersOnly")}</p>}
    </section>
  );
}
