import { Suspense } from "react";
import { NavLink, Outlet } from "react-router";
import { Avatar } from "../../components/Avatar.tsx";
import { Loading } from "../../components/Loading.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths, type AccountSection } from "../../routes/paths.ts";
import styles from "./account.module.css";
import { accountTexts } from "./texts.ts";

/** The account area: a drawer of sections on the left, the chosen section beside it. */
export default function AccountLayout() {
  const b = useBranding();
  const t = useT(accountTexts);
  const { session, admin } = useSession();
  const sections: { section: AccountSection; label: string; adminOnly?: boolean; danger?: boolean }[] = [
    { section: "profile", label: t("account.nav.profile") },
    { section: "passphrase", label: t("account.nav.passphrase") },
    { section: "emails", label: t("account.nav.emails") },
    { section: "badges", label: t("account.nav.badges") },
    { section: "things", label: t("account.nav.things", { brand: b.key }) },
    { section: "devices", label: t("account.nav.devices") },
    { section: "notices", label: t("account.nav.notices") },
    { section: "users", label: t("account.nav.users"), adminOnly: true },
    { section: "delete-account", label: t("account.nav.deleteAccount"), danger: true },
  ];
  return (
    <div className={`account-layout ${styles.layout}`}>
      <nav className="drawer" aria-label={t("account.nav.label")}>
        {session ? (
          <div className={`${styles.drawerUser} drawer-user`}>
            <Avatar id={session.id} name={session.name || session.username} hasImage={session.hasImage} size={40} />
            <div className={styles.drawerUserText}>
              <span className={styles.drawerUserName}>{session.name || session.username}</span>
              {session.username ? <span className={styles.drawerUserHandle}>@{session.username}</span> : null}
            </div>
          </div>
        ) : null}
        <h2 className="drawer-title">{t("account.nav.label")}</h2>
        <ul>
          {sections
            .filter(({ adminOnly }) => !adminOnly || admin)
            .map(({ section, label, danger }) => (
              <li key={section} className={danger ? styles.drawerDanger : undefined}>
                <NavLink to={paths.account(section)}>{label}</NavLink>
              </li>
            ))}
        </ul>
      </nav>
      <div className={styles.content}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
