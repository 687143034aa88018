// /groups/{id}/membership: visiting it joins the group, says so, and goes to the group's page.
// A private group (or a missing one) answers with the server's message instead.
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useMutation } from "urql";
import { Loading } from "../../components/Loading.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { paths } from "../../routes/paths.ts";
import { ChangeGroupMembershipDocument as ChangeGroupMembership } from "./ChangeGroupMembership.generated.ts";
import { errorText } from "./meta.ts";
import { isUuid } from "./use-group.ts";
import styles from "./groups.module.css";
import { groupsTexts } from "./texts.ts";

export default function GroupMembershipPage() {
  const t = useT(groupsTexts);
  const brandKey = useBranding().key;
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const [, change] = useMutation(ChangeGroupMembership);
  const [error, setError] = useState<string | null>(null);
  // Once per visit (strict mode runs effects twice).
  const asked = useRef<string | null>(null);
  const brand = useMemo(() => ({ brand: brandKey }), [brandKey]);

  useEffect(() => {
    if (asked.current === id) return;
    asked.current = id;
    if (!isUuid(id)) {
      setError(t("groups.membership.missing", brand));
      return;
    }
    void change({ groupId: id, join: true }).then((result) => {
      if (result.error || !result.data?.changeGroupMembership?.group) {
        setError(errorText(result.error, t("groups.joinFailed", brand)));
        return;
      }
      notify.positive(t("groups.joined", brand));
      navigate(paths.group(id), { replace: true });
    });
  }, [id, change, navigate, notify, brand, t]);

  if (!error) return <Loading label={t("groups.membership.joining", brand)} />;
  return (
    <section className={`page ${styles.narrowPage}`} aria-labelledby="page-title">
      <h1 id="page-title">{t("groups.join", brand)}</h1>
      <div className="card">
        <p className="form-error" role="alert">
          {error}
        </p>
        <div className={styles.buttonRow}>
          {isUuid(id) ? (
            <Link className="button button-secondary" to={paths.group(id)}>
              {t("groups.membership.goTo", brand)}
            </Link>
          ) : null}
          <Link className="button button-secondary" to="/groups">
            {t("groups.seeAll", brand)}
          </Link>
        </div>
      </div>
    </section>
  );
}
