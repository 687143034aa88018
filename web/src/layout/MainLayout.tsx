import { Suspense, useEffect, useRef, type ReactNode } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { Loading } from "../components/Loading.tsx";
import { useNavigationTracking } from "../lib/analytics/use-navigation-tracking.ts";
import { useBranding } from "../lib/config-context.tsx";
import { useT } from "../lib/i18n/locale-context.tsx";
import { Header } from "./Header.tsx";
import { NoticeArea } from "./NoticeArea.tsx";

export interface MainLayoutSlots {
  /** Shown in the header (the notifications bell); it decides itself whom it shows to. */
  notifications?: ReactNode;
  /** Shown under the notices on every screen (the offline banner). */
  banner?: ReactNode;
}

/**
 * Header, notices, the routed screen and a footer: every route sits inside this. What features
 * show in it comes in as slots from the route table (routes/routes.tsx), so the layout imports
 * no feature.
 */
export function MainLayout({ notifications, banner }: MainLayoutSlots = {}) {
  const branding = useBranding();
  const t = useT();
  const location = useLocation();
  const main = useRef<HTMLElement>(null);
  const firstRender = useRef(true);
  useNavigationTracking();

  // After a navigation, move focus to the new content so screen readers start there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: moves the focus after a navigation: the effect runs on the path
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
        {t("layout.skipToContent")}
      </a>
      <Header notifications={notifications} />
      <NoticeArea />
      {banner}
      <main id="main" ref={main} tabIndex={-1} className="main">
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="site-footer">
        <span>{branding.name}</span>
        <span aria-hidden="true"> · </span>
        <span>{t("layout.tagline", { brand: branding.key })}</span>
        <span aria-hidden="true"> · </span>
        <Link to="/about">{t("layout.about")}</Link>
      </footer>
    </div>
  );
}
