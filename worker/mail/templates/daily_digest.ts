// The daily summary for users with notificationDaily on (app_private.daily_digest_payload):
// the state of their things, tasks assigned to them and due within a week, and their groups'
// activity in the last 24 hours. Each thing and task says what to do, not just what is: a thing's
// water need (the water-balance model, sensor or not) with its one-line reason when it is known,
// else its indicator colour. Things that need water come first (the payload's order).
import { appLink, defineTemplate, EmailPayloadError, optionalString } from "../compose.ts";

interface DigestThing {
  id: string; name: string; colour: string; band: string | null; water: number | null;
  waterNeed?: string | null; waterNeedReason?: string | null;
}
interface DigestTask { title: string; dueDate: string | null; overdue: boolean; thingName: string }
interface DigestActivity { type: string; thingName: string; by: string | null }

const STATE: Record<string, string> = {
  red: "is dry and needs water now",
  orange: "needs water soon",
  green: "is moist, nothing to do",
  blue: "is very wet: no watering needed",
  grey: "has no recent reading",
};

const NEED: Record<string, string> = {
  needs_water: "needs water",
  due_soon: "will need water soon",
  fine: "is fine",
};

function thingLine(t: DigestThing): string {
  const need = t.waterNeed ? NEED[t.waterNeed] : undefined;
  if (need) return `${t.name} ${need}${t.waterNeedReason ? `: ${t.waterNeedReason}` : ""}`;
  return `${t.name} ${STATE[t.colour] ?? STATE.grey}${t.water != null ? ` (${Math.round(t.water)}% moisture)` : ""}`;
}

const isNeedy = (t: DigestThing) =>
  t.waterNeed && t.waterNeed !== "unknown" ? t.waterNeed === "needs_water" || t.waterNeed === "due_soon" : t.colour === "red" || t.colour === "orange";

function list<T>(v: Record<string, unknown>, key: string): T[] {
  const value = v[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new EmailPayloadError(`template "daily_digest": variable "${key}" must be a list`);
  return value as T[];
}

const words = (type: string) => type.toLowerCase().replace(/_/g, " ");

export default defineTemplate({
  name: "daily_digest",
  parse(v) {
    return {
      name: optionalString(v, "name", "daily_digest"),
      things: list<DigestThing>(v, "things"),
      tasks: list<DigestTask>(v, "tasks"),
      activity: list<DigestActivity>(v, "activity"),
    };
  },
  describe({ name, things, tasks, activity }, { brand, publicUrl }) {
    const needy = things.filter(isNeedy).length;
    const blocks = [
      {
        p: needy
          ? `${needy} of your ${brand.terms.things} need${needy === 1 ? "s" : ""} attention today.`
          : `Here is how your ${brand.terms.things} are doing today.`,
      },
      { heading: `Your ${brand.terms.things}` },
      things.length
        ? { list: things.map(thingLine) }
        : { p: `You are not looking after any ${brand.terms.things} yet.` },
      { heading: "Your tasks" },
      tasks.length
        ? { list: tasks.map((t) => `${t.title} at ${t.thingName}${t.dueDate ? `${t.overdue ? " — overdue since" : " — due"} ${t.dueDate}` : ""}`) }
        : { p: "No open tasks are assigned to you this week." },
      { heading: "In your groups in the last 24 hours" },
      activity.length
        ? { list: activity.map((a) => `${a.by ?? "Someone"}: ${words(a.type)} at ${a.thingName}`) }
        : { p: "Nothing was recorded." },
      { action: { label: "Open the app", url: appLink(publicUrl, "/") } },
      {
        footer: {
          text: `You get this every morning because the daily summary is on in your ${brand.name} profile.`,
          label: "Change your e-mail preferences",
          url: appLink(publicUrl, "/account/profile"),
        },
      },
    ];
    return { subject: `Your daily summary — ${brand.name}`, greetName: name, blocks };
  },
});
