// Adoption and watering rotas (issue 26): the limits and the date rules the forms check before
// sending. The database holds the same rules and says the same words
// (db/migrations/20261127000100_adoption.sql, 20261127000200_watering_rotas.sql).

/** People who may look after one thing (app_hidden.adopters_per_thing). */
export const ADOPTERS_PER_THING = 5;
/** Things one person may look after (app_hidden.adoptions_per_person). */
export const ADOPTIONS_PER_PERSON = 50;
/** People on one day of a group's rota (app_hidden.rota_people_per_day). */
export const ROTA_PEOPLE_PER_DAY = 3;
/** How far ahead a swap may be asked or a date given back, in days (app_hidden.rota_horizon_days). */
export const ROTA_HORIZON_DAYS = 56;
/** The longest note on a swap request. */
export const SWAP_NOTE_MAX = 200;

export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** ISO day of the week (1 Monday .. 7 Sunday) of a yyyy-mm-dd date. */
export function isoWeekday(day: string): number {
  const d = new Date(`${day}T12:00:00Z`);
  return ((d.getUTCDay() + 6) % 7) + 1;
}

/** "Tuesday 2 December" (app_hidden.rota_date_label). */
export function rotaDateLabel(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  return `${WEEKDAYS[isoWeekday(day) - 1]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

/** yyyy-mm-dd `n` days after `day`. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** What is wrong with a date for a swap of a slot on `weekday`, seen from `today`; null when fine. */
export function swapDateProblem(day: string, weekday: number, today: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day < today || day > addDays(today, ROTA_HORIZON_DAYS)) {
    return `Choose a date from today up to ${ROTA_HORIZON_DAYS / 7} weeks ahead`;
  }
  if (isoWeekday(day) !== weekday) return `${rotaDateLabel(day)} is not a ${WEEKDAYS[weekday - 1]}, the slot's day`;
  return null;
}

/** What stops someone adopting a thing, before asking the server; null when nothing does. */
export function adoptProblem(adopterCount: number, myAdoptions: number | null): string | null {
  if (adopterCount >= ADOPTERS_PER_THING)
    return `This thing already has ${ADOPTERS_PER_THING} people looking after it, the most it can have`;
  if (myAdoptions !== null && myAdoptions >= ADOPTIONS_PER_PERSON)
    return `You can look after up to ${ADOPTIONS_PER_PERSON} things; stop looking after one first`;
  return null;
}

/** Today's date in the UK (app_hidden.water_today), yyyy-mm-dd: rota days are UK days. */
export function ukToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}
