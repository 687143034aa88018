// /verify?id=<userEmailId>&token=<token>: the link from the verification e-mail. Any error counts
// as a failed verification (spec section 7). Signed-in users can have a new link sent from here.
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useClient, type Client } from "urql";
import { Loading } from "../../components/Loading.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { withCurrentUser } from "../../lib/session.ts";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { errorText } from "../account/errors.ts";
import { ResendEmailVerificationDocument as resendQuery } from "../account/ResendEmailVerification.generated.ts";
import { VerifyEmailDocument as verifyQuery } from "./VerifyEmail.generated.ts";
import "./auth.css";

export const VERIFY_FAILED = "This verification link is invalid or has expired";
export const RESEND_TOO_SOON =
  "We sent a link to this address less than a minute ago. Please check your inbox (and spam folder) before asking again.";

// A token works once, and React runs effects twice in development: one call per link and page.
const attempts = new Map<string, Promise<boolean>>();

function verifyOnce(client: Client, userEmailId: string, token: string): Promise<boolean> {
  const key = `${userEmailId}\n${token}`;
  let attempt = attempts.get(key);
  if (!attempt) {
    attempt = client
      .mutation(verifyQuery, { userEmailId, token })
      .toPromise()
      .then((result) => !result.error && result.data?.verifyEmail?.boolean === true)
      .catch(() => false);
    attempts.set(key, attempt);
  }
  return attempt;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Outcome = "verifying" | "verified" | "failed";

export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const id = params.get("id")?.trim() ?? "";
  const token = params.get("token")?.trim() ?? "";
  const client = useClient();
  const { session, signedIn, store, auth } = useSession();
  const notify = useNotify();
  const complete = UUID.test(id) && token !== "";
  const [outcome, setOutcome] = useState<Outcome>(complete ? "verifying" : "failed");
  const [resending, setResending] = useState(false);
  const [resendMessage, setResendMessage] = useState<{ text: string; ok: boolean } | null>(null);

  useEffect(() => {
    if (!complete) {
      setOutcome("failed");
      return;
    }
    let live = true;
    setOutcome("verifying");
    verifyOnce(client, id, token).then((ok) => {
      if (live) setOutcome(ok ? "verified" : "failed");
    });
    return () => {
      live = false;
    };
    // The client changes when the session's user does; the attempt is shared, so that is harmless.
  }, [client, id, token, complete]);

  // Bring the signed-in session's e-mails and verified flag up to date.
  useEffect(() => {
    if (outcome !== "verified" || !signedIn || !session) return;
    const signedInToken = session.token;
    auth.currentUser(signedInToken).then(
      (user) => {
        const current = store.get();
        if (user && current?.token === signedInToken) store.set(withCurrentUser(current, user));
      },
      () => {},
    );
    // Once per verification (not again when the session it updates changes).
  }, [outcome, signedIn]);

  // The address of this link, when it is one of the signed-in user's unverified ones.
  const ownEmail = signedIn ? session?.emails.find((email) => email.id === id) : undefined;

  const resend = async () => {
    if (!ownEmail) return;
    setResending(true);
    setResendMessage(null);
    const result = await client
      .mutation(resendQuery, {
        emailId: ownEmail.id,
      })
      .toPromise();
    setResending(false);
    if (result.error) {
      setResendMessage({ text: errorText(result.error, "The link could not be sent. Please try again."), ok: false });
    } else if (result.data?.resendEmailVerificationCode?.boolean) {
      setResendMessage({ text: `We have sent a new link to ${ownEmail.email}.`, ok: true });
      notify.positive(`Verification link sent to ${ownEmail.email}`);
    } else {
      setResendMessage({ text: RESEND_TOO_SOON, ok: false });
    }
  };

  return (
    <section className="page auth-page" aria-labelledby="page-title">
      <h1 id="page-title">Verify your e-mail</h1>
      {outcome === "verifying" ? (
        <div className="card">
          <Loading label="Checking your verification link…" />
        </div>
      ) : null}
      {outcome === "verified" ? (
        <div className="card result-card result-positive" role="status">
          <span className="result-icon" aria-hidden="true">
            ✓
          </span>
          <div>
            <h2>Your e-mail address is verified</h2>
            <p>Thank you. We will use this address for messages about your account.</p>
            <p className="result-actions">
              {signedIn ? (
                <>
                  <Link className="button" to={paths.account("emails")}>
                    Your e-mail addresses
                  </Link>
                  <Link to={paths.home()}>Go to the home page</Link>
                </>
              ) : (
                <Link className="button" to={paths.signIn()}>
                  Sign in
                </Link>
              )}
            </p>
          </div>
        </div>
      ) : null}
      {outcome === "failed" ? (
        <div className="card result-card result-negative">
          <span className="result-icon" aria-hidden="true">
            !
          </span>
          <div>
            <div role="alert">
              <h2>{VERIFY_FAILED}</h2>
            </div>
            <p>
              {complete
                ? "Links work once and for 7 days. If you have already used this one, your address may be verified already."
                : "The link is incomplete. Please open it straight from the e-mail, or copy all of it into the address bar."}
            </p>
            {ownEmail && !ownEmail.isVerified ? (
              <>
                <p className="result-actions">
                  <button type="button" className="button" onClick={resend} disabled={resending}>
                    {resending ? "Sending…" : `Send a new link to ${ownEmail.email}`}
                  </button>
                </p>
                {resendMessage ? (
                  <p className={resendMessage.ok ? "result-note-positive" : "form-error"} role="status">
                    {resendMessage.text}
                  </p>
                ) : null}
              </>
            ) : ownEmail ? (
              <>
                <p className="result-note-positive">{ownEmail.email} is verified already; nothing more to do.</p>
                <p className="result-actions">
                  <Link className="button" to={paths.account("emails")}>
                    Your e-mail addresses
                  </Link>
                </p>
              </>
            ) : signedIn ? (
              <p className="result-actions">
                <Link className="button" to={paths.account("emails")}>
                  Send a new link
                </Link>
              </p>
            ) : (
              <p className="result-actions">
                <Link className="button" to={paths.signIn(paths.account("emails"))}>
                  Sign in to send a new link
                </Link>
              </p>
            )}
          </div>
        </div>
      ) : null}
    </section>
  );
}
