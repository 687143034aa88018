// The page an invitation e-mail links to (/things/accept, /devices/accept, /groups/accept, each
// ?id=<invitationId>&code=<code>), one for the three kinds (issue 23): checks the invitation and
// shows what it is for with an Accept button, or why it cannot be used: LOGIN (sign in, coming
// back here), NTFND, DNIED, DNIEM (another address, or one of the person's own not verified yet:
// then a way to verify it); on accepting, ISACS when the person already has access. The pages
// pass what differs: the check and the accept calls, and where the thing, device or group lives.
import { useState, type ReactNode } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { useMutation, useQuery, type TypedDocumentNode } from "urql";
import { Loading } from "../../components/Loading.tsx";
import { richText } from "../../lib/i18n/rich.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { errorCode, errorText, serverErrorOf } from "../../lib/errors.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { translateServerMessage } from "../../lib/i18n/server-messages.ts";
import { useNotify } from "../../lib/notices.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { needsVerification, VERIFY_TO_ACCEPT, VerifyToAccept } from "../account/VerifyToAccept.tsx";
import styles from "./invitation.module.css";
import { invitationTexts } from "./texts.ts";

export type InvitationKind = "thing" | "device" | "group";

interface Target {
  id: string | null;
  name: string | null;
}
type InvitationVariables = { invitationId: string; code: string };

