import { useEffect, useState, type ReactNode } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { AfterFirstPaint } from "../components/AfterFirstPaint.tsx";
import { Avatar } from "../components/Avatar.tsx";
import { BrandMark } from "../components/BrandMark.tsx";
import { LanguageSwitch } from "../components/LanguageSwitch.tsx";
import { useT } from "../lib/i18n/locale-context.tsx";
import { useBranding } from "../lib/config-context.tsx";
import { useNotify } from "../lib/notices.tsx";
import { useSession } from "../lib/session-context.tsx";
import { paths } from "../routes/paths.ts";

/** header.css's breakpoint for the menu. */
const FOLDED = "(max-width: 1023.98px)";

const AUTH_SCREENS = ["/signin", "/register", "/forgot-password", "/reset"];

/** Where signing in or registering from the header leads back to: this page (an invitation
 * being followed, say), or on the auth screens the `next` they carry. */
function nextFor(pathname: string, search: string): string | undefined {
  if (AUTH_SCREENS.includes(pathname)) return new URLSearchParams(search).get("next") ?? undefined;
  return pathname + search;
}

/** The sign-in link: back to this page afterwards, or on auth screens keep their own `next`. */
function signInLink(pathname: string, search: string): string {
  return paths.signIn(nextFor(pathname, search));
}

/** The register link keeps the way back too (it used to drop it, losing an invitation). */
function registerLink(pathname: string, search: string): string {
  return paths.register(nextFor(pathname, search));
}

/** `notifications`: the bell (a feature), placed by the main layout. */
export function Header({ notifications }: { notifications?: ReactNode }) {
  const branding = useBranding();
  const t = useT();
  const brand = { brand: branding.key, product: branding.name };
  const { session, signedIn, admin, signOut } = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  // Below 1024 px the links fold into the menu (header.css). Folded and closed, they are drawn
  // after the page's first paint, not in it: on a phone that is a fifth of the first render's
  // elements, on every page (issue 27).
  const [folded] = useState(() => typeof window !== "undefined" && window.matchMedia?.(FOLDED).matches === true);

  // Close the small-screen menu after navigating.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the menu after a navigation: the effect runs on the path, it doesn't read it
  useEffect(() => setMenuOpen(false), [location.pathname]);

  const links = [
    { to: "/", label: t("header.home"), end: true },
    { to: "/map", label: t("header.map") },
    { to: "/things", label: t("header.things", brand) },
    { to: "/devices", label: t("header.devices") },
    { to: "/groups", label: t("header.groups", brand) },
    { to: "/community", label: t("header.community") },
    { to: "/tasks", label: t("header.tasks") },
    { to: "/activity", label: t("header.activity") },
    ...(admin ? [{ to: "/admin", label: t("header.admin") }] : []),
  ];

  const onSignOut = async () => {
    setSigningOut(true);
    // Leave first, so a page that needs sign-in does not bounce to the sign-in screen.
    navigate("/");
    try {
      await signOut();
      notify.info(t("header.signedOut"));
    } finally {
      setSigningOut(false);
    }
  };

  const displayName = session?.name || session?.username || t("header.yourAccount");

  return (
    <header className="site-header">
      <div className="header-inner">
        <Link to="/" className="brand" aria-label={t("header.brandHome", brand)}>
          <BrandMark branding={branding} />
          <span className="brand-name">{branding.name}</span>
        </Link>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="menu-icon" aria-hidden="true" />
          {t("header.menu")}
        </button>
        {/* Signed-in users only; it places itself at the end of the header on wide screens. */}
        {notifications}
        <nav id="site-nav" className={`site-nav${menuOpen ? " open" : ""}`} aria-label={t("header.mainNav")}>
          <AfterFirstPaint now={menuOpen || !folded}>
            <ul>
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.end}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className="account-area">
              <LanguageSwitch className="header-language" compact />
              {signedIn ? (
                <>
                  <Link to={paths.account()} className="user-name" title={t("header.yourAccountTitle", { name: displayName })}>
                    <Avatar id={session?.id ?? "me"} name={displayName} hasImage={session?.hasImage} size={32} />
                    <span className="user-name-text">{displayName}</span>
                  </Link>
                  <button type="button" className="button button-quiet" onClick={onSignOut} disabled={signingOut}>
                    {t("header.signOut")}
                  </button>
                </>
              ) : (
                <>
                  <Link to={signInLink(location.pathname, location.search)} className="button button-light">
                    {t("header.signIn")}
                  </Link>
                  <Link to={registerLink(location.pathname, location.search)} className="register-link">
                    {t("header.register")}
                  </Link>
                </>
              )}
            </div>
          </AfterFirstPaint>
        </nav>
      </div>
    </header>
  );
}
