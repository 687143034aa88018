// /devices/{id}/settings (owners and admins; others go to the device's page): who has access,
// with owner switches and removal; invitations by e-mail, pending ones with resend and remove;
// and deleting the device.
import { useId, useState, type FormEvent } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useMutation, useQuery } from "urql";
import { validateEmail } from "../../../../shared/validation.ts";
import { Avatar } from "../../components/Avatar.tsx";
import { FormField } from "../../components/FormField.tsx";
import { ListError, ListSkeleton } from "../../components/list/index.ts";
import { Loading } from "../../components/Loading.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { DeleteDeviceDocument as DeleteDevice } from "./DeleteDevice.generated.ts";
import { DeleteDeviceAccessDocument as DeleteDeviceAccess } from "./DeleteDeviceAccess.generated.ts";
import { DeleteDeviceAccessInvitationDocument as DeleteDeviceAccessInvitation } from "./DeleteDeviceAccessInvitation.generated.ts";
import { DeviceHeader, DeviceNotFound, OwnerTabs, Switch } from "./DeviceParts.tsx";
import { DeviceSharingDocument as DeviceSharing } from "./DeviceSharing.generated.ts";
import { errorText, formatDate, formatDateTime, timeAgo } from "./device-meta.ts";
import { InviteToDeviceAccessDocument as InviteToDeviceAccess } from "./InviteToDeviceAccess.generated.ts";
import { UpdateDeviceAccessDocument as UpdateDeviceAccess } from "./UpdateDeviceAccess.generated.ts";
import { useDevice, type DeviceRecord } from "./use-device.ts";
import "./devices.css";
import { RedirectWithNotice } from "../../components/RedirectWithNotice.tsx";

interface Person {
  id: string;
  name: string | null;
  username: string | null;
  hasImage?: boolean | null;
}

interface Access {
  id: string;
  isOwner: boolean;
  createdAt: string;
  userId: string;
  userByUserId: Person | null;
}

interface Invitation {
  id: string;
  email: string;
  createdAt: string;
  userByUserId: Omit<Person, "hasImage"> | null;
}

export const MESSAGES = {
  removeAccess: "Failed to remove access",
  removeInvite: "Failed to remove invite",
  invite: "Failed to send invitation",
  makeOwner: "Failed to make user owner",
  deleteDevice: "Failed to delete device",
} as const;

export default function DeviceSettingsPage() {
  const { id = "" } = useParams();
  const state = useDevice(id);
  const device = state.device;

  if (state.notFound) return <DeviceNotFound />;
  if (!device) {
    if (state.error) {
      return (
        <section className="page" aria-labelledby="page-title">
          <h1 id="page-title">Device settings</h1>
          <ListError message={errorText(state.error, "Could not load the device")} onRetry={state.refetch} />
        </section>
      );
    }
    return <Loading label="Loading the settings…" />;
  }
  // Owners and admins only (spec section 6); everyone else sees the device's page.
  if (!device.canEdit) {
    return <RedirectWithNotice to={paths.device(device.id)} message="Only the owners of this device can change its settings." />;
  }

  return (
    <section className="page dev-page dev-settings" aria-labelledby="page-title">
      <DeviceHeader device={device} title="Sharing and settings" />
      <OwnerTabs id={device.id} />
      <Sharing device={device} />
      <DeleteDeviceBox device={device} />
    </section>
  );
}

function personName(person: Person | Omit<Person, "hasImage"> | null | undefined): string {
  return person?.name || person?.username || "Someone";
}

function Sharing({ device }: { device: DeviceRecord }) {
  const [result, reexecute] = useQuery({
    query: DeviceSharing,
    variables: { id: device.id },
    requestPolicy: "cache-and-network",
  });
  const refetch = () => reexecute({ requestPolicy: "network-only" });
  const sharing = result.data?.deviceById;
  const accesses = sharing?.deviceAccessesByDeviceId.nodes ?? [];
  const invitations = sharing?.deviceAccessInvitationsByDeviceId.nodes ?? [];
  const owners = accesses.filter((a) => a.isOwner).length;

  return (
    <>
      <section className="card dev-section" aria-labelledby="people-title">
        <h2 id="people-title">People with access</h2>
        <p className="muted">
          Owners can change the device, switch its pump, share it and delete it. Other people can see it and its readings
          even when it is private.
        </p>
        {result.error && !sharing ? (
          <ListError message={errorText(result.error, "Could not load who has access")} onRetry={refetch} />
        ) : !sharing ? (
          <ListSkeleton layout="list" count={2} label="Loading who has access…" />
        ) : (
          <ul className="dev-people" aria-label="People with access">
            {accesses.map((access) => (
              <AccessRow key={access.id} access={access} deviceId={device.id} lastOwner={access.isOwner && owners <= 1} onChanged={refetch} />
            ))}
          </ul>
        )}
      </section>

      <section className="card dev-section" aria-labelledby="invite-title">
        <h2 id="invite-title">Invite someone</h2>
        <InviteForm deviceId={device.id} onInvited={refetch} />
        {invitations.length > 0 ? (
          <>
            <h3 className="dev-subheading">Pending invitations</h3>
            <ul className="dev-people" aria-label="Pending invitations">
              {invitations.map((invitation) => (
                <InvitationRow key={invitation.id} invitation={invitation} deviceId={device.id} onChanged={refetch} />
              ))}
            </ul>
          </>
        ) : sharing ? (
          <p className="muted dev-none">No pending invitations.</p>
        ) : null}
      </section>
    </>
  );
}

