import { Link, useLocation } from "react-router";
import { richText } from "../../lib/i18n/rich.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";

export default function NotFoundPage() {
  const t = useT();
  const location = useLocation();
  return (
    <section className="page not-found" aria-labelledby="page-title">
      <h1 id="page-title">{t("notFound.title")}</h1>
      <p className="lead">{richText(t, "notFound.lead", { code: (words) => <code>{words}</code> }, { path: location.pathname })}</p>
      <p>
        <Link to="/" className="button">
          {t("notFound.home")}
        </Link>
      </p>
    </section>
  );
}
