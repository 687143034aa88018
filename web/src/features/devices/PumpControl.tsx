// The pump/LED switch of a The Things Uno (spec sections 4 and 7): owners and admins switch it
// with deviceDownPush (message "1" on, "0" off); on success the local state follows and a positive
// notice says so (mentioning when the downlink was only simulated); on failure the server's
// message shows next to the switch. Everyone else sees the last known state.
import { useEffect, useId, useState } from "react";
import { useMutation } from "urql";
import { useNotify } from "../../lib/notices.tsx";
import DeviceDownPush from "./DeviceDownPush.graphql?raw";
import { Switch } from "./DeviceParts.tsx";
import { errorText } from "./device-meta.ts";

interface PushData {
  deviceDownPush: { success: boolean; ledState: boolean | null; simulated: boolean } | null;
}

export const SIMULATED_NOTE = "The downlink was simulated because The Things Stack is not configured.";

export function pumpNotice(on: boolean, simulated: boolean): string {
  return `Pump switched ${on ? "on" : "off"}.${simulated ? ` ${SIMULATED_NOTE}` : ""}`;
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
  const notify = useNotify();
  const [pushing, push] = useMutation<PushData>(DeviceDownPush);
  // The state after our own downlink, until the server's copy of the device says otherwise.
  const [local, setLocal] = useState<boolean | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const statusId = useId();
  useEffect(() => setLocal(null), [ledState]);

  const on = local ?? ledState;
  const busy = pushing.fetching;

  const toggle = async (next: boolean) => {
    setError(null);
    setStatus(null);
    const result = await push({ deviceId, message: next ? "1" : "0" });
    const payload = result.data?.deviceDownPush;
    if (result.error || !payload?.success) {
      setError(errorText(result.error, "The pump could not be switched"));
      return;
    }
    const state = payload.ledState ?? next;
    setLocal(state);
    const message = pumpNotice(state, payload.simulated);
    setStatus(message);
    notify.positive(message);
  };

  return (
    <section className="card dev-pump" aria-labelledby="pump-title">
      <div className="dev-pump-head">
        <div>
          <h2 id="pump-title">Pump</h2>
          <p className="muted dev-pump-state">
            {on === null || on === undefined ? "State unknown: it has not been switched yet." : on ? "The pump is on." : "The pump is off."}
          </p>
        </div>
        {canEdit ? (
          <Switch
            checked={!!on}
            label={busy ? "Sending…" : on ? "On" : "Off"}
            busy={busy}
            disabled={busy}
            describedBy={statusId}
            labelledBy="pump-title"
            onChange={toggle}
          />
        ) : null}
      </div>
      <div id={statusId} aria-live="polite" className="dev-pump-status">
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : status ? (
          <p className="dev-notice-positive">{status}</p>
        ) : null}
      </div>
      {canEdit ? (
        <p className="field-hint">
          Switching sends a downlink to the controller through The Things Stack; it takes effect when the device next
          listens.
        </p>
      ) : (
        <p className="field-hint">Only the device’s owners can switch the pump.</p>
      )}
    </section>
  );
}
