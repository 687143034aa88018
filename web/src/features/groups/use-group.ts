// The group a /groups/{id}/... screen shows, with what the current user may do there.
import { useQuery } from "urql";
import { useSession } from "../../lib/session-context.tsx";
import { isUuid } from "../../lib/uuid.ts";
import { GroupDocument as GroupQuery } from "./Group.generated.ts";

export { isUuid };

export function useGroup(id: string) {
  const { session, signedIn, admin } = useSession();
  const valid = isUuid(id);
  // A guest's id is random; it matches no membership, which is what we want.
  const userId = isUuid(session?.id) ? session!.id : "00000000-0000-0000-0000-000000000000";
  const [result, reexecute] = useQuery({
    query: GroupQuery,
    variables: { id, userId },
    pause: !valid,
    requestPolicy: "cache-and-network",
  });
  const group = result.data?.groupById ?? null;
  const membership = signedIn ? (group?.mine.nodes[0] ?? null) : null;
  const isOwner = !!membership?.isOwner;
  return {
    group,
    /** Nothing to show yet. */
    loading: valid && !result.data && !result.error,
    error: result.error,
    /** A fresher answer is on its way (decisions like redirects should wait for it). */
    fetching: result.fetching || !!result.stale,
    /** The id is malformed, or no visible group has it. */
    notFound: !valid || (!!result.data && !group),
    membership,
    isMember: !!membership,
    isOwner,
    /** Owners and admins edit the group (spec section 6). */
    canManage: signedIn && (isOwner || admin),
    refetch: () => reexecute({ requestPolicy: "network-only" }),
  };
}

export type GroupState = ReturnType<typeof useGroup>;
