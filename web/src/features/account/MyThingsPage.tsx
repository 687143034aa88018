// /account/things: the things the user owns or collaborates on, newest first, the One Thing first.
import { Link } from "react-router";
import { useQuery } from "urql";
import { Avatar } from "../../components/Avatar.tsx";
import { Loading } from "../../components/Loading.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { AccountPage, EmptyState, formatDate, LoadError } from "./account-ui.tsx";
import { MyThingsDocument as myThingsQuery } from "./MyThings.generated.ts";
import { useRichT } from "../../lib/i18n/rich.tsx";
import styles from "./account.module.css";
import { accountTexts, type AccountKey } from "./texts.ts";

const COLOUR_WORDS: Record<string, AccountKey> = {
  red: "account.indicator.red",
  orange: "account.indicator.orange",
  green: "account.indicator.green",
  blue: "account.indicator.blue",
  grey: "account.indicator.grey",
};

/** The dot's colour (grey and unknown colours keep the plain dot). */
const INDICATOR_CLASSES: Record<string, string> = {
  red: styles.indicatorRed,
  orange: styles.indicatorOrange,
  green: styles.indicatorGreen,
  blue: styles.indicatorBlue,
};

export function IndicatorDot({ colour }: { colour: string | null }) {
  const t = useT(accountTexts);
  const key = (colour ?? "grey").toLowerCase();
  const words = key in COLOUR_WORDS ? t(COLOUR_WORDS[key]) : key;
  return (
    <span className={`${styles.indicator} ${INDICATOR_CLASSES[key] ?? ""}`} title={words}>
      <span className="visually-hidden">{t("account.indicator.state", { words })}</span>
    </span>
  );
}

export default function MyThingsPage() {
  const b = useBranding();
  const brand = { brand: b.key };
  const t = useT(accountTexts);
  const rich = useRichT(accountTexts);
  const { session } = useSession();
  const userId = session?.id ?? "";
  const [{ data, fetching, error }, refetch] = useQuery({
    query: myThingsQuery,
    variables: { userId },
    requestPolicy: "cache-and-network",
    pause: !userId,
  });
  const title = t("account.things.title", brand);
  const intro = t("account.things.intro", brand);
  const addLink = (
    <Link className="button" to="/things/new">
      {t("account.things.add", brand)}
    </Link>
  );

  if (!data?.allThingAccesses) {
    return (
      <AccountPage title={title} intro={intro} actions={addLink}>
        {fetching && !error ? (
          <Loading label={t("account.things.loading", brand)} />
        ) : (
          <LoadError
            error={error}
            onRetry={() => refetch({ requestPolicy: "network-only" })}
            message={t("account.things.loadError", brand)}
          />
        )}
      </AccountPage>
    );
  }

  const oneThingId = data.currentUser?.oneThingId ?? session?.oneThingId ?? null;
  const accesses = data.allThingAccesses.nodes
    .filter((access) => access.thingByThingId)
    .sort((x, y) => Number(y.thingByThingId?.id === oneThingId) - Number(x.thingByThingId?.id === oneThingId));

  if (accesses.length === 0) {
    return (
      <AccountPage title={title} intro={intro}>
        <EmptyState title={t("account.things.empty", brand)}>
          <p>{t("account.things.emptyText", brand)}</p>
          <p className={styles.emptyStateActions}>
            {addLink}
            <Link to="/things">{t("account.things.find", brand)}</Link>
          </p>
        </EmptyState>
      </AccountPage>
    );
  }

  return (
    <AccountPage title={title} intro={intro} actions={addLink}>
      <ul className={`${styles.recordList} card`}>
        {accesses.map((access) => {
          const thing = access.thingByThingId!;
          const isOne = thing.id === oneThingId;
          return (
            <li key={access.id} className={styles.recordRow}>
              <Avatar type="thing" id={thing.id} name={thing.name} hasImage={thing.hasImage} size={48} shape="square" />
              <div className={styles.recordMain}>
                <Link to={paths.thing(thing.id)} className={styles.recordName}>
                  {thing.name}
                </Link>
                <span className={`${styles.recordMeta} muted`}>
                  <IndicatorDot colour={thing.indicatorColour} />{" "}
                  {thing.lastAction
                    ? t("account.things.lastCare", { type: thing.type, date: formatDate(thing.lastAction) })
                    : t("account.things.noCare", { type: thing.type })}
                </span>
              </div>
              <div className={styles.recordTags}>
                {isOne ? <span className={`tag ${styles.tagAccent}`}>{t("account.things.oneThing", brand)}</span> : null}
                {access.isOwner ? <span className={`tag ${styles.tagPrimary}`}>{t("account.tag.owner")}</span> : null}
                {access.isCollaborator ? <span className="tag">{t("account.things.collaborator")}</span> : null}
                {thing.isPublic ? null : <span className="tag">{t("account.tag.private")}</span>}
              </div>
            </li>
          );
        })}
      </ul>
      <p className={`muted ${styles.smallPrint}`}>
        {rich("account.things.chooseOne", { ...brand, link: (text) => <Link to={paths.account("profile")}>{text}</Link> })}
      </p>
    </AccountPage>
  );
}
