import { Link, isRouteErrorResponse, useRouteError } from "react-router";
import { useT } from "../lib/i18n/locale-context.tsx";

/** Shown when a screen fails to load or render (a failed chunk download after a deploy, say). */
export function RouteErrorPage({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  const t = useT();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : "";
  const content = (
    <section className="page" aria-labelledby="error-title">
      <h1 id="error-title">{t("routeError.title")}</h1>
      <p className="lead">{t("routeError.lead")}</p>
      {detail ? <p className="muted">{detail}</p> : null}
      <p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t("routeError.reload")}
        </button>{" "}
        <Link to="/">{t("routeError.home")}</Link>
      </p>
    </section>
  );
  // Inside the layout the header stays; at the top level (the layout itself failed) stand alone.
  return standalone ? <main className="main error-page">{content}</main> : content;
}
