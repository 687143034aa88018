// Push on this device, and the list of your devices that receive push messages (issue 25): turn
// push on here (permission, PushManager.subscribe with the server's VAPID key, then
// registerPushSubscription), or remove any device, this one included.
import { useEffect, useState } from "react";
import { useMutation, useQuery } from "urql";
import { Loading } from "../../components/Loading.tsx";
import { useAppConfig } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { formatDate, LoadError } from "./account-ui.tsx";
import { DeletePushSubscriptionDocument as deleteQuery } from "./DeletePushSubscription.generated.ts";
import { errorText } from "./errors.ts";
import { browserLabel, currentSubscription, pushState, PushError, subscribe, unsubscribe, type PushState } from "./push.ts";
import { PushSubscriptionsDocument as listQuery } from "./PushSubscriptions.generated.ts";
import { RegisterPushSubscriptionDocument as registerQuery } from "./RegisterPushSubscription.generated.ts";
import styles from "./account.module.css";
import noticeStyles from "./notices.module.css";
import { accountTexts, type AccountKey } from "./texts.ts";

interface Device {
  id: string;
  label: string;
  endpoint: string;
  createdAt: string;
  lastSuccessAt: string | null;
}

const STATE_TEXT: Record<PushState, AccountKey> = {
  unsupported: "account.push.unsupported",
  "no-key": "account.push.noKey",
  denied: "account.push.denied",
  off: "account.push.off",
  on: "account.push.on",
};

export function PushDevices() {
  const { vapidPublicKey } = useAppConfig();
  const t = useT(accountTexts);
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
      const details = await subscribe(vapidPublicKey, t);
      const result = await register({ ...details, label: browserLabel(navigator.userAgent, t) });
      if (result.error) throw new Error(errorText(result.error, t("account.push.notAdded")));
      setState("on");
      setHere(details.endpoint);
      notify.positive(t("account.push.turnedOn"));
      reload();
    } catch (e) {
      // The browser's own errors (an aborted subscription) are in its language, not ours: shown as they are.
      setProblem(e instanceof PushError || e instanceof Error ? e.message : t("account.push.notTurnedOn"));
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
      setProblem(errorText(result.error, t("account.push.notRemoved")));
    } else {
      if (device.endpoint === here) {
        await unsubscribe().catch(() => undefined);
        setHere(null);
        setState("off");
      }
      notify.positive(t("account.push.removed", { device: device.label }));
      reload();
    }
    setBusy(null);
  };

  return (
    <section className={`card ${noticeStyles.pushDevices}`} aria-labelledby="push-devices-title">
      <h2 id="push-devices-title">{t("account.push.title")}</h2>
      {problem ? (
        <div className="form-error" role="alert">
          {problem}
        </div>
      ) : null}
      <p className="field-hint" data-testid="push-state">
        {state ? t(state === "on" && !registeredHere && devices ? STATE_TEXT.off : STATE_TEXT[state]) : t("account.push.checking")}
      </p>
      {state === "off" || (state === "on" && devices && !registeredHere) ? (
        <button type="button" className="button" onClick={turnOn} disabled={busy !== null}>
          {busy === "here" ? t("account.push.turningOn") : t("account.push.turnOn")}
        </button>
      ) : null}
      {devices ? (
        devices.length ? (
          <ul className={styles.recordList}>
            {devices.map((device) => (
              <li key={device.id} className={styles.recordRow}>
                <div className={styles.recordMain}>
                  <span className={styles.recordName}>
                    {device.label}
                    {device.endpoint === here ? <span className={`tag ${styles.tagPrimary}`}>{t("account.push.thisDevice")}</span> : null}
                  </span>
                  <span className={styles.recordMeta}>
                    {device.lastSuccessAt
                      ? t("account.push.lastMessage", { added: formatDate(device.createdAt), last: formatDate(device.lastSuccessAt, true) })
                      : t("account.push.noMessage", { added: formatDate(device.createdAt) })}
                  </span>
                </div>
                <button
                  type="button"
                  className="button button-small button-danger-quiet"
                  onClick={() => removeDevice(device)}
                  disabled={busy !== null}
                >
                  {busy === device.id ? t("account.removing") : t("account.push.remove", { device: device.label })}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t("account.push.none")}</p>
        )
      ) : fetching && !error ? (
        <Loading label={t("account.push.loading")} />
      ) : (
        <LoadError error={error} onRetry={reload} message={t("account.push.loadError")} />
      )}
    </section>
  );
}
