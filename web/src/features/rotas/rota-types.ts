// What the rota screens read (GroupRota.graphql, ThingRotaWeek.graphql).

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

export const personName = (p: { name: string | null; username: string } | null | undefined) => (p ? p.name || p.username : "Someone");