export interface AcceptInvitationProps<CheckData, AcceptData> {
  kind: InvitationKind;
  /** Checks the invitation: found (id and name of what it is for), or an error with its code. */
  check: TypedDocumentNode<CheckData, InvitationVariables>;
  targetOf(data: CheckData): Target | null | undefined;
  accept: TypedDocumentNode<AcceptData, InvitationVariables>;
  /** True when the answer says the invitation was accepted. */
  accepted(data: AcceptData | undefined): boolean;
  /** Where it lives: opened after accepting, and from "You already have access". */
  pathOf(id: string): string;
  /** The list of all of its kind, for a link that is no use any more. */
  listPath: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function Problem({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="card" role="alert">
      <h2>{title}</h2>
      {children}
    </div>
  );
}

export function AcceptInvitation<CheckData, AcceptData>(props: AcceptInvitationProps<CheckData, AcceptData>) {
  const { kind, check: checkQuery, targetOf, listPath } = props;
  const t = useT(invitationTexts);
  const b = useBranding();
  const words = { kind, brand: b.key };
  const [params] = useSearchParams();
  const location = useLocation();
  const { signedIn } = useSession();
  const invitationId = params.get("id") ?? "";
  const code = params.get("code") ?? "";
  const complete = UUID.test(invitationId) && code !== "";
  const here = location.pathname + location.search;

  // A guest is asked to sign in without asking the server (which would say LOGIN).
  const [check, recheck] = useQuery({
    query: checkQuery,
    variables: { invitationId, code },
    pause: !complete || !signedIn,
    requestPolicy: "network-only",
  });
  const retry = () => recheck({ requestPolicy: "network-only" });

  let body: ReactNode;
  if (!complete) {
    body = (
      <Problem title={t("invitation.incomplete")}>
        <p>{t("invitation.incompleteText", words)}</p>
      </Problem>
    );
  } else if (!signedIn || errorCode(check.error) === "LOGIN") {
    body = (
      <div className="card">
        <h2>{t("invitation.signInTitle")}</h2>
        <p>{t("invitation.signInText")}</p>
        <div className={styles.actions}>
          <Link className="button" to={paths.signIn(here)}>
            {t("invitation.signIn")}
          </Link>
          <Link className="button button-secondary" to={paths.register(here)}>
            {t("invitation.register")}
          </Link>
        </div>
      </div>
    );
  } else if (check.error) {
    const { code: reason, message } = serverErrorOf(check.error);
    switch (reason) {
      case "NTFND":
        body = <NotFound kind={kind} listPath={listPath} />;
        break;
      case "DNIED":
        body = (
          <Problem title={t("invitation.codeInvalid")}>
            <p>{t("invitation.codeInvalidText")}</p>
          </Problem>
        );
        break;
      case "DNIEM":
        // One of the person's own addresses, not verified yet: say so, with a way to verify it.
        body = needsVerification(reason, message) ? (
          <Problem title={translateServerMessage(VERIFY_TO_ACCEPT)}>
            <VerifyToAccept onCheckAgain={retry} />
          </Problem>
        ) : (
          <Problem title={t("invitation.otherAddress")}>
            <p>{t("invitation.otherAddressText")}</p>
            <p>
              <Link to={paths.account("emails")}>{t("invitation.yourAddresses")}</Link>
            </p>
          </Problem>
        );
        break;
      default:
        body = (
          <div className="card">
            <p className="form-error" role="alert">
              {errorText(check.error, t("invitation.errorOccurred"))}
            </p>
            <button type="button" className="button button-secondary" onClick={retry}>
              {t("invitation.tryAgain")}
            </button>
          </div>
        );
    }
  } else if (!check.data) {
    body = <Loading label={t("invitation.checking")} />;
  } else {
    const target = targetOf(check.data);
    body =
      target?.id && target.name ? (
        <Invitation {...props} id={target.id} name={target.name} invitationId={invitationId} code={code} />
      ) : (
        <NotFound kind={kind} listPath={listPath} />
      );
  }

  return (
    <section className={`page ${styles.page}`} aria-labelledby="page-title">
      <h1 id="page-title">{t("invitation.title", words)}</h1>
      {body}
    </section>
  );
}

function NotFound({ kind, listPath }: { kind: InvitationKind; listPath: string }) {
  const t = useT(invitationTexts);
  const b = useBranding();
  const words = { kind, brand: b.key };
  return (
    <Problem title={t("invitation.notFound")}>
      <p>{t("invitation.notFoundText", words)}</p>
      <p>
        <Link to={listPath}>{t("invitation.seeAll", words)}</Link>
      </p>
    </Problem>
  );
}

function Invitation<CheckData, AcceptData>({
  kind,
  accept: acceptMutation,
  accepted,
  pathOf,
  listPath,
  id,
  name,
  invitationId,
  code,
}: AcceptInvitationProps<CheckData, AcceptData> & { id: string; name: string; invitationId: string; code: string }) {
  const t = useT(invitationTexts);
  const b = useBranding();
  const words = { kind, brand: b.key };
  const navigate = useNavigate();
  const notify = useNotify();
  const [accepting, accept] = useMutation(acceptMutation);
  const [problem, setProblem] = useState<{ code?: string; message: string } | null>(null);

  const onAccept = async () => {
    setProblem(null);
    const result = await accept({ invitationId, code });
    if (result.error || !accepted(result.data)) {
      setProblem({ code: errorCode(result.error), message: errorText(result.error, t("invitation.failed", words)) });
      return;
    }
    notify.positive(t("invitation.done", { ...words, name }));
    navigate(pathOf(id), { replace: true });
  };

  if (problem?.code === "ISACS") {
    return (
      <div className="card">
        <h2>{t("invitation.alreadyTitle")}</h2>
        <p role="alert">
          <span>{problem.message}</span> — <Link to={pathOf(id)}>{t("invitation.open", { name })}</Link>
        </p>
      </div>
    );
  }

  return (
    <div className="card">
      <p className={styles.lead}>{richText(t, "invitation.invited", { name: <strong className={styles.target}>{name}</strong> }, words)}</p>
      <p className="muted">{t("invitation.about", words)}</p>
      {problem ? (
        <div className="form-error" role="alert">
          {problem.message}
        </div>
      ) : null}
      <div className={styles.actions}>
        <button type="button" className="button" disabled={accepting.fetching} onClick={onAccept}>
          {accepting.fetching ? t("invitation.accepting") : t("invitation.accept", words)}
        </button>
        {/* A group can be looked at before joining; a private device or thing cannot. */}
        <Link className="button button-secondary" to={kind === "group" ? pathOf(id) : listPath}>
          {t("invitation.notNow", words)}
        </Link>
      </div>
    </div>
  );
}