function AccessRow({
  access,
  deviceId,
  lastOwner,
  onChanged,
}: {
  access: Access;
  deviceId: string;
  lastOwner: boolean;
  onChanged(): void;
}) {
  const { session } = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  const [owning, updateAccess] = useMutation(UpdateDeviceAccess);
  const [removing, deleteAccess] = useMutation(DeleteDeviceAccess);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const nameId = useId();
  const me = access.userId === session?.id;
  const name = personName(access.userByUserId);

  const toggleOwner = async (next: boolean) => {
    setError(null);
    const result = await updateAccess({ id: access.id, isOwner: next });
    if (result.error) {
      setError(errorText(result.error, MESSAGES.makeOwner));
      return;
    }
    notify.positive(next ? `${name} is now an owner` : `${name} is no longer an owner`);
    onChanged();
    // Stepping down as owner ends one's right to this screen.
    if (me && !next) navigate(paths.device(deviceId), { replace: true });
  };

  const remove = async () => {
    setError(null);
    const result = await deleteAccess({ id: access.id });
    setConfirming(false);
    if (result.error) {
      setError(errorText(result.error, MESSAGES.removeAccess));
      return;
    }
    notify.positive(me ? "You no longer have access to this device" : `${name} no longer has access`);
    if (me) navigate("/devices", { replace: true });
    else onChanged();
  };

  return (
    <li className="dev-person">
      {access.userByUserId ? (
        <Avatar id={access.userByUserId.id} name={name} hasImage={access.userByUserId.hasImage} size={40} />
      ) : (
        <span className="avatar dev-avatar-unknown" aria-hidden="true" />
      )}
      <div className="dev-person-body">
        <p className="dev-person-name" id={nameId}>
          {access.userByUserId ? <Link to={paths.user(access.userByUserId.id)}>{name}</Link> : name}
          {me ? <span className="tag">You</span> : null}
          {access.isOwner ? <span className="tag tag-positive">Owner</span> : null}
        </p>
        <p className="muted dev-person-meta">Since {formatDate(access.createdAt)}</p>
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="dev-person-actions">
        <Switch
          checked={access.isOwner}
          label="Owner"
          busy={owning.fetching}
          disabled={owning.fetching || lastOwner}
          describedBy={lastOwner ? `${nameId}-last` : undefined}
          onChange={toggleOwner}
        />
        {lastOwner ? (
          <span id={`${nameId}-last`} className="visually-hidden">
            The last owner cannot step down; make someone else an owner first.
          </span>
        ) : null}
        {confirming ? (
          <span className="dev-confirm" role="group" aria-label={`Remove ${name}?`}>
            <button type="button" className="button dev-button-danger-solid" disabled={removing.fetching} onClick={remove}>
              {removing.fetching ? "Removing…" : me ? "Yes, leave" : "Yes, remove"}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </span>
        ) : (
          <button
            type="button"
            className="button button-secondary dev-button-danger"
            disabled={lastOwner}
            title={lastOwner ? "Make someone else an owner first" : undefined}
            aria-label={`${me ? "Leave" : "Remove"} ${name}`}
            onClick={() => setConfirming(true)}
          >
            {me ? "Leave" : "Remove"}
          </button>
        )}
      </div>
    </li>
  );
}

