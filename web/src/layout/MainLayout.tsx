import { Suspense, useEffect, useRef } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { Loading } from "../components/Loading.tsx";
import { useNavigationTracking } from "../lib/analytics/use-navigation-tracking.ts";
import { useBranding } from "../lib/config-context.tsx";
import { Header } from "./Header.tsx";
import { NoticeArea } from "./NoticeArea.tsx";
import { OfflineBanner } from "../features/home/OfflineBanner.tsx";
import { QueuedActionsStatus } from "../features/offline/QueuedActionsStatus.tsx";

/** Header, notices, the routed screen and a footer: every route sits inside this. */
export function MainLayout() {
  const branding = useBranding();
  const location = useLocation();
  const main = useRef<HTMLElement>(null);
  const firstRender = useRef(true);
  useNavigationTracking();

  // After a navigation, move focus to the new content so screen readers start there.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    main.current?.focus({ preventScroll: true });
    window.scrollTo?.(0, 0);
  }, [location.pathname]);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <NoticeArea />
      <OfflineBanner global />
      <QueuedActionsStatus />
      <main id="main" ref={main} tabIndex={-1} className="main">
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="site-footer">
        <span>{branding.name}</span>
        <span aria-hidden="true"> · </span>
        <span>{branding.tagline}</span>
        <span aria-hidden="true"> · </span>
        <Link to="/about">About</Link>
      </footer>
    </div>
  );
}
