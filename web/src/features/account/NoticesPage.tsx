// /account/notices (issue 25): which notices reach you and how (NoticePreferencesForm), and the
// devices that get push messages (PushDevices).
import { useQuery } from "urql";
import { Loading } from "../../components/Loading.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { AccountPage, LoadError } from "./account-ui.tsx";
import { browserTimeZone, NoticePreferencesForm } from "./NoticePreferencesForm.tsx";
import { NoticePreferencesDocument as preferencesQuery } from "./NoticePreferences.generated.ts";
import { PushDevices } from "./PushDevices.tsx";
import { accountTexts } from "./texts.ts";

export default function NoticesPage() {
  const t = useT(accountTexts);
  const [{ data, fetching, error }, refetch] = useQuery({
    query: preferencesQuery,
    requestPolicy: "cache-and-network",
  });
  const reload = () => refetch({ requestPolicy: "network-only" });
  const prefs = data?.myNoticePreferencesList;
  const settings = data?.myNoticeSettings;

  return (
    <AccountPage title={t("account.notices.title")} intro={t("account.notices.intro")}>
      {prefs && settings ? (
        <NoticePreferencesForm
          key={JSON.stringify(data)}
          preferences={prefs}
          // Someone who never chose a time zone gets the one their browser is in.
          settings={{ ...settings, timeZone: settings.quietStart ? settings.timeZone : browserTimeZone() }}
          onSaved={reload}
        />
      ) : fetching && !error ? (
        <Loading label={t("account.notices.loading")} />
      ) : (
        <LoadError error={error} onRetry={reload} message={t("account.notices.loadError")} />
      )}
      <PushDevices />
    </AccountPage>
  );
}
