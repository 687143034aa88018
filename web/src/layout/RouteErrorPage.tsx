import { Component, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { useT } from "../lib/i18n/locale-context.tsx";

/** Shown when a screen fails to load or render (a failed chunk download after a deploy, say). */
export function RouteErrorPage({ error, standalone = false }: { error: unknown; standalone?: boolean }) {
  const t = useT();
  const detail = error instanceof Error ? error.message : "";
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

/**
 * Catches what a route's element throws while rendering (the router is declarative, App.tsx, so
 * routes have no errorElement) and shows the error page in its place. Another path clears it:
 * the person can go elsewhere from the error page without reloading.
 */
export function RouteErrorBoundary({ standalone = false, children }: { standalone?: boolean; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorCatcher pathname={pathname} standalone={standalone}>
      {children}
    </ErrorCatcher>
  );
}

interface CatcherProps {
  pathname: string;
  standalone: boolean;
  children: ReactNode;
}

class ErrorCatcher extends Component<CatcherProps, { error: unknown; at: string | null }> {
  state = { error: null as unknown, at: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: CatcherProps, state: { error: unknown; at: string | null }) {
    // The path the error happened on is noted with it; a different path starts afresh.
    if (state.error == null) return null;
    if (state.at === null) return { at: props.pathname };
    return state.at === props.pathname ? null : { error: null, at: null };
  }

  render() {
    const { error } = this.state;
    return error == null ? this.props.children : <RouteErrorPage error={error} standalone={this.props.standalone} />;
  }
}
