// /things/{id}/collaborate: visiting it makes the signed-in user a collaborator on the thing
// (collaborateThingAccess), shows 'Collaborator added' and opens the thing's dashboard.
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useMutation } from "urql";
import { Loading } from "../../components/Loading.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { paths } from "../../routes/paths.ts";
import { serverError } from "./errors.ts";
import { isUuid } from "./use-thing.ts";
import { CollaborateThingAccessDocument as CollaborateMutation } from "./CollaborateThingAccess.generated.ts";
import styles from "./things.module.css";
import { thingsTexts } from "./texts.ts";
import { thingWordsTexts } from "./thing-words.ts";

export default function CollaboratePage() {
  const b = useBranding();
  const t = useT(thingsTexts, thingWordsTexts);
  const brand = { brand: b.key };
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
        setProblem(serverError(result.error, t("things.errorOccurred")) ?? { message: t("things.errorOccurred") });
        return;
      }
      notify.positive(t("things.collaboratePage.added"));
      navigate(paths.thing(id), { replace: true });
    });
  }, [id, collaborate, navigate, notify, t]);

  if (!problem) return <Loading label={t("things.collaboratePage.adding")} />;
  const notFound = problem.code === "NTFND" || /not found/i.test(problem.message);
  return (
    <section className={`${styles.formPage} page`} aria-labelledby="page-title">
      <h1 id="page-title">{t("things.collaborate")}</h1>
      <div className="form-error" role="alert">
        {notFound ? t("things.collaboratePage.notFound", brand) : problem.message}
      </div>
      <p className={styles.inlineActions}>
        {!notFound ? (
          <Link to={paths.thing(id)} className="button">
            {t("things.backTo", brand)}
          </Link>
        ) : null}
        <Link to="/things" className={notFound ? "button" : "button button-secondary"}>
          {t("things.seeAll", brand)}
        </Link>
      </p>
    </section>
  );
}
