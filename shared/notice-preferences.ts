// Notice preferences (issue 25), shared by the SPA's form, the server's unsubscribe page and the
// tests. The database holds the same rules (db/migrations/20261125002000_push_and_preferences.sql)
// and says the same messages.

export const NOTICE_KINDS = ["water", "task", "invitation", "group", "device", "digest"] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];
export type NoticeChannel = "inApp" | "email" | "push";

export const NOTICE_KIND_LABELS: Record<NoticeKind, { label: string; hint: string }> = {
  water: { label: "Water needed", hint: "Something you look after is dry (once per dry spell)." },
  task: { label: "Tasks", hint: "A task assigned to you, or due tomorrow." },
  invitation: { label: "Invitations", hint: "Someone invites you to a thing, a device or a group." },
  group: { label: "Group activity", hint: "Someone joins a group you run." },
  device: { label: "Device health", hint: "A device on something you look after went quiet or runs low." },
  digest: { label: "Digest", hint: "The summary e-mail: your things, your tasks, your groups." },
};

/** The defaults of a preference never saved (app_hidden.notice_defaults); the digest's e-mail is the profile's daily summary switch. */
export const NOTICE_DEFAULTS: Record<NoticeKind, Record<NoticeChannel, boolean>> = {
  water: { inApp: true, email: true, push: true },
  task: { inApp: true, email: true, push: true },
  invitation: { inApp: true, email: true, push: true },
  group: { inApp: false, email: false, push: false },
  device: { inApp: true, email: false, push: true },
  digest: { inApp: false, email: false, push: false },
};

/** Channels a kind has: the digest is an e-mail only. */
export function channelsOf(kind: NoticeKind): NoticeChannel[] {
  return kind === "digest" ? ["email"] : ["inApp", "email", "push"];
}

export const NOTICE_MESSAGES = {
  digestByEmail: "The digest comes by e-mail only",
  quietBoth: "Quiet hours need both a start and an end",
  quietDiffer: "Quiet hours must start and end at different times",
  timeZoneRequired: "Choose a time zone",
  timeZoneUnknown: (zone: string) => `Unknown time zone "${zone}"`,
} as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** Quiet hours as typed ("22:00", "07:00", or both empty); null when they are fine. */
export function validateQuietHours(start: string, end: string): string | null {
  const s = start.trim();
  const e = end.trim();
  if (!s && !e) return null;
  if (!s || !e) return NOTICE_MESSAGES.quietBoth;
  if (!TIME.test(s) || !TIME.test(e)) return "Give times as hours and minutes, e.g. 22:00";
  if (s.slice(0, 5) === e.slice(0, 5)) return NOTICE_MESSAGES.quietDiffer;
  return null;
}

/** A time zone the browser knows (IANA name); the database checks against pg_timezone_names too. */
export function validateTimeZone(zone: string): string | null {
  const z = zone.trim();
  if (!z) return NOTICE_MESSAGES.timeZoneRequired;
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: z });
    return null;
  } catch {
    return NOTICE_MESSAGES.timeZoneUnknown(z);
  }
}
