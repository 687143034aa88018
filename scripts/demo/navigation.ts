// Four weeks of browsing by the demo's people and a few guests, so /admin's analytics (routes,
// paths between them, sessions, days) have something to show. Rows go into the raw tables the
// syncNavigationEvents and syncUserSession mutations fill; their triggers keep the rollups the
// statistics read, as for live visits.
import type { Queryable } from "../../domain/environment/cache.ts";
import { pick, seededRandom, type Random } from "./random.ts";

export const NAVIGATION_DAYS = 28;

function uuid(r: Random): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(r() * 16).toString(16));
  hex[12] = "4";
  hex[16] = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  const s = hex.join("");
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

export async function seedNavigation(db: Queryable, now: number): Promise<{ sessions: number; events: number }> {
  const r = seededRandom(11);
  const people = (await db.query<{ id: string }>({ text: "select id from app_public.users order by username" })).rows.map((u) => u.id);
  const things = (await db.query<{ id: string }>({ text: "select id from app_public.things order by name" })).rows.map((t) => t.id);
  const groups = (await db.query<{ id: string }>({ text: "select id from app_public.groups order by name" })).rows.map((g) => g.id);
  const devices = (await db.query<{ id: string }>({ text: "select id from app_public.devices order by name" })).rows.map((d) => d.id);
  const guests = Array.from({ length: 12 }, () => uuid(r));

  // Where people go next from where they are: home and the map lead to things, things to their tabs.
  const next = (from: string, signedIn: boolean): string => {
    const thing = pick(r, things);
    if (!signedIn) return pick(r, ["/", "/map", "/map", `/things/${thing}/dashboard`, "/about", "/community", "/signin"]);
    if (from.startsWith("/things/") && from.endsWith("/dashboard")) {
      const id = from.split("/")[2];
      return pick(r, [`/things/${id}/timeline`, `/things/${id}/action`, `/things/${id}/location`, "/", "/map"]);
    }
    return pick(r, [
      "/",
      "/",
      "/map",
      `/things/${thing}/dashboard`,
      `/things/${thing}/dashboard`,
      "/tasks",
      "/activity",
      `/groups/${pick(r, groups)}/dashboard`,
      "/devices",
      `/devices/${pick(r, devices)}`,
      "/account/profile",
      "/community",
    ]);
  };

  const sessions: unknown[][] = [];
  const events: unknown[][] = [];
  const dayStart = Math.floor(now / 86_400_000) * 86_400_000;
  for (let d = NAVIGATION_DAYS - 1; d >= 0; d--) {
    const day = dayStart - d * 86_400_000;
    const weekend = [0, 6].includes(new Date(day).getUTCDay());
    const visitors: [string, boolean][] = [
      ...people.filter(() => r() < (weekend ? 0.6 : 0.4)).map((id): [string, boolean] => [id, false]),
      ...guests.filter(() => r() < 0.15).map((id): [string, boolean] => [id, true]),
    ];
    for (const [user, guest] of visitors) {
      let at = day + (7 + r() * 15) * 3600_000;
      if (at > now - 600_000) continue;
      const session = uuid(r);
      const started = at;
      let route = guest ? pick(r, ["/", "/map"]) : "/";
      events.push([session, user, guest, null, route, new Date(at).toISOString(), 0]);
      const steps = 1 + Math.floor(r() * 8);
      for (let s = 0; s < steps; s++) {
        const spent = Math.round((4 + r() * (route === "/map" ? 180 : 90)) * 1000);
        at += spent;
        if (at > now - 60_000) break;
        const to = next(route, !guest);
        events.push([session, user, guest, route, to, new Date(at).toISOString(), spent]);
        route = to;
      }
      sessions.push([session, user, guest, new Date(started).toISOString(), new Date(at + 20_000).toISOString()]);
    }
  }
  const columns = (rows: unknown[][], n: number) => Array.from({ length: n }, (_, i) => rows.map((row) => row[i]));
  await db.query({
    text: `insert into app_private.navigation_sessions (session_id, user_id, is_guest, started_at, ended_at, user_agent)
           select s, u, g, a, b, 'Mozilla/5.0 (demo)' from unnest($1::uuid[], $2::uuid[], $3::boolean[], $4::timestamptz[], $5::timestamptz[]) x (s, u, g, a, b)`,
    values: columns(sessions, 5),
  });
  await db.query({
    text: `insert into app_private.navigation_events (session_id, user_id, is_guest, from_route, to_route, occurred_at, time_spent)
           select * from unnest($1::uuid[], $2::uuid[], $3::boolean[], $4::text[], $5::text[], $6::timestamptz[], $7::int[])
           on conflict on constraint navigation_events_once do nothing`,
    values: columns(events, 7),
  });
  return { sessions: sessions.length, events: events.length };
}
