// The demo's waterings over the last 30 days, with the litres given: regular rounds on the things
// with a probe (so their moisture curves rise where someone watered), fewer on the others, and
// the Conference pear left alone (the water-need model says it needs water). The hand-written
// care actions of db/seed/020_community.sql come on top.
import type { Queryable } from "../../domain/environment/cache.ts";

/** [thing name, days ago, hour of the day (local), username, litres, comment] */
type Planned = [string, number, number, string, number, string];

export const PLAN: Planned[] = [
  ["Forbury Gardens Planter", 27, 18, "tom", 15, "Evening round, soil dry an inch down"],
  ["Forbury Gardens Planter", 22, 8, "grace", 20, "Two cans before the market set up"],
  ["Forbury Gardens Planter", 17, 19, "tom", 15, "Watering round"],
  ["Forbury Gardens Planter", 8, 18, "admin", 10, "Topped up after the warm afternoon"],
  ["Forbury Gardens Planter", 3, 19, "tom", 15, "Watering round"],
  ["Forbury Bee Cafe", 26, 17, "member", 10, "Soaked the new plug plants"],
  ["Forbury Bee Cafe", 21, 9, "priya", 10, "Watered the phacelia and borage"],
  ["Forbury Bee Cafe", 16, 18, "member", 8, "Watering can round after work"],
  ["Forbury Bee Cafe", 11, 18, "priya", 6, "Quick water, the wall side dries first"],
  ["Broad Street Planters", 24, 7, "grace", 40, "All six planters from the standpipe"],
  ["Broad Street Planters", 17, 7, "grace", 40, "All six planters"],
  ["Broad Street Planters", 10, 18, "member", 30, "Watered the four sunniest planters"],
  ["Caversham Court Raised Beds", 27, 18, "tom", 20, "Evening watering"],
  ["Caversham Court Raised Beds", 24, 18, "member", 20, "Watered the seedlings"],
  ["Caversham Court Raised Beds", 19, 19, "tom", 25, "Beans and courgettes"],
  ["Caversham Court Raised Beds", 14, 18, "sam", 20, "Watering round"],
  ["Caversham Court Raised Beds", 11, 8, "tom", 25, "Morning watering before the heat"],
  ["Caversham Court Raised Beds", 8, 19, "member", 20, "Evening watering"],
  ["Caversham Court Raised Beds", 5, 18, "tom", 25, "Beans and courgettes, soil cracking"],
  ["Caversham Court Herb Bed", 15, 18, "sam", 8, "Watered the thyme and sage"],
  ["Caversham Court Herb Bed", 9, 18, "sam", 8, "Watering round"],
  ["Christchurch Meadows Wildflowers", 16, 10, "elena", 150, "Bowser round the plug plants"],
  ["King's Meadow Hedge", 19, 11, "priya", 20, "Watered the new whips"],
  ["Prospect Park Bramley", 24, 10, "elena", 40, "Four cans round the roots"],
  ["Prospect Park Bramley", 14, 10, "owen", 30, "Three cans, slowly"],
  ["Whitley Estate Planter", 20, 17, "owen", 10, "Watered the bedding plants"],
  ["Whitley Estate Planter", 13, 17, "sam", 8, "Watering round"],
  ["Whitley Estate Planter", 7, 18, "owen", 10, "Watered after the bus shelter was cleaned"],
];

/** Adds the planned waterings, timed relative to now (hours are UTC-ish: close enough for a demo). */
export async function seedWaterings(db: Queryable): Promise<void> {
  await db.query({
    text: `insert into app_public.actions (thing_id, type, comments, created_by, created_at, litres)
           select t.id, 'WATERING', p.comments, u.id,
                  date_trunc('day', now()) - make_interval(days => p.days_ago) + make_interval(hours => p.hour), p.litres
           from unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::float8[], $6::text[]) p (thing, days_ago, hour, username, litres, comments)
           join app_public.things t on t.name = p.thing
           join app_public.users u on u.username = p.username`,
    values: [0, 1, 2, 3, 4, 5].map((i) => PLAN.map((p) => p[i])),
  });
}
