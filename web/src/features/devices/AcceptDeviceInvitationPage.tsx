// /devices/accept?id=<invitationId>&code=<code>: the link from a device invitation e-mail. Checks
// it with deviceAccessForInvitation and shows the device's name with an Accept button, or why it
// cannot be used: LOGIN (sign in, coming back here), NTFND, DNIED, DNIEM; ISACS on accepting.
import { useState, type ReactNode } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { useMutation, useQuery } from "urql";
import { Loading } from "../../components/Loading.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { needsVerification, VERIFY_TO_ACCEPT, VerifyToAccept } from "../account/VerifyToAccept.tsx";
import { AcceptInvitationToDeviceAccessDocument as AcceptInvitationToDeviceAccess } from "./AcceptInvitationToDeviceAccess.generated.ts";
import { DeviceAccessForInvitationDocument as DeviceAccessForInvitation } from "./DeviceAccessForInvitation.generated.ts";
import { errorCode, errorText, isUuid } from "./device-meta.ts";
import "./devices.css";

export const ACCEPT_FAILED = "Failed to accept access";

export default function AcceptDeviceInvitationPage() {
  const [params] = useSearchParams();
  const invitationId = params.get("id") ?? "";
  const code = params.get("code") ?? "";
  const complete = isUuid(invitationId) && code !== "";
  const { session } = useSession();

  const [check, recheck] = useQuery({
    query: DeviceAccessForInvitation,
    variables: { invitationId, code },
    pause: !complete || !session,
    requestPolicy: "network-only",
  });

  let body: ReactNode;
  if (!complete) {
    body = (
      <Problem title="This invitation link is incomplete">
        <p>Open the whole link from your invitation e-mail, or ask the device’s owner to invite you again.</p>
      </Problem>
    );
  } else if (check.error) {
    body = (
      <InvalidInvitation
        code={errorCode(check.error)}
        message={errorText(check.error, "An error occurred")}
        onRetry={() => recheck({ requestPolicy: "network-only" })}
      />
    );
  } else if (!check.data) {
    body = <Loading label="Checking your invitation…" />;
  } else {
    const target = check.data.deviceAccessForInvitation;
    body =
      target?.id && target.name ? (
        <Invitation deviceId={target.id} deviceName={target.name} invitationId={invitationId} code={code} />
      ) : (
        <InvalidInvitation code="NTFND" message="" />
      );
  }

  return (
    <section className="page dev-page dev-narrow" aria-labelledby="page-title">
      <h1 id="page-title">Accept a device invitation</h1>
      {body}
    </section>
  );
}

function Invitation({ deviceId, deviceName, invitationId, code }: { deviceId: string; deviceName: string; invitationId: string; code: string }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const [accepting, accept] = useMutation(AcceptInvitationToDeviceAccess);
  const [problem, setProblem] = useState<{ code?: string; message: string } | null>(null);

  const onAccept = async () => {
    setProblem(null);
    const result = await accept({ invitationId, code });
    if (result.error || !result.data?.acceptInvitationToDeviceAccess?.deviceAccess) {
      setProblem({ code: errorCode(result.error), message: errorText(result.error, ACCEPT_FAILED) });
      return;
    }
    notify.positive(`You now have access to ${deviceName}`);
    navigate(paths.device(deviceId), { replace: true });
  };

  if (problem?.code === "ISACS") {
    return (
      <div className="card">
        <h2>You already have access</h2>
        <p>{problem.message}</p>
        <p>
          <Link className="button" to={paths.device(deviceId)}>
            Open {deviceName}
          </Link>
        </p>
      </div>
    );
  }

  return (
    <div className="card dev-invitation">
      <p>You have been invited to share the device</p>
      <p className="dev-invitation-target">{deviceName}</p>
      <p className="muted">Once you accept, you can see the device and its readings, even when it is private.</p>
      {problem ? (
        <div className="form-error" role="alert">
          {problem.message}
        </div>
      ) : null}
      <div className="dev-button-row">
        <button type="button" className="button" disabled={accepting.fetching} onClick={onAccept}>
          {accepting.fetching ? "Accepting…" : "Accept invitation"}
        </button>
        <Link className="button button-secondary" to="/devices">
          Not now
        </Link>
      </div>
    </div>
  );
}

function Problem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="card" role="alert">
      <h2>{title}</h2>
      {children}
    </div>
  );
}

function InvalidInvitation({ code, message, onRetry }: { code: string | undefined; message: string; onRetry?: () => void }) {
  const location = useLocation();
  const here = location.pathname + location.search;
  switch (code) {
    case "LOGIN":
      return (
        <div className="card">
          <h2>Sign in to accept</h2>
          <p>
            Sign in with the account that uses the e-mail address this invitation was sent to. You come back here to
            accept it.
          </p>
          <div className="dev-button-row">
            <Link className="button" to={paths.signIn(here)}>
              Sign in
            </Link>
            <Link className="button button-secondary" to={paths.register(here)}>
              Create an account
            </Link>
          </div>
        </div>
      );
    case "NTFND":
      return (
        <Problem title="This invitation was not found or has expired">
          <p>Invitations last 14 days and can be used once. Ask the device’s owner to invite you again.</p>
          <p>
            <Link to="/devices">See all devices</Link>
          </p>
        </Problem>
      );
    case "DNIED":
      return (
        <Problem title="This invitation code is not valid">
          <p>
            Check that you opened the whole link from the e-mail. If the owner sent the invitation again, use the newest
            e-mail: the older link stops working.
          </p>
        </Problem>
      );
    case "DNIEM":
      // One of the user's addresses, not verified yet: say so, with a way to verify it.
      if (needsVerification(code, message)) {
        return (
          <Problem title={VERIFY_TO_ACCEPT}>
            <VerifyToAccept onCheckAgain={onRetry} />
          </Problem>
        );
      }
      return (
        <Problem title="This invitation was sent to another e-mail address">
          <p>
            Sign in with the account that uses that address, or add that address to your account and verify it (only
            verified addresses count), then open the link again.
          </p>
          <p>
            <Link to="/account/emails">Your e-mail addresses</Link>
          </p>
        </Problem>
      );
    default:
      return (
        <div className="card">
          <p className="form-error" role="alert">
            {message || "An error occurred"}
          </p>
          {onRetry ? (
            <button type="button" className="button button-secondary" onClick={onRetry}>
              Try again
            </button>
          ) : null}
        </div>
      );
  }
}
