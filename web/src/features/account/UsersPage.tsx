// /account/users (admins): everyone, by name, with a search box, and the "new user" form.
import { useDeferredValue, useId, useState } from "react";
import { Link } from "react-router";
import { useQuery } from "urql";
import { Avatar } from "../../components/Avatar.tsx";
import { Loading } from "../../components/Loading.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { AccountPage, EmptyState, formatDate, LoadError } from "./account-ui.tsx";
import { AllUsersDocument as allUsersQuery } from "./AllUsers.generated.ts";
import { NewUserForm } from "./NewUserForm.tsx";
import { useRichT } from "../../lib/i18n/rich.tsx";
import styles from "./account.module.css";
import { accountTexts } from "./texts.ts";

/** Case- and accent-insensitive text for searching. */
function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

export function AdminOnly({ title }: { title: string }) {
  const t = useT(accountTexts);
  const rich = useRichT(accountTexts);
  return (
    <AccountPage title={title}>
      <EmptyState title={t("account.users.adminsOnly")}>
        <p>{rich("account.users.community", { link: (text) => <Link to="/community">{text}</Link> })}</p>
      </EmptyState>
    </AccountPage>
  );
}

export default function UsersPage() {
  const t = useT(accountTexts);
  const { admin } = useSession();
  return admin ? <AllUsers /> : <AdminOnly title={t("account.users.title")} />;
}

function AllUsers() {
  const t = useT(accountTexts);
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
    <AccountPage title={t("account.users.title")} intro={t("account.users.intro")}>
      <div className={`card ${styles.usersCard}`}>
        <div className={styles.usersToolbar}>
          <label htmlFor={searchId} className="visually-hidden">
            {t("account.users.search")}
          </label>
          <input
            id={searchId}
            type="search"
            className={styles.searchInput}
            placeholder={t("account.users.searchPlaceholder")}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          {users ? (
            <span className="muted" aria-live="polite">
              {needle
                ? t("account.users.matching", { shown: shown?.length ?? 0, total: users.length })
                : t("account.users.count", { count: users.length })}
            </span>
          ) : null}
        </div>
        {!users ? (
          fetching && !error ? (
            <Loading label={t("account.users.loading")} />
          ) : (
            <LoadError error={error} onRetry={reload} message={t("account.users.loadError")} />
          )
        ) : shown && shown.length > 0 ? (
          <ul className={styles.recordList}>
            {shown.map((user) => (
              <li key={user.id} className={styles.recordRow}>
                <Avatar id={user.id} name={user.name} hasImage={user.hasImage} size={40} />
                <div className={styles.recordMain}>
                  <Link to={paths.user(user.id)} className={styles.recordName}>
                    {user.name}
                  </Link>
                  <span className={`${styles.recordMeta} muted`}>
                    {user.lastSignInAt
                      ? t("account.users.joined", {
                          username: user.username,
                          joined: formatDate(user.createdAt),
                          lastSignIn: formatDate(user.lastSignInAt),
                        })
                      : t("account.users.joinedNever", { username: user.username, joined: formatDate(user.createdAt) })}
                  </span>
                </div>
                <div className={styles.recordTags}>
                  {user.isVerified ? (
                    <span className="tag tag-positive">{t("account.tag.verified")}</span>
                  ) : (
                    <span className="tag tag-warning">{t("account.tag.notVerified")}</span>
                  )}
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className={`muted ${styles.noResults}`}>{t("account.users.noMatch", { search: deferred.trim() })}</p>
        )}
      </div>
      <NewUserForm onCreated={reload} />
    </AccountPage>
  );
}
