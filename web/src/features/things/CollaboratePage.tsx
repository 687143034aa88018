// /things/{id}/collaborate: visiting it makes the signed-in user a collaborator on the thing
// (collaborateThingAccess), shows 'Collaborator added' and opens the thing's dashboard.
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useMutation } from "urql";
import { term } from "../../../../shared/branding.ts";
import { Loading } from "../../components/Loading.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { paths } from "../../routes/paths.ts";
import { serverError } from "./errors.ts";
import { isUuid } from "./use-thing.ts";
import { CollaborateThingAccessDocument as CollaborateMutation } from "./CollaborateThingAccess.generated.ts";
import "./things.css";

export default function CollaboratePage() {
  const b = useBranding();
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const [, collaborate] = useMutation(CollaborateMutation);
  const [problem, setProblem] = useState<{ message: string; code?: string } | null>(null);
  const started = useRef<string | null>(null);

  useEffect(() => {
    // Once per thing, even when effects run twice (strict mode).
    if (started.current === id) return;
    started.current = id;
    if (!isUuid(id)) {
      setProblem({ message: "Thing not found", code: "NTFND" });
      return;
    }
    collaborate({ thingId: id }).then((result) => {
      if (result.error || !result.data?.collaborateThingAccess?.thingAccess) {
        setProblem(serverError(result.error, "An error occurred") ?? { message: "An error occurred" });
        return;
      }
      notify.positive("Collaborator added");
      navigate(paths.thing(id), { replace: true });
    });
  }, [id, collaborate, navigate, notify]);

  if (!problem) return <Loading label={`Adding you as a collaborator…`} />;
  const notFound = problem.code === "NTFND" || /not found/i.test(problem.message);
  return (
    <section className="page thing-form-page" aria-labelledby="page-title">
      <h1 id="page-title">Collaborate</h1>
      <div className="form-error" role="alert">
        {notFound
          ? `This ${term(b, "thing")} does not exist, or it is private and you cannot see it.`
          : problem.message}
      </div>
      <p className="inline-actions">
        {!notFound ? (
          <Link to={paths.thing(id)} className="button">
            Back to the {term(b, "thing")}
          </Link>
        ) : null}
        <Link to="/things" className={notFound ? "button" : "button button-secondary"}>
          See all {term(b, "things")}
        </Link>
      </p>
    </section>
  );
}
