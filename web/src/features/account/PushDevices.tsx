// Push on this device, and the list of your devices that receive push messages (issue 25): turn
// push on here (permission, PushManager.subscribe with the server's VAPID key, then
// registerPushSubscription), or remove any device, this one included.
import { useEffect, useState } from "react";
import { useMutation, useQuery } from "urql";
import { Loading } from "../../components/Loading.tsx";
import { useAppConfig } from "../../lib/config-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { formatDate, LoadError } from "./account-ui.tsx";
import { DeletePushSubscriptionDocument as deleteQuery } from "./DeletePushSubscription.generated.ts";
import { errorText } from "./errors.ts";
import { browserLabel, currentSubscription, pushState, PushError, subscribe, unsubscribe, type PushState } from "./push.ts";
import { PushSubscriptionsDocument as listQuery } from "./PushSubscriptions.generated.ts";
import { RegisterPushSubscriptionDocument as registerQuery } from "./RegisterPushSubscription.generated.ts";

interface Device {
  id: string;
  label: string;
  endpoint: string;
  createdAt: string;
  lastSuccessAt: string | null;
}

const STATE_TEXT: Record<PushState, string> = {
  unsupported: "This browser cannot receive push messages. Install the app, or use a current Chrome, Edge, Firefox or Safari.",
  "no-key": "Push messages are not set up on this server.",
  denied: "Notifications are blocked for this site. Allow them in your browser's site settings to get push messages here.",
  off: "This device does not get push messages yet.",
  on: "This device gets push messages.",
};

export function PushDevices() {
  const { vapidPublicKey } = useAppConfig();
  const notify = useNotify();
  const [{ data, fetching, error }, refetch] = useQuery({
    query: listQuery,
    requestPolicy: "cache-and-network",
  });
  const [, register] = useMutation(registerQuery);
  const [, remove] = useMutation(deleteQuery);
  const [state, setState] = useState<PushState | null>(null);
  const [here, setHere] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const reload = () => refetch({ requestPolicy: "network-only" });

  useEffect(() => {
    let live = true;
    void (async () => {
      const next = await pushState(vapidPublicKey).catch((): PushState => "unsupported");
      const sub = next === "on" ? await currentSubscription().catch(() => null) : null;
      if (live) {
        setState(next);
        setHere(sub?.endpoint ?? null);
      }
    })();
    return () => {
      live = false;
    };
  }, [vapidPublicKey]);

  const devices = data?.allPushSubscriptions?.nodes ?? null;
  // Subscribed in the browser but not known to the server (removed elsewhere): offer to turn it on again.
  const registeredHere = Boolean(here && devices?.some((d) => d.endpoint === here));

  const turnOn = async () => {
    if (!vapidPublicKey) return;
    setBusy("here");
    setProblem(null);
    try {
      const details = await subscribe(vapidPublicKey);
      const result = await register({ ...details, label: browserLabel(navigator.userAgent) });
      if (result.error) throw new Error(errorText(result.error, "This device could not be added. Please try again."));
      setState("on");
      setHere(details.endpoint);
      notify.positive("This device will get push messages.");
      reload();
    } catch (e) {
      setProblem(e instanceof PushError || e instanceof Error ? e.message : "Push could not be turned on.");
      setState(await pushState(vapidPublicKey).catch((): PushState => "unsupported"));
    } finally {
      setBusy(null);
    }
  };

  const removeDevice = async (device: Device) => {
    setBusy(device.id);
    setProblem(null);
    const result = await remove({ id: device.id });
    if (result.error) {
      setProblem(errorText(result.error, "The device could not be removed. Please try again."));
    } else {
      if (device.endpoint === here) {
        await unsubscribe().catch(() => undefined);
        setHere(null);
        setState("off");
      }
      notify.positive(`${device.label} will get no more push messages.`);
      reload();
    }
    setBusy(null);
  };

  return (
    <section className="card push-devices" aria-labelledby="push-devices-title">
      <h2 id="push-devices-title">Devices that get push messages</h2>
      {problem ? (
        <div className="form-error" role="alert">
          {problem}
        </div>
      ) : null}
      <p className="field-hint" data-testid="push-state">
        {state ? (state === "on" && !registeredHere && devices ? STATE_TEXT.off : STATE_TEXT[state]) : "Checking this device…"}
      </p>
      {state === "off" || (state === "on" && devices && !registeredHere) ? (
        <button type="button" className="button" onClick={turnOn} disabled={busy !== null}>
          {busy === "here" ? "Turning on…" : "Get push messages on this device"}
        </button>
      ) : null}
      {devices ? (
        devices.length ? (
          <ul className="record-list">
            {devices.map((device) => (
              <li key={device.id} className="record-row">
                <div className="record-main">
                  <span className="record-name">
                    {device.label}
                    {device.endpoint === here ? <span className="tag tag-primary">this device</span> : null}
                  </span>
                  <span className="record-meta">
                    Added {formatDate(device.createdAt)} · {device.lastSuccessAt ? `last message ${formatDate(device.lastSuccessAt, true)}` : "no message yet"}
                  </span>
                </div>
                <button type="button" className="button button-small button-danger-quiet" onClick={() => removeDevice(device)} disabled={busy !== null}>
                  {busy === device.id ? "Removing…" : `Remove ${device.label}`}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">No device gets push messages.</p>
        )
      ) : fetching && !error ? (
        <Loading label="Loading your devices…" />
      ) : (
        <LoadError error={error} onRetry={reload} what="your devices" />
      )}
    </section>
  );
}
