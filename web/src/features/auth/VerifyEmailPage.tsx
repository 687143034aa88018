// /verify?id=<userEmailId>&token=<token>: the link from the verification e-mail. Any error counts
// as a failed verification (spec section 7). Signed-in users can have a new link sent from here.
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useClient, type Client } from "urql";
import { Loading } from "../../components/Loading.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { authEn } from "../../lib/i18n/messages/auth.en-GB.ts";
import { useNotify } from "../../lib/notices.tsx";
import { withCurrentUser } from "../../lib/session.ts";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { errorText } from "../account/errors.ts";
import { ResendEmailVerificationDocument as resendQuery } from "../account/ResendEmailVerification.generated.ts";
import { VerifyEmailDocument as verifyQuery } from "./VerifyEmail.generated.ts";
import styles from "./auth.module.css";
import { authTexts } from "./texts.ts";

// The texts in British English (tests compare with them).
export const VERIFY_FAILED = authEn["auth.verify.failed"];
export const RESEND_TOO_SOON = authEn["auth.resendTooSoon"];

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
  const t = useT(authTexts);
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
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the verification's outcome is known; the session it updates is read at that moment
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
      setResendMessage({ text: errorText(result.error, t("auth.linkNotSent")), ok: false });
    } else if (result.data?.resendEmailVerificationCode?.boolean) {
      setResendMessage({ text: t("auth.verify.sentNewTo", { email: ownEmail.email }), ok: true });
      notify.positive(t("auth.verify.sentNotice", { email: ownEmail.email }));
    } else {
      setResendMessage({ text: t("auth.resendTooSoon"), ok: false });
    }
  };

  return (
    <section className="page auth-page" aria-labelledby="page-title">
      <h1 id="page-title">{t("auth.verify.title")}</h1>
      {outcome === "verifying" ? (
        <div className="card">
          <Loading label={t("auth.verify.checking")} />
        </div>
      ) : null}
      {outcome === "verified" ? (
        <div className={`${styles.result} ${styles.positive}`} role="status">
          <span className={styles.icon} aria-hidden="true">
            ✓
          </span>
          <div>
            <h2>{t("auth.verify.verified")}</h2>
            <p>{t("auth.verify.thanks")}</p>
            <p className={styles.actions}>
              {signedIn ? (
                <>
                  <Link className="button" to={paths.account("emails")}>
                    {t("auth.verify.yourEmails")}
                  </Link>
                  <Link to={paths.home()}>{t("auth.verify.home")}</Link>
                </>
              ) : (
                <Link className="button" to={paths.signIn()}>
                  {t("auth.verify.signIn")}
                </Link>
              )}
            </p>
          </div>
        </div>
      ) : null}
      {outcome === "failed" ? (
        <div className={`${styles.result} ${styles.negative}`}>
          <span className={styles.icon} aria-hidden="true">
            !
          </span>
          <div>
            <div role="alert">
              <h2>{t("auth.verify.failed")}</h2>
            </div>
            <p>{complete ? t("auth.verify.usedOrOld") : t("auth.verify.incomplete")}</p>
            {ownEmail && !ownEmail.isVerified ? (
              <>
                <p className={styles.actions}>
                  <button type="button" className="button" onClick={resend} disabled={resending}>
                    {resending ? t("auth.sending") : t("auth.verify.sendNewTo", { email: ownEmail.email })}
                  </button>
                </p>
                {resendMessage ? (
                  <p className={resendMessage.ok ? styles.notePositive : "form-error"} role="status">
                    {resendMessage.text}
                  </p>
                ) : null}
              </>
            ) : ownEmail ? (
              <>
                <p className={styles.notePositive}>{t("auth.verify.alreadyVerified", { email: ownEmail.email })}</p>
                <p className={styles.actions}>
                  <Link className="button" to={paths.account("emails")}>
                    {t("auth.verify.yourEmails")}
                  </Link>
                </p>
              </>
            ) : signedIn ? (
              <p className={styles.actions}>
                <Link className="button" to={paths.account("emails")}>
                  {t("auth.verify.sendNew")}
                </Link>
              </p>
            ) : (
              <p className={styles.actions}>
                <Link className="button" to={paths.signIn(paths.account("emails"))}>
                  {t("auth.verify.signInToSend")}
                </Link>
              </p>
            )}
          </div>
        </div>
      ) : null}
    </section>
  );
}
