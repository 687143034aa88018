// Totals across the platform (spec section 7): things, devices, users, groups and actions.
import { useQuery } from "urql";
import { Loading } from "../../components/Loading.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { errorText } from "../../lib/errors.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { formatCount } from "./admin-data.ts";
import { AdminTotalsDocument as totalsQuery } from "./AdminTotals.generated.ts";
import { LoadError } from "./LoadError.tsx";
import { Stat } from "./Stat.tsx";
import { adminTexts } from "./texts.ts";
import styles from "./admin.module.css";

/** The totals query, shared with the page's refresh button. */
export function useAdminTotals() {
  return useQuery({ query: totalsQuery, requestPolicy: "cache-and-network" });
}

export function AdminTotals({ totals, onRetry }: { totals: ReturnType<typeof useAdminTotals>[0]; onRetry: () => void }) {
  const t = useT(adminTexts);
  const brand = { brand: useBranding().key };
  const figures = totals.data?.adminTotals;
  return (
    <section aria-labelledby="totals-title" className={styles.section}>
      <h2 id="totals-title" className="visually-hidden">
        {t("admin.totals.title")}
      </h2>
      {figures ? (
        <ul className={`${styles.stats} ${styles.totals}`}>
          <Stat label={t("admin.totals.things", brand)} value={formatCount(figures.things)} />
          <Stat label={t("admin.totals.devices")} value={formatCount(figures.devices)} />
          <Stat label={t("admin.totals.users")} value={formatCount(figures.users)} />
          <Stat label={t("admin.totals.groups", brand)} value={formatCount(figures.groups)} />
          <Stat label={t("admin.totals.actions")} value={formatCount(figures.actions)} />
        </ul>
      ) : totals.fetching ? (
        <Loading label={t("admin.totals.loading")} />
      ) : (
        <LoadError message={errorText(totals.error, t("admin.totals.loadFailed"))} onRetry={onRetry} />
      )}
    </section>
  );
}
