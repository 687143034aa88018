// /account/badges: every badge there is, level by level; the ones the user holds in colour with
// the day they were awarded, the others greyed out with what it takes to earn them.
import { useQuery } from "urql";
import type { Branding } from "../../../../shared/branding.ts";
import { Loading } from "../../components/Loading.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { AccountPage, formatDate, LoadError } from "./account-ui.tsx";
import { badgeText } from "./badge-texts.ts";
import { MyBadgesDocument as myBadgesQuery } from "./MyBadges.generated.ts";
import { bold, useRichT } from "../../lib/i18n/rich.tsx";
import styles from "./account.module.css";
import { accountTexts, type AccountT } from "./texts.ts";

interface BadgeType {
  id: string;
  badgeType: string;
  level: number;
  title: string;
  description: string;
  threshold?: number;
}

/** Spec section 9's order, with the litres badge (issue 21) beside watering. */
const ORDER = ["signin", "created", "littercleanup", "share", "watering", "litres", "education", "upkeep", "measurement"];

function familyName(badgeType: string, b: Branding, t: AccountT): string {
  switch (badgeType) {
    case "signin":
      return t("account.badges.family.signin");
    case "created":
      return t("account.badges.family.created", { brand: b.key });
    case "littercleanup":
      return t("account.badges.family.littercleanup");
    case "share":
      return t("account.badges.family.share");
    case "watering":
      return t("account.badges.family.watering");
    case "litres":
      return t("account.badges.family.litres");
    case "education":
      return t("account.badges.family.education");
    case "upkeep":
      return t("account.badges.family.upkeep");
    case "measurement":
      return t("account.badges.family.measurement");
    default:
      // A kind added to the database before the screens know it: its name as stored.
      return badgeType.charAt(0).toUpperCase() + badgeType.slice(1);
  }
}

const ROMAN = ["", "I", "II", "III", "IV", "V"];

// The tests of the wording read it from here, where the page once kept it.
export { plainDescription } from "./badge-texts.ts";

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The disc's colour by level (bronze, silver, gold; higher levels gold). */
const MEDAL_LEVELS: Record<number, string> = { 1: styles.medalLevel1, 2: styles.medalLevel2, 3: styles.medalLevel3 };

function Medal({ level, earned }: { level: number; earned: boolean }) {
  return (
    <svg className={styles.medal} viewBox="0 0 48 56" width="44" height="52" aria-hidden="true" focusable="false">
      <path d="M14 2h8l4 14h-8z" className={styles.medalRibbonLeft} />
      <path d="M34 2h-8l-4 14h8z" className={styles.medalRibbonRight} />
      <circle cx="24" cy="34" r="18" className={`${styles.medalDisc} ${MEDAL_LEVELS[Math.min(level, 3)] ?? ""}`} />
      <circle cx="24" cy="34" r="13" className={styles.medalInner} />
      <text x="24" y="39" textAnchor="middle" className={styles.medalText}>
        {ROMAN[level] ?? level}
      </text>
      {earned ? null : <circle cx="24" cy="34" r="18" className={styles.medalLocked} />}
    </svg>
  );
}

export default function BadgesPage() {
  const b = useBranding();
  const t = useT(accountTexts);
  const rich = useRichT(accountTexts);
  const [{ data, fetching, error }, refetch] = useQuery({
    query: myBadgesQuery,
    requestPolicy: "cache-and-network",
  });

  const title = t("account.badges.title");
  const intro = t("account.badges.intro");

  if (!data?.allBadgeTypes || !data.currentUser) {
    return (
      <AccountPage title={title} intro={intro}>
        {fetching && !error ? (
          <Loading label={t("account.badges.loading")} />
        ) : (
          <LoadError error={error} onRetry={() => refetch({ requestPolicy: "network-only" })} message={t("account.badges.loadError")} />
        )}
      </AccountPage>
    );
  }

  const awarded = new Map<string, string>();
  for (const badge of data.currentUser.badgesByUserId.nodes) awarded.set(badge.badgeTypeId, badge.awardedAt);
  const types = data.allBadgeTypes.nodes;

  const families = new Map<string, BadgeType[]>();
  for (const type of types) {
    const list = families.get(type.badgeType) ?? [];
    list.push(type);
    families.set(type.badgeType, list);
  }
  const familyKeys = [...families.keys()].sort((x, y) => {
    const a = ORDER.indexOf(x);
    const c = ORDER.indexOf(y);
    return (a < 0 ? 99 : a) - (c < 0 ? 99 : c) || x.localeCompare(y);
  });

  const earnedCount = types.filter((type) => awarded.has(type.id)).length;
  // The next badge of each family the user has started, then the first levels of the others.
  const nextGoals = familyKeys
    .map((key) => (families.get(key) ?? []).sort((x, y) => x.level - y.level).find((type) => !awarded.has(type.id)))
    .filter((type): type is BadgeType => Boolean(type))
    .sort((x, y) => y.level - x.level)
    .slice(0, 3);

  return (
    <AccountPage title={title} intro={intro}>
      <div className={`card ${styles.badgeSummary}`}>
        <div className={styles.badgeSummaryCount}>
          {rich("account.badges.earnedCount", { earned: earnedCount, total: types.length, b: bold })}
        </div>
        <progress max={types.length || 1} value={earnedCount} aria-label={t("account.badges.earnedLabel")} />
        {earnedCount === 0 ? <p className="muted">{t("account.badges.noneYet", { brand: b.key })}</p> : null}
        {nextGoals.length > 0 ? (
          <p className={styles.badgeNext}>
            <span className="muted">{t("account.badges.nextUp")} </span>
            {nextGoals.map((goal, index) => (
              <span key={goal.id}>
                {index > 0 ? ", " : ""}
                {rich("account.badges.goal", {
                  title: badgeText(goal, b.key, t).title,
                  // Read as part of the sentence: "(signed in 10 times)".
                  description: lowerFirst(badgeText(goal, b.key, t).description),
                  b: bold,
                })}
              </span>
            ))}
          </p>
        ) : null}
      </div>

      <ul className={styles.badgeFamilies}>
        {familyKeys.map((key) => {
          const levels = (families.get(key) ?? []).sort((x, y) => x.level - y.level);
          return (
            <li key={key} className={`card ${styles.badgeFamily}`}>
              <h2>{familyName(key, b, t)}</h2>
              <ul className={styles.badgeLevels}>
                {levels.map((type) => {
                  const at = awarded.get(type.id);
                  return (
                    <li key={type.id} className={at ? styles.badge : `${styles.badge} ${styles.badgeLocked}`}>
                      <Medal level={type.level} earned={Boolean(at)} />
                      <div className={styles.badgeText}>
                        <span className={styles.badgeTitle}>{badgeText(type, b.key, t).title}</span>
                        <span className={styles.badgeDescription}>{badgeText(type, b.key, t).description}</span>
                        <span className={styles.badgeState}>
                          {at ? (
                            t("account.badges.earnedOn", { date: formatDate(at) })
                          ) : (
                            <span className="visually-hidden">{t("account.badges.notEarned")}</span>
                          )}
                        </span>
                      </div>
                    </li>
                  );
                })}
              </ul>
            </li>
          );
        })}
      </ul>
    </AccountPage>
  );
}
