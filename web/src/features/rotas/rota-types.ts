// What the rota screens read (GroupRota.graphql, ThingRotaWeek.graphql), and how they name people
// and dates in the reader's language.
import { dateFormat } from "../../lib/dates.ts";
import { type RotasT, englishRotasT } from "./texts.ts";

export interface RotaPerson {
  id: string;
  username: string;
  name: string | null;
}

export interface RotaDuty {
  day: string;
  weekday: number;
  slotId: string;
  userId: string;
  username: string;
  name: string | null;
  swapped: boolean;
}

export interface RotaSlot {
  id: string;
  weekday: number;
  userId: string;
  userByUserId: RotaPerson | null;
}

export interface RotaSwap {
  id: string;
  slotId: string;
  onDate: string;
  note: string | null;
  requestedBy: string;
  userByRequestedBy: RotaPerson | null;
}

export interface GroupRotaData {
  groupById: {
    id: string;
    rotaSlotsByGroupId: { nodes: RotaSlot[] };
    rotaSwapsByGroupId: { nodes: RotaSwap[] };
    rotaDuties: { nodes: RotaDuty[] };
    rotaMembers: { nodes: { id: string; userId: string; userByUserId: RotaPerson | null }[] };
  } | null;
}

export const personName = (p: { name: string | null; username: string } | null | undefined, t: RotasT = englishRotasT) =>
  p ? p.name || p.username : t("rotas.someone");

/**
 * "Tuesday 2 December" (en-GB), "Dienstag, 2. Dezember" (de): a rota day (yyyy-mm-dd) in the
 * reader's language. Rota days are calendar dates, so they are read at noon UTC in UTC.
 */
export function rotaDayLabel(day: string): string {
  return dateFormat({ weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(new Date(`${day}T12:00:00Z`));
}
