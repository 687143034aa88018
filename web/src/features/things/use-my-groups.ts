// The groups the signed-in user is a member of (currentUser's memberships), for the group choice
// of the thing form: things belong to a group their creator is a member of.
import { useMemo } from "react";
import { useQuery } from "urql";
import type { GroupOption } from "./ThingForm.tsx";
import { MyGroupsDocument as MyGroupsQuery } from "./MyGroups.generated.ts";

export function useMyGroups() {
  const [result, reexecute] = useQuery({ query: MyGroupsQuery, requestPolicy: "cache-and-network" });
  const groups = useMemo<GroupOption[]>(() => {
    const nodes = result.data?.currentUser?.groupMembershipsByUserId.nodes ?? [];
    return nodes
      .map((m) => m.groupByGroupId)
      .filter((g): g is NonNullable<typeof g> => Boolean(g))
      .map((g) => ({ id: g.id, name: g.name }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [result.data]);
  return { groups, loading: !result.data && !result.error, error: result.error, retry: () => reexecute({ requestPolicy: "network-only" }) };
}
