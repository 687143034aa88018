// /account/users (admins): everyone, by name, with a search box, and the "new user" form.
import { useDeferredValue, useId, useState } from "react";
import { Link } from "react-router";
import { useQuery } from "urql";
import { Avatar } from "../../components/Avatar.tsx";
import { Loading } from "../../components/Loading.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { AccountPage, EmptyState, formatDate, LoadError } from "./account-ui.tsx";
import { AllUsersDocument as allUsersQuery } from "./AllUsers.generated.ts";
import { NewUserForm } from "./NewUserForm.tsx";
import "./account.css";

/** Case- and accent-insensitive text for searching. */
function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

export function AdminOnly({ title }: { title: string }) {
  return (
    <AccountPage title={title}>
      <EmptyState title="Only administrators can see this">
        <p>
          Looking for people to work with? Browse the <Link to="/community">community</Link>.
        </p>
      </EmptyState>
    </AccountPage>
  );
}

export default function UsersPage() {
  const { admin } = useSession();
  return admin ? <AllUsers /> : <AdminOnly title="Users" />;
}

function AllUsers() {
  const searchId = useId();
  const [search, setSearch] = useState("");
  const deferred = useDeferredValue(search);
  const [{ data, fetching, error }, refetch] = useQuery({
    query: allUsersQuery,
    requestPolicy: "cache-and-network",
  });
  const reload = () => refetch({ requestPolicy: "network-only" });
  const users = data?.allUsers?.nodes ?? null;
  const needle = fold(deferred.trim());
  const shown = users && needle ? users.filter((u) => fold(`${u.name} ${u.username}`).includes(needle)) : users;

  return (
    <AccountPage title="Users" intro="Everyone with an account, by name.">
      <div className="card users-card">
        <div className="users-toolbar">
          <label htmlFor={searchId} className="visually-hidden">
            Search users
          </label>
          <input
            id={searchId}
            type="search"
            className="search-input"
            placeholder="Search by name or username"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          {users ? (
            <span className="muted" aria-live="polite">
              {needle ? `${shown?.length ?? 0} of ${users.length}` : `${users.length} ${users.length === 1 ? "user" : "users"}`}
            </span>
          ) : null}
        </div>
        {!users ? (
          fetching && !error ? (
            <Loading label="Loading users…" />
          ) : (
            <LoadError error={error} onRetry={reload} what="the users" />
          )
        ) : shown && shown.length > 0 ? (
          <ul className="record-list user-list">
            {shown.map((user) => (
              <li key={user.id} className="record-row">
                <Avatar id={user.id} name={user.name} hasImage={user.hasImage} size={40} />
                <div className="record-main">
                  <Link to={paths.user(user.id)} className="record-name">
                    {user.name}
                  </Link>
                  <span className="record-meta muted">
                    @{user.username} · joined {formatDate(user.createdAt)} ·{" "}
                    {user.lastSignInAt ? `last sign-in ${formatDate(user.lastSignInAt)}` : "never signed in"}
                  </span>
                </div>
                <div className="record-tags">
                  {user.isVerified ? (
                    <span className="tag tag-positive">verified</span>
                  ) : (
                    <span className="tag tag-warning">not verified</span>
                  )}
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted no-results">No user matches “{deferred.trim()}”.</p>
        )}
      </div>
      <NewUserForm onCreated={reload} />
    </AccountPage>
  );
}
