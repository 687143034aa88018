// On a person's page and one's own profile (issue 26): how many things they look after (of those
// the viewer can see), with links to the latest.
import { Link } from "react-router";
import { useQuery } from "urql";
import { paths } from "../../routes/paths.ts";
import { UserAdoptionsDocument as UserAdoptionsQuery } from "./UserAdoptions.generated.ts";
import "./adoption.css";

interface UserAdoptionsData {
  userById: {
    id: string;
    adoptedThingCount: number | null;
    thingAdoptionsByUserId: { nodes: { id: string; thingByThingId: { id: string; name: string } | null }[] };
  } | null;
}

/** "Looks after 3 things" (or "You look after 3 things" on one's own profile). */
export function adoptedCountText(count: number, own: boolean): string {
  const things = count === 1 ? "1 thing" : `${count} things`;
  if (count === 0) return own ? "You do not look after any things yet" : "Does not look after any things yet";
  return own ? `You look after ${things}` : `Looks after ${things}`;
}

export function AdoptedThings({ userId, own = false }: { userId: string; own?: boolean }) {
  const [result] = useQuery<UserAdoptionsData>({ query: UserAdoptionsQuery, variables: { id: userId } });
  const user = result.data?.userById;
  if (!user) return null;
  const count = user.adoptedThingCount ?? 0;
  const things = user.thingAdoptionsByUserId.nodes.flatMap((n) => (n.thingByThingId ? [n.thingByThingId] : []));
  return (
    <section className="adopted-things" aria-label="Adopted things" data-testid="adopted-things">
      <p>
        <strong>{adoptedCountText(count, own)}</strong>
      </p>
      {things.length > 0 ? (
        <ul className="adopted-list">
          {things.map((t) => (
            <li key={t.id}>
              <Link to={paths.thing(t.id)}>{t.name}</Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
