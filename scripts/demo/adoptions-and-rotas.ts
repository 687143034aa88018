// The demo's adoptions and watering rotas (issue 26): people who look after particular things
// (the demo member among them, so the map and the profile show it), the Caversham Court Growers'
// and the Bee Pass's rotas (the member on Tuesdays and Fridays at Caversham), an open swap request
// and an accepted one, so the rota tab, a thing's week and the swap flow have something to show.
import type { Queryable } from "../../domain/environment/cache.ts";

/** [thing name, username] */
export const ADOPTIONS: [string, string][] = [
  ["Forbury Bee Cafe", "member"],
  ["Caversham Court Herb Bed", "member"],
  ["King's Meadow Hedge", "member"],
  ["Forbury Gardens Planter", "tom"],
  ["Caversham Court Raised Beds", "tom"],
  ["Caversham Court Raised Beds", "sam"],
  ["Broad Street Planters", "grace"],
  ["Prospect Park Bramley", "elena"],
  ["Prospect Park Conference Pear", "priya"],
  ["Whitley Estate Planter", "owen"],
];

/** [group slug, ISO weekday (1 Monday), username] */
export const ROTA: [string, number, string][] = [
  ["caversham-court-growers", 1, "tom"],
  ["caversham-court-growers", 2, "member"],
  ["caversham-court-growers", 3, "sam"],
  ["caversham-court-growers", 4, "tom"],
  ["caversham-court-growers", 5, "member"],
  ["caversham-court-growers", 6, "sam"],
  ["reading-bee-pass", 1, "priya"],
  ["reading-bee-pass", 3, "elena"],
  ["reading-bee-pass", 7, "member"],
];

export async function seedAdoptionsAndRotas(db: Queryable): Promise<void> {
  await db.query({
    text: `insert into app_public.thing_adoptions (thing_id, user_id, created_at)
           select t.id, u.id, now() - make_interval(days => 3 + ord::int)
           from unnest($1::text[], $2::text[]) with ordinality p (thing, username, ord)
           join app_public.things t on t.name = p.thing
           join app_public.users u on u.username = p.username`,
    values: [ADOPTIONS.map((a) => a[0]), ADOPTIONS.map((a) => a[1])],
  });
  await db.query({
    text: `insert into app_public.rota_slots (group_id, weekday, user_id, created_by)
           select g.id, p.weekday, u.id, o.user_id
           from unnest($1::text[], $2::int[], $3::text[]) p (slug, weekday, username)
           join app_public.groups g on g.slug = p.slug
           join app_public.users u on u.username = p.username
           join app_public.group_memberships o on o.group_id = g.id and o.is_owner`,
    values: [0, 1, 2].map((i) => ROTA.map((r) => r[i])),
  });
  // Sam asks someone to take his next Saturday; Tom's next Monday was taken by the member, who
  // gave him her next Tuesday in return.
  await db.query({
    text: `with g as (select id from app_public.groups where slug = 'caversham-court-growers'),
                today as (select app_hidden.water_today() as d),
                slot as (select s.id, s.weekday, u.username from app_public.rota_slots s join app_public.users u on u.id = s.user_id, g where s.group_id = g.id)
           insert into app_public.rota_swaps (slot_id, group_id, on_date, requested_by, note, status, accepted_by, return_slot_id, return_date, decided_at)
           select sam.id, g.id, today.d + ((6 - extract(isodow from today.d)::int + 6) % 7) + 1,
                  (select id from app_public.users where username = 'sam'), 'Away at my sister''s that weekend', 'open'::app_public.rota_swap_status, null::uuid, null::uuid, null::date, null::timestamptz
           from g, today, slot sam where sam.username = 'sam' and sam.weekday = 6
           union all
           select tom.id, g.id, today.d + ((1 - extract(isodow from today.d)::int + 6) % 7) + 1,
                  (select id from app_public.users where username = 'tom'), 'Hospital appointment', 'accepted',
                  (select id from app_public.users where username = 'member'), mine.id,
                  today.d + ((2 - extract(isodow from today.d)::int + 6) % 7) + 1, now() - interval '1 day'
           from g, today, slot tom, slot mine
           where tom.username = 'tom' and tom.weekday = 1 and mine.username = 'member' and mine.weekday = 2`,
  });
}
