// /groups/accept?id=<invitationId>&code=<code>: the link from an invitation e-mail. Checks the
// invitation, shows the group's name with an Accept button, or explains why it cannot be used
// (LOGIN, NTFND, DNIED, DNIEM).
import { useState, type ReactNode } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { useMutation, useQuery } from "urql";
import { term } from "../../../../shared/branding.ts";
import { Loading } from "../../components/Loading.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { needsVerification, VERIFY_TO_ACCEPT, VerifyToAccept } from "../account/VerifyToAccept.tsx";
import { AcceptGroupInvitationDocument as AcceptGroupInvitation } from "./AcceptGroupInvitation.generated.ts";
import { GroupInvitationCheckDocument as GroupInvitationCheck } from "./GroupInvitationCheck.generated.ts";
import { errorCode, errorText } from "./meta.ts";
import { isUuid } from "./use-group.ts";
import "./groups.css";

export default function AcceptGroupInvitationPage() {
  const b = useBranding();
  const [params] = useSearchParams();
  const invitationId = params.get("id") ?? "";
  const code = params.get("code") ?? "";
  const complete = isUuid(invitationId) && code !== "";
  const { signedIn, session } = useSession();
  const word = term(b, "group");

  const [check, recheck] = useQuery({
    query: GroupInvitationCheck,
    variables: { invitationId, code },
    pause: !complete || !session,
    requestPolicy: "network-only",
  });

  let body;
  if (!complete) {
    body = (
      <Problem title="This invitation link is incomplete">
        <p>Open the whole link from your invitation e-mail, or ask the {word}'s owner to invite you again.</p>
      </Problem>
    );
  } else if (check.error) {
    body = <InvalidInvitation code={errorCode(check.error)} message={errorText(check.error, "An error occurred")} onRetry={() => recheck({ requestPolicy: "network-only" })} />;
  } else if (!check.data) {
    body = <Loading label="Checking your invitation…" />;
  } else {
    const target = check.data.groupMembershipForInvitation;
    body =
      target?.id && target.name ? (
        <Invitation
          groupId={target.id}
          groupName={target.name}
          invitationId={invitationId}
          code={code}
          signedIn={signedIn}
        />
      ) : (
        <InvalidInvitation code="NTFND" message="" />
      );
  }

  return (
    <section className="page narrow-page" aria-labelledby="page-title">
      <h1 id="page-title">Join a {word}</h1>
      {body}
    </section>
  );
}

function Invitation({
  groupId,
  groupName,
  invitationId,
  code,
  signedIn,
}: {
  groupId: string;
  groupName: string;
  invitationId: string;
  code: string;
  signedIn: boolean;
}) {
  const b = useBranding();
  const navigate = useNavigate();
  const notify = useNotify();
  const [accepting, accept] = useMutation(AcceptGroupInvitation);
  const [error, setError] = useState<string | null>(null);
  const word = term(b, "group");

  const onAccept = async () => {
    setError(null);
    const result = await accept({ invitationId, code });
    if (result.error || !result.data?.acceptInvitationToGroupMembership?.groupMembership) {
      setError(errorText(result.error, "Failed to accept membership"));
      return;
    }
    notify.positive(`${term(b, "group", true)} joined`);
    navigate(paths.group(groupId), { replace: true });
  };

  return (
    <div className="card">
      <p>You have been invited to join</p>
      <p className="invite-target">{groupName}</p>
      <p className="muted">
        As a member you can look after its {term(b, "things")}, record care and see its activity.
      </p>
      {error ? (
        <div className="form-error" role="alert">
          {error}
        </div>
      ) : null}
      {signedIn ? (
        <div className="button-row">
          <button type="button" className="button" disabled={accepting.fetching} onClick={onAccept}>
            {accepting.fetching ? "Accepting…" : "Accept invitation"}
          </button>
          <Link className="button button-secondary" to={paths.group(groupId)}>
            Look at the {word} first
          </Link>
        </div>
      ) : null}
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
  const b = useBranding();
  const location = useLocation();
  const here = location.pathname + location.search;
  const word = term(b, "group");
  switch (code) {
    case "LOGIN":
      return (
        <div className="card">
          <h2>Sign in to accept</h2>
          <p>
            Sign in with the account that uses the e-mail address this invitation was sent to. You will come back
            here to accept it.
          </p>
          <div className="button-row">
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
          <p>
            Invitations last 14 days and can be used once. Ask the {word}'s owner to invite you again.
          </p>
          <p>
            <Link to="/groups">See all {term(b, "groups")}</Link>
          </p>
        </Problem>
      );
    case "DNIED":
      return (
        <Problem title="This invitation code is not valid">
          <p>
            Check that you opened the whole link from the e-mail. If the owner sent the invitation again, use the
            newest e-mail: the older link stops working.
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
            Sign in with the account that uses that address, or add that address to your account and
            verify it (only verified addresses count), then open the link again.
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