function InviteForm({ deviceId, onInvited }: { deviceId: string; onInvited(): void }) {
  const notify = useNotify();
  const [inviting, invite] = useMutation(InviteToDeviceAccess);
  const [email, setEmail] = useState("");
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<{ message: string; email: string } | null>(null);
  const localError = validateEmail(email.trim());
  const shown = serverError && serverError.email === email ? serverError.message : touched ? localError : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setServerError(null);
    if (localError) return;
    const address = email.trim();
    const result = await invite({ deviceId, email: address });
    if (result.error) {
      // ISACS (the person has access already) and validation errors come with the server's words.
      setServerError({ message: errorText(result.error, MESSAGES.invite), email });
      return;
    }
    notify.positive(`Invitation sent to ${address}`);
    setEmail("");
    setTouched(false);
    onInvited();
  };

  return (
    <form className="dev-invite" noValidate onSubmit={submit}>
      <FormField
        label="E-mail address"
        type="email"
        name="email"
        autoComplete="off"
        value={email}
        error={shown}
        hint="They get an e-mail with a link; after accepting they can see the device and its readings."
        onChange={(event) => {
          setEmail(event.target.value);
          if (event.target.value) setTouched(true);
        }}
        onBlur={() => setTouched(email !== "" || touched)}
      />
      <button type="submit" className="button" disabled={inviting.fetching}>
        {inviting.fetching ? "Sending…" : "Send invitation"}
      </button>
    </form>
  );
}

function InvitationRow({ invitation, deviceId, onChanged }: { invitation: Invitation; deviceId: string; onChanged(): void }) {
  const notify = useNotify();
  const [resending, invite] = useMutation(InviteToDeviceAccess);
  const [removing, remove] = useMutation(DeleteDeviceAccessInvitation);
  const [error, setError] = useState<string | null>(null);

  const resend = async () => {
    setError(null);
    const result = await invite({ deviceId, email: invitation.email });
    if (result.error) {
      setError(errorText(result.error, MESSAGES.invite));
      return;
    }
    notify.positive(`Invitation sent again to ${invitation.email}`);
    onChanged();
  };

  const drop = async () => {
    setError(null);
    const result = await remove({ id: invitation.id });
    if (result.error) {
      setError(errorText(result.error, MESSAGES.removeInvite));
      return;
    }
    notify.positive(`Invitation to ${invitation.email} removed`);
    onChanged();
  };

  return (
    <li className="dev-person">
      <span className="dev-envelope" aria-hidden="true">
        ✉
      </span>
      <div className="dev-person-body">
        <p className="dev-person-name">
          {invitation.email}
          {invitation.userByUserId ? <span className="muted"> ({personName(invitation.userByUserId)})</span> : null}
        </p>
        <p className="muted dev-person-meta">
          Sent <time dateTime={invitation.createdAt} title={formatDateTime(invitation.createdAt)}>{timeAgo(invitation.createdAt)}</time>
        </p>
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="dev-person-actions">
        <button
          type="button"
          className="button button-secondary"
          disabled={resending.fetching}
          aria-label={`Resend the invitation to ${invitation.email}`}
          onClick={resend}
        >
          {resending.fetching ? "Sending…" : "Resend"}
        </button>
        <button
          type="button"
          className="button button-secondary dev-button-danger"
          disabled={removing.fetching}
          aria-label={`Remove the invitation to ${invitation.email}`}
          onClick={drop}
        >
          {removing.fetching ? "Removing…" : "Remove"}
        </button>
      </div>
    </li>
  );
}

function DeleteDeviceBox({ device }: { device: DeviceRecord }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const [deleting, deleteDevice] = useMutation(DeleteDevice);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async () => {
    setError(null);
    const result = await deleteDevice({ id: device.id });
    if (result.error) {
      setError(errorText(result.error, MESSAGES.deleteDevice));
      setConfirming(false);
      return;
    }
    notify.positive(`${device.name} was deleted`);
    navigate("/devices", { replace: true });
  };

  return (
    <section className="card dev-danger" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete this device</h2>
      <p className="muted">
        Deleting removes the device, all its readings and everyone’s access for good. The
        device itself keeps sending uplinks until it is removed from The Things Stack; they are then ignored.
      </p>
      {error ? (
        <div className="form-error" role="alert">
          {error}
        </div>
      ) : null}
      {confirming ? (
        <div className="dev-confirm-box" role="group" aria-label={`Delete ${device.name}?`}>
          <p>
            Delete <strong>{device.name}</strong> and its readings for good? This cannot be undone.
          </p>
          <div className="dev-button-row">
            <button type="button" className="button dev-button-danger-solid" disabled={deleting.fetching} onClick={run}>
              {deleting.fetching ? "Deleting…" : "Yes, delete device"}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="button button-secondary dev-button-danger" onClick={() => setConfirming(true)}>
          Delete device…
        </button>
      )}
    </section>
  );
}
