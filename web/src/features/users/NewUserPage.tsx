// /users/new (admins): the "new user" form on its own page; afterwards, the new user's page.
import { Link, useNavigate } from "react-router";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { AccountPage } from "../account/account-ui.tsx";
import { NewUserForm } from "../account/NewUserForm.tsx";
import { AdminOnly } from "../account/UsersPage.tsx";
import "../account/account.css";

export default function NewUserPage() {
  const { admin } = useSession();
  const navigate = useNavigate();
  if (!admin) return <AdminOnly title="New user" />;
  return (
    <div className="standalone-account-page">
      <AccountPage
        title="New user"
        intro={
          <>
            Create an account for someone; they choose their own passphrase from the e-mail we send. See{" "}
            <Link to={paths.account("users")}>all users</Link>.
          </>
        }
      >
        <NewUserForm title="Their details" onCreated={(user) => navigate(paths.user(user.id))} />
      </AccountPage>
    </div>
  );
}
