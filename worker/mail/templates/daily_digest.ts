// The daily summary for users with notificationDaily on (app_private.daily_digest_payload):
// the state of their things, tasks assigned to them and due within a week, and their groups'
// activity in the last 24 hours. Each thing and task says what to do, not just what is: a thing's
// water need (the water-balance model, sensor or not) with its one-line reason when it is known,
// else its indicator colour. Things that need water come first (the payload's order).
import { appLink, defineTemplate, EmailPayloadError, optionalString } from "../compose.ts";
import type { MailTranslate } from "../messages/index.ts";
import { renderReason } from "../../../shared/i18n/notices/all-languages.ts";
import type { Locale } from "../../../shared/i18n/locales.ts";

interface DigestThing {
  id: string;
  name: string;
  colour: string;
  band: string | null;
  water: number | null;
  waterNeed?: string | null;
  waterNeedReason?: string | null;
  /** The reason's parts (shared/i18n/notices reason.*), written in the recipient's language. */
  waterNeedReasonParts?: unknown;
}
interface DigestTask {
  title: string;
  dueDate: string | null;
  overdue: boolean;
  thingName: string;
}
interface DigestActivity {
  type: string;
  thingName: string;
  by: string | null;
}

function thingLine(t: MailTranslate, locale: Locale, thing: DigestThing): string {
  if (thing.waterNeed === "needs_water" || thing.waterNeed === "due_soon" || thing.waterNeed === "fine") {
    const line = t("dailyDigest.need", { name: thing.name, need: thing.waterNeed });
    const reason = renderReason(locale, thing.waterNeedReasonParts) ?? thing.waterNeedReason;
    return reason ? `${line}: ${reason}` : line;
  }
  const line = t("dailyDigest.state", { name: thing.name, colour: thing.colour });
  return thing.water != null ? `${line} ${t("dailyDigest.moisture", { water: Math.round(thing.water) })}` : line;
}

const isNeedy = (t: DigestThing) =>
  t.waterNeed && t.waterNeed !== "unknown"
    ? t.waterNeed === "needs_water" || t.waterNeed === "due_soon"
    : t.colour === "red" || t.colour === "orange";

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
  describe({ name, things, tasks, activity }, { publicUrl, t, locale }) {
    const blocks = [
      { p: t("dailyDigest.intro", { needy: things.filter(isNeedy).length }) },
      { heading: t("dailyDigest.thingsHeading") },
      things.length ? { list: things.map((thing) => thingLine(t, locale, thing)) } : { p: t("dailyDigest.noThings") },
      { heading: t("dailyDigest.tasksHeading") },
      tasks.length
        ? {
            list: tasks.map((task) =>
              t("dailyDigest.task", {
                title: task.title,
                thing: task.thingName,
                due: task.dueDate ? (task.overdue ? "overdue" : "due") : "none",
                date: task.dueDate ?? "",
              }),
            ),
          }
        : { p: t("dailyDigest.noTasks") },
      { heading: t("dailyDigest.activityHeading") },
      activity.length
        ? {
            list: activity.map((a) =>
              t("dailyDigest.activity", { by: a.by ?? t("dailyDigest.someone"), type: a.type, other: words(a.type), thing: a.thingName }),
            ),
          }
        : { p: t("dailyDigest.nothing") },
      { action: { label: t("dailyDigest.open"), url: appLink(publicUrl, "/") } },
      {
        footer: {
          text: t("dailyDigest.why"),
          label: t("mail.changePreferences"),
          url: appLink(publicUrl, "/account/profile"),
        },
      },
    ];
    return { subject: t("dailyDigest.subject"), greetName: name, blocks };
  },
});
