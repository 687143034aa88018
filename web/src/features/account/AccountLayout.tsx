import { Suspense } from "react";
import { NavLink, Outlet } from "react-router";
import { term } from "../../../../shared/branding.ts";
import { Avatar } from "../../components/Avatar.tsx";
import { Loading } from "../../components/Loading.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths, type AccountSection } from "../../routes/paths.ts";
import "./account.css";

/** The account area: a drawer of sections on the left, the chosen section beside it. */
export default function AccountLayout() {
  const b = useBranding();
  const { session, admin } = useSession();
  const sections: { section: AccountSection; label: string; adminOnly?: boolean; danger?: boolean }[] = [
    { section: "profile", label: "Profile" },
    { section: "passphrase", label: "Passphrase" },
    { section: "emails", label: "E-mail addresses" },
    { section: "badges", label: "Badges" },
    { section: "things", label: `My ${term(b, "things")}` },
    { section: "devices", label: "My devices" },
    { section: "notices", label: "Notices" },
    { section: "users", label: "Users", adminOnly: true },
    { section: "delete-account", label: "Delete account", danger: true },
  ];
  return (
    <div className="account-layout">
      <nav className="drawer" aria-label="Account">
        {session ? (
          <div className="drawer-user">
            <Avatar id={session.id} name={session.name || session.username} hasImage={session.hasImage} size={40} />
            <div className="drawer-user-text">
              <span className="drawer-user-name">{session.name || session.username}</span>
              {session.username ? <span className="drawer-user-handle">@{session.username}</span> : null}
            </div>
          </div>
        ) : null}
        <h2 className="drawer-title">Account</h2>
        <ul>
          {sections
            .filter(({ adminOnly }) => !adminOnly || admin)
            .map(({ section, label, danger }) => (
              <li key={section} className={danger ? "drawer-danger" : undefined}>
                <NavLink to={paths.account(section)}>{label}</NavLink>
              </li>
            ))}
        </ul>
      </nav>
      <div className="account-content">
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
