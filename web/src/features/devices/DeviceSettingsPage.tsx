// /devices/{id}/settings (owners and admins; others go to the device's page): who has access,
// with owner switches and removal; invitations by e-mail, pending ones with resend and remove;
// and deleting the device.
import { useId, useState, type FormEvent } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useMutation, useQuery } from "urql";
import { validateEmail } from "../../../../shared/validation.ts";
import { Avatar } from "../../components/Avatar.tsx";
import { ConfirmBox } from "../../components/ConfirmBox.tsx";
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
import { richText } from "../../lib/i18n/rich.tsx";
import { useDevice, type DeviceRecord } from "./use-device.ts";
import styles from "./devices.module.css";
import { RedirectWithNotice } from "../../components/RedirectWithNotice.tsx";
import { useDevicesT, type DevicesT } from "./texts.ts";

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

export default function DeviceSettingsPage() {
  const { id = "" } = useParams();
  const t = useDevicesT();
  const state = useDevice(id);
  const device = state.device;

  if (state.notFound) return <DeviceNotFound />;
  if (!device) {
    if (state.error) {
      return (
        <section className="page" aria-labelledby="page-title">
          <h1 id="page-title">{t("devices.settings.title")}</h1>
          <ListError message={errorText(state.error, t("devices.loadDeviceFailed"))} onRetry={state.refetch} />
        </section>
      );
    }
    return <Loading label={t("devices.settings.loading")} />;
  }
  // Owners and admins only (spec section 6); everyone else sees the device's page.
  if (!device.canEdit) {
    return <RedirectWithNotice to={paths.device(device.id)} message={t("devices.settings.ownersOnly")} />;
  }

  return (
    <section className={`page ${styles.page}`} aria-labelledby="page-title">
      <DeviceHeader device={device} title={t("devices.sharingAndSettings")} />
      <OwnerTabs id={device.id} />
      <Sharing device={device} />
      <DeleteDeviceBox device={device} />
    </section>
  );
}

function personName(person: Person | Omit<Person, "hasImage"> | null | undefined, t: DevicesT): string {
  return person?.name || person?.username || t("devices.settings.someone");
}

