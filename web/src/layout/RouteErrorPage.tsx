import { Link, isRouteErrorResponse, useRouteError } from "react-router";

/** Shown when a screen fails to load or render (a failed chunk download after a deploy, say). */
export function RouteErrorPage({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : "";
  const content = (
    <section className="page" aria-labelledby="error-title">
      <h1 id="error-title">Something went wrong</h1>
      <p className="lead">This page could not be shown. Reloading often helps.</p>
      {detail ? <p className="muted">{detail}</p> : null}
      <p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload
        </button>{" "}
        <Link to="/">Go to the home page</Link>
      </p>
    </section>
  );
  // Inside the layout the header stays; at the top level (the layout itself failed) stand alone.
  return standalone ? <main className="main error-page">{content}</main> : content;
}
