import { Suspense } from "react";
import { NavLink, Outlet } from "react-router";
import { term } from "../../../../shared/branding.ts";
import { Loading } from "../../components/Loading.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { paths, type AccountSection } from "../../routes.tsx";

/** The account area: a drawer of sections on the left, the chosen section beside it. */
export default function AccountLayout() {
  const b = useBranding();
  const sections: { section: AccountSection; label: string }[] = [
    { section: "profile", label: "Profile" },
    { section: "passphrase", label: "Passphrase" },
    { section: "emails", label: "E-mail addresses" },
    { section: "badges", label: "Badges" },
    { section: "things", label: `My ${term(b, "things")}` },
    { section: "devices", label: "My devices" },
    { section: "users", label: "Users" },
    { section: "delete-account", label: "Delete account" },
  ];
  return (
    <div className="account-layout">
      <nav className="drawer" aria-label="Account">
        <h2 className="drawer-title">Account</h2>
        <ul>
          {sections.map(({ section, label }) => (
            <li key={section}>
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
