// /groups/{id}/membership: visiting it joins the group, says so, and goes to the group's page.
// A private group (or a missing one) answers with the server's message instead.
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useMutation } from "urql";
import { term } from "../../../../shared/branding.ts";
import { Loading } from "../../components/Loading.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { paths } from "../../routes/paths.ts";
import { ChangeGroupMembershipDocument as ChangeGroupMembership } from "./ChangeGroupMembership.generated.ts";
import { errorText } from "./meta.ts";
import { isUuid } from "./use-group.ts";
import "./groups.css";

export default function GroupMembershipPage() {
  const b = useBranding();
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const [, change] = useMutation(ChangeGroupMembership);
  const [error, setError] = useState<string | null>(null);
  // Once per visit (strict mode runs effects twice).
  const asked = useRef<string | null>(null);
  const word = term(b, "group");

  useEffect(() => {
    if (asked.current === id) return;
    asked.current = id;
    if (!isUuid(id)) {
      setError(`This ${word} does not exist.`);
      return;
    }
    void change({ groupId: id, join: true }).then((result) => {
      if (result.error || !result.data?.changeGroupMembership?.group) {
        setError(errorText(result.error, `Could not join the ${word}`));
        return;
      }
      notify.positive(`${term(b, "group", true)} joined`);
      navigate(paths.group(id), { replace: true });
    });
  }, [id, change, navigate, notify, b, word]);

  if (!error) return <Loading label={`Joining the ${word}…`} />;
  return (
    <section className="page narrow-page" aria-labelledby="page-title">
      <h1 id="page-title">Join {word}</h1>
      <div className="card">
        <p className="form-error" role="alert">
          {error}
        </p>
        <div className="button-row">
          {isUuid(id) ? (
            <Link className="button button-secondary" to={paths.group(id)}>
              Go to the {word}
            </Link>
          ) : null}
          <Link className="button button-secondary" to="/groups">
            See all {term(b, "groups")}
          </Link>
        </div>
      </div>
    </section>
  );
}
