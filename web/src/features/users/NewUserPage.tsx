// /users/new (admins): the "new user" form on its own page; afterwards, the new user's page.
import { Link, useNavigate } from "react-router";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { AccountPage } from "../account/account-ui.tsx";
import { NewUserForm } from "../account/NewUserForm.tsx";
import { useRichT } from "../../lib/i18n/rich.tsx";
import { AdminOnly } from "../account/UsersPage.tsx";
import accountStyles from "../account/account.module.css";
import { usersTexts } from "./texts.ts";

export default function NewUserPage() {
  const { admin } = useSession();
  const navigate = useNavigate();
  const t = useT(usersTexts);
  const rich = useRichT(usersTexts);
  if (!admin) return <AdminOnly title={t("users.newUser")} />;
  return (
    <div className={accountStyles.standalone}>
      <AccountPage
        title={t("users.newUser")}
        intro={rich("users.newUserIntro", { link: (text) => <Link to={paths.account("users")}>{text}</Link> })}
      >
        <NewUserForm title={t("users.theirDetails")} onCreated={(user) => navigate(paths.user(user.id))} />
      </AccountPage>
    </div>
  );
}
