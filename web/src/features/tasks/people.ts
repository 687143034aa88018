// Who can take on a task (the thing's owners and collaborators and its group's members), and
// which things the signed-in user may plan on (their own and collaborations, and their groups'
// things; admins may plan on any thing).
import { useMemo } from "react";
import { useQuery } from "urql";
import { useSession } from "../../lib/session-context.tsx";
import type { Person, ThingOption } from "./types.ts";
import { AllThingsForPlanningDocument as AllThingsQuery } from "./AllThingsForPlanning.generated.ts";
import { PlannableThingsDocument as PlannableThingsQuery } from "./PlannableThings.generated.ts";
import { ThingPeopleDocument as ThingPeopleQuery } from "./ThingPeople.generated.ts";

/** How someone may take on a thing's tasks (its words: tasks.role.* in the catalogue). */
export type CandidateRole = "OWNER" | "COLLABORATOR" | "MEMBER";

export interface Candidate extends Person {
  role: CandidateRole;
}

export function useThingPeople(thingId: string | null | undefined) {
  const [result, reexecute] = useQuery({
    query: ThingPeopleQuery,
    variables: { id: thingId ?? "" },
    pause: !thingId,
    requestPolicy: "cache-and-network",
  });
  const people = useMemo<Candidate[]>(() => {
    const thing = result.data?.thingById;
    if (!thing) return [];
    const byId = new Map<string, Candidate>();
    for (const access of thing.thingAccessesByThingId.nodes) {
      const user = access.userByUserId;
      if (!user || !(access.isOwner || access.isCollaborator)) continue;
      byId.set(user.id, { ...user, role: access.isOwner ? "OWNER" : "COLLABORATOR" });
    }
    for (const membership of thing.groupByGroupId?.groupMembershipsByGroupId.nodes ?? []) {
      const user = membership.userByUserId;
      if (user && !byId.has(user.id)) byId.set(user.id, { ...user, role: "MEMBER" });
    }
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [result.data]);
  return {
    people,
    thing: result.data?.thingById ?? null,
    loading: !!thingId && !result.data && !result.error,
    error: result.error,
    retry: () => reexecute({ requestPolicy: "network-only" }),
  };
}

function byGroupThenName(a: ThingOption, b: ThingOption) {
  return a.groupName.localeCompare(b.groupName) || a.name.localeCompare(b.name);
}

export function usePlannableThings() {
  const { admin } = useSession();
  const [mine, reexecuteMine] = useQuery({
    query: PlannableThingsQuery,
    requestPolicy: "cache-and-network",
    pause: admin,
  });
  const [all, reexecuteAll] = useQuery({
    query: AllThingsQuery,
    requestPolicy: "cache-and-network",
    pause: !admin,
  });
  const result = admin ? all : mine;
  const things = useMemo<ThingOption[]>(() => {
    const byId = new Map<string, ThingOption>();
    if (admin) {
      for (const t of all.data?.allThings?.nodes ?? []) {
        byId.set(t.id, { id: t.id, name: t.name, groupId: t.groupId, groupName: t.groupByGroupId?.name ?? "" });
      }
    } else {
      const user = mine.data?.currentUser;
      for (const access of user?.thingAccessesByUserId.nodes ?? []) {
        const t = access.thingByThingId;
        if (!t || !(access.isOwner || access.isCollaborator)) continue;
        byId.set(t.id, { id: t.id, name: t.name, groupId: t.groupId, groupName: t.groupByGroupId?.name ?? "" });
      }
      for (const membership of user?.groupMembershipsByUserId.nodes ?? []) {
        const group = membership.groupByGroupId;
        for (const t of group?.thingsByGroupId.nodes ?? []) {
          byId.set(t.id, { id: t.id, name: t.name, groupId: t.groupId, groupName: group!.name });
        }
      }
    }
    return [...byId.values()].sort(byGroupThenName);
  }, [admin, all.data, mine.data]);
  return {
    things,
    loading: !result.data && !result.error,
    error: result.error,
    retry: () => (admin ? reexecuteAll : reexecuteMine)({ requestPolicy: "network-only" }),
  };
}
