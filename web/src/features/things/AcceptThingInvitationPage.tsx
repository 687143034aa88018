// /things/accept?id=<invitationId>&code=<code>: the link of a thing invitation e-mail. Checks
// the invitation (thingAccessForInvitation): found shows the thing's name and an Accept button;
// otherwise the reason — LOGIN (sign in, then come back), NTFND, DNIED, DNIEM — and, on accepting,
// ISACS when the person already has access.
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
import { serverError } from "./errors.ts";
import { isUuid } from "./use-thing.ts";
import { AcceptInvitationToThingAccessDocument as AcceptMutation } from "./AcceptInvitationToThingAccess.generated.ts";
import { ThingAccessForInvitationDocument as CheckQuery } from "./ThingAccessForInvitation.generated.ts";
import "./things.css";

function Problem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="notice-box invitation-problem" role="alert">
      <p>
        <strong>{title}</strong>
      </p>
      {children}
    </div>
  );
}

export default function AcceptThingInvitationPage() {
  const b = useBranding();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { signedIn, session } = useSession();
  const invitationId = params.get("id") ?? "";
  const code = params.get("code") ?? "";
  const complete = isUuid(invitationId) && code !== "";
  const word = term(b, "thing");
  const here = location.pathname + location.search;

  const [check, recheck] = useQuery({
    query: CheckQuery,
    variables: { invitationId, code },
    pause: !complete || !session,
    requestPolicy: "network-only",
  });
  const [, accept] = useMutation(AcceptMutation);
  const [busy, setBusy] = useState(false);
  const [acceptError, setAcceptError] = useState<{ message: string; code?: string } | null>(null);

  const target = check.data?.thingAccessForInvitation;
  const checkProblem = serverError(check.error, "An error occurred");

  const onAccept = async () => {
    setBusy(true);
    setAcceptError(null);
    const result = await accept({ invitationId, code });
    const access = result.data?.acceptInvitationToThingAccess?.thingAccess;
    if (result.error || !access) {
      setAcceptError(serverError(result.error, "Failed to accept access") ?? { message: "Failed to accept access" });
      setBusy(false);
      return;
    }
    notify.positive(`You now collaborate on ${target?.name ?? `this ${word}`}`);
    navigate(paths.thing(access.thingId), { replace: true });
  };

  let body: ReactNode;
  if (!complete) {
    body = (
      <Problem title="This invitation link is incomplete">
        <p>Open the whole link from your invitation e-mail, or ask the {word}’s owner to invite you again.</p>
      </Problem>
    );
  } else if (!signedIn && (!check.data || checkProblem?.code === "LOGIN")) {
    body = (
      <Problem title="Sign in to accept this invitation">
        <p>Sign in with the account of the e-mail address the invitation was sent to. New here? Create an account with that address first.</p>
        <div className="inline-actions">
          <Link to={paths.signIn(here)} className="button">
            Sign in
          </Link>
          <Link to={paths.register(here)} className="button button-secondary">
            Create an account
          </Link>
        </div>
      </Problem>
    );
  } else if (checkProblem) {
    const reasons: Record<string, { title: string; text: ReactNode }> = {
      NTFND: {
        title: "This invitation was not found or has expired",
        text: <p>Invitations last 14 days and can be used once. Ask the {word}’s owner to invite you again.</p>,
      },
      DNIED: {
        title: "This invitation code is not valid",
        text: <p>The link may have been cut short or changed. Open it again from the e-mail, or ask for a new invitation.</p>,
      },
      DNIEM: {
        title: "This invitation was sent to another e-mail address",
        text: (
          <p>
            Sign in with the account that has that address, or add the address to your account under{" "}
            <Link to={paths.account("emails")}>E-mail addresses</Link> and verify it.
          </p>
        ),
      },
      LOGIN: {
        title: "Sign in to accept this invitation",
        text: (
          <p>
            <Link to={paths.signIn(here)}>Sign in</Link> with the account the invitation was sent to.
          </p>
        ),
      },
    };
    // DNIEM for one of the user's own addresses that is not verified yet: say so, with a way to verify it.
    if (needsVerification(checkProblem.code, checkProblem.message)) {
      reasons.DNIEM = {
        title: VERIFY_TO_ACCEPT,
        text: <VerifyToAccept onCheckAgain={() => recheck({ requestPolicy: "network-only" })} />,
      };
    }
    const reason = (checkProblem.code && reasons[checkProblem.code]) || { title: checkProblem.message, text: null };
    body = <Problem title={reason.title}>{reason.text}</Problem>;
  } else if (!check.data) {
    body = <Loading label="Checking the invitation…" />;
  } else if (!target?.id) {
    body = (
      <Problem title="This invitation was not found or has expired">
        <p>Ask the {word}’s owner to invite you again.</p>
      </Problem>
    );
  } else {
    body = (
      <div className="card invitation-card">
        <p className="lead">
          You have been invited to help look after <strong>{target.name}</strong>.
        </p>
        <p>Accepting makes you a collaborator: you can record care actions on it and follow how it is doing.</p>
        {acceptError ? (
          <div className="form-error" role="alert">
            {acceptError.code === "ISACS" ? "You already have access to this " + word : acceptError.message}
            {acceptError.code === "ISACS" ? (
              <>
                {" — "}
                <Link to={paths.thing(target.id)}>open {target.name}</Link>
              </>
            ) : null}
          </div>
        ) : null}
        <div className="inline-actions">
          <button type="button" className="button" onClick={onAccept} disabled={busy}>
            {busy ? "Accepting…" : "Accept"}
          </button>
        </div>
      </div>
    );
  }

  return (
    <section className="page thing-form-page" aria-labelledby="page-title">
      <h1 id="page-title">Accept a {word} invitation</h1>
      {body}
    </section>
  );
}