function Sharing({ device }: { device: DeviceRecord }) {
  const t = useDevicesT();
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
      <section className={`card ${styles.section}`} aria-labelledby="people-title">
        <h2 id="people-title">{t("devices.settings.people")}</h2>
        <p className="muted">{t("devices.settings.peopleText")}</p>
        {result.error && !sharing ? (
          <ListError message={errorText(result.error, t("devices.settings.loadFailed"))} onRetry={refetch} />
        ) : !sharing ? (
          <ListSkeleton layout="list" count={2} label={t("devices.settings.loadingPeople")} />
        ) : (
          <ul className={styles.people} aria-label={t("devices.settings.people")}>
            {accesses.map((access) => (
              <AccessRow
                key={access.id}
                access={access}
                deviceId={device.id}
                lastOwner={access.isOwner && owners <= 1}
                onChanged={refetch}
              />
            ))}
          </ul>
        )}
      </section>

      <section className={`card ${styles.section}`} aria-labelledby="invite-title">
        <h2 id="invite-title">{t("devices.settings.invite")}</h2>
        <InviteForm deviceId={device.id} onInvited={refetch} />
        {invitations.length > 0 ? (
          <>
            <h3 className={styles.subheading}>{t("devices.settings.pending")}</h3>
            <ul className={styles.people} aria-label={t("devices.settings.pending")}>
              {invitations.map((invitation) => (
                <InvitationRow key={invitation.id} invitation={invitation} deviceId={device.id} onChanged={refetch} />
              ))}
            </ul>
          </>
        ) : sharing ? (
          <p className={`muted ${styles.none}`}>{t("devices.settings.noPending")}</p>
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
  const t = useDevicesT();
  const { session } = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  const [owning, updateAccess] = useMutation(UpdateDeviceAccess);
  const [removing, deleteAccess] = useMutation(DeleteDeviceAccess);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const nameId = useId();
  const me = access.userId === session?.id;
  const name = personName(access.userByUserId, t);

  const toggleOwner = async (next: boolean) => {
    setError(null);
    const result = await updateAccess({ id: access.id, isOwner: next });
    if (result.error) {
      setError(errorText(result.error, t("devices.settings.makeOwnerFailed")));
      return;
    }
    notify.positive(t(next ? "devices.settings.nowOwner" : "devices.settings.noLongerOwner", { name }));
    onChanged();
    // Stepping down as owner ends one's right to this screen.
    if (me && !next) navigate(paths.device(deviceId), { replace: true });
  };

  const remove = async () => {
    setError(null);
    const result = await deleteAccess({ id: access.id });
    setConfirming(false);
    if (result.error) {
      setError(errorText(result.error, t("devices.settings.removeAccessFailed")));
      return;
    }
    notify.positive(me ? t("devices.settings.youLeft") : t("devices.settings.removed", { name }));
    if (me) navigate("/devices", { replace: true });
    else onChanged();
  };

  return (
    <li className={styles.person}>
      {access.userByUserId ? (
        <Avatar id={access.userByUserId.id} name={name} hasImage={access.userByUserId.hasImage} size={40} />
      ) : (
        <span className={`avatar ${styles.avatarUnknown}`} aria-hidden="true" />
      )}
      <div>
        <p className={styles.personName} id={nameId}>
          {access.userByUserId ? <Link to={paths.user(access.userByUserId.id)}>{name}</Link> : name}
          {me ? <span className="tag">{t("devices.settings.you")}</span> : null}
          {access.isOwner ? <span className="tag tag-positive">{t("devices.settings.owner")}</span> : null}
        </p>
        <p className={`muted ${styles.personMeta}`}>{t("devices.settings.since", { date: formatDate(access.createdAt) })}</p>
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className={styles.personActions}>
        <Switch
          checked={access.isOwner}
          label={t("devices.settings.owner")}
          busy={owning.fetching}
          disabled={owning.fetching || lastOwner}
          describedBy={lastOwner ? `${nameId}-last` : undefined}
          onChange={toggleOwner}
        />
        {lastOwner ? (
          <span id={`${nameId}-last`} className="visually-hidden">
            {t("devices.settings.lastOwner")}
          </span>
        ) : null}
        {confirming ? (
          <ConfirmBox
            inline
            label={t("devices.settings.removeQuestion", { name })}
            confirm={t(removing.fetching ? "devices.settings.removing" : me ? "devices.settings.yesLeave" : "devices.settings.yesRemove")}
            cancel={t("devices.cancel")}
            busy={removing.fetching}
            onConfirm={remove}
            onCancel={() => setConfirming(false)}
          />
        ) : (
          <button
            type="button"
            className="button button-secondary button-danger-quiet"
            disabled={lastOwner}
            title={lastOwner ? t("devices.settings.ownerFirst") : undefined}
            aria-label={t(me ? "devices.settings.leaveName" : "devices.settings.removeName", { name })}
            onClick={() => setConfirming(true)}
          >
            {t(me ? "devices.settings.leave" : "devices.settings.remove")}
          </button>
        )}
      </div>
    </li>
  );
}

function InviteForm({ deviceId, onInvited }: { deviceId: string; onInvited(): void }) {
  const t = useDevicesT();
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
      setServerError({ message: errorText(result.error, t("devices.settings.inviteFailed")), email });
      return;
    }
    notify.positive(t("devices.settings.invited", { email: address }));
    setEmail("");
    setTouched(false);
    onInvited();
  };

  return (
    <form className={styles.invite} noValidate onSubmit={submit}>
      <FormField
        label={t("devices.settings.email")}
        type="email"
        name="email"
        autoComplete="off"
        value={email}
        error={shown}
        hint={t("devices.settings.emailHint")}
        onChange={(event) => {
          setEmail(event.target.value);
          if (event.target.value) setTouched(true);
        }}
        onBlur={() => setTouched(email !== "" || touched)}
      />
      <button type="submit" className="button" disabled={inviting.fetching}>
        {t(inviting.fetching ? "devices.settings.sending" : "devices.settings.sendInvitation")}
      </button>
    </form>
  );
}

