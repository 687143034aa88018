// On a person's page and one's own profile (issue 26): how many things they look after (of those
// the viewer can see), with links to the latest.
import { Link } from "react-router";
import { useQuery } from "urql";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { paths } from "../../routes/paths.ts";
import { UserAdoptionsDocument as UserAdoptionsQuery } from "./UserAdoptions.generated.ts";
import styles from "./adoption.module.css";
import { thingsTexts, type ThingsT, englishThingsT } from "../things/texts.ts";
import { thingWordsTexts } from "../things/thing-words.ts";

interface UserAdoptionsData {
  userById: {
    id: string;
    adoptedThingCount: number | null;
    thingAdoptionsByUserId: { nodes: { id: string; thingByThingId: { id: string; name: string } | null }[] };
  } | null;
}

/** "Looks after 3 things" (or "You look after 3 things" on one's own profile). */
export function adoptedCountText(count: number, own: boolean, t: ThingsT = englishThingsT): string {
  return own ? t("adoption.countOwn", { count }) : t("adoption.count", { count });
}

export function AdoptedThings({ userId, own = false }: { userId: string; own?: boolean }) {
  const t = useT(thingsTexts, thingWordsTexts);
  const [result] = useQuery<UserAdoptionsData>({ query: UserAdoptionsQuery, variables: { id: userId } });
  const user = result.data?.userById;
  if (!user) return null;
  const count = user.adoptedThingCount ?? 0;
  const things = user.thingAdoptionsByUserId.nodes.flatMap((n) => (n.thingByThingId ? [n.thingByThingId] : []));
  return (
    <section className={styles.adoptedThings} aria-label={t("adoption.adoptedThings")} data-testid="adopted-things">
      <p>
        <strong>{adoptedCountText(count, own, t)}</strong>
      </p>
      {things.length > 0 ? (
        <ul className={styles.list}>
          {things.map((thing) => (
            <li key={thing.id}>
              <Link to={paths.thing(thing.id)}>{thing.name}</Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