function InvitationRow({ invitation, deviceId, onChanged }: { invitation: Invitation; deviceId: string; onChanged(): void }) {
  const t = useDevicesT();
  const notify = useNotify();
  const [resending, invite] = useMutation(InviteToDeviceAccess);
  const [removing, remove] = useMutation(DeleteDeviceAccessInvitation);
  const [error, setError] = useState<string | null>(null);

  const resend = async () => {
    setError(null);
    const result = await invite({ deviceId, email: invitation.email });
    if (result.error) {
      setError(errorText(result.error, t("devices.settings.inviteFailed")));
      return;
    }
    notify.positive(t("devices.settings.resent", { email: invitation.email }));
    onChanged();
  };

  const drop = async () => {
    setError(null);
    const result = await remove({ id: invitation.id });
    if (result.error) {
      setError(errorText(result.error, t("devices.settings.removeInviteFailed")));
      return;
    }
    notify.positive(t("devices.settings.inviteRemoved", { email: invitation.email }));
    onChanged();
  };

  return (
    <li className={styles.person}>
      <span className={styles.envelope} aria-hidden="true">
        ✉
      </span>
      <div>
        <p className={styles.personName}>
          {invitation.email}
          {invitation.userByUserId ? <span className="muted"> ({personName(invitation.userByUserId, t)})</span> : null}
        </p>
        <p className={`muted ${styles.personMeta}`}>
          {richText(t, "devices.settings.sent", {
            time: (
              <time dateTime={invitation.createdAt} title={formatDateTime(invitation.createdAt)}>
                {timeAgo(invitation.createdAt)}
              </time>
            ),
          })}
        </p>
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className={styles.personActions}>
        <button
          type="button"
          className="button button-secondary"
          disabled={resending.fetching}
          aria-label={t("devices.settings.resendTo", { email: invitation.email })}
          onClick={resend}
        >
          {t(resending.fetching ? "devices.settings.sending" : "devices.settings.resend")}
        </button>
        <button
          type="button"
          className="button button-secondary button-danger-quiet"
          disabled={removing.fetching}
          aria-label={t("devices.settings.removeInviteTo", { email: invitation.email })}
          onClick={drop}
        >
          {t(removing.fetching ? "devices.settings.removing" : "devices.settings.remove")}
        </button>
      </div>
    </li>
  );
}

function DeleteDeviceBox({ device }: { device: DeviceRecord }) {
  const t = useDevicesT();
  const navigate = useNavigate();
  const notify = useNotify();
  const [deleting, deleteDevice] = useMutation(DeleteDevice);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async () => {
    setError(null);
    const result = await deleteDevice({ id: device.id });
    if (result.error) {
      setError(errorText(result.error, t("devices.settings.deleteFailed")));
      setConfirming(false);
      return;
    }
    notify.positive(t("devices.settings.deleted", { name: device.name }));
    navigate("/devices", { replace: true });
  };

  return (
    <section className={`card ${styles.danger}`} aria-labelledby="delete-title">
      <h2 id="delete-title">{t("devices.settings.deleteTitle")}</h2>
      <p className="muted">{t("devices.settings.deleteText")}</p>
      {error ? (
        <div className="form-error" role="alert">
          {error}
        </div>
      ) : null}
      {confirming ? (
        <ConfirmBox
          label={t("devices.settings.deleteQuestion", { name: device.name })}
          question={richText(t, "devices.settings.deleteConfirm", { name: <strong>{device.name}</strong> })}
          confirm={t(deleting.fetching ? "devices.settings.deleting" : "devices.settings.yesDelete")}
          cancel={t("devices.cancel")}
          busy={deleting.fetching}
          onConfirm={run}
          onCancel={() => setConfirming(false)}
        />
      ) : (
        <button type="button" className="button button-secondary button-danger-quiet" onClick={() => setConfirming(true)}>
          {t("devices.settings.delete")}
        </button>
      )}
    </section>
  );
}
