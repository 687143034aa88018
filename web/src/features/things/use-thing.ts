// The thing of a /things/{id}/... screen, from the same query (and cache) as its dashboard.
// An id that is not a uuid cannot name a thing: it is "missing" without asking the server.
import { useEffect } from "react";
import { useQuery } from "urql";
import { markFirstScreenShown } from "../../lib/first-screen.ts";
import { isUuid } from "../../lib/uuid.ts";
import { ThingPageDocument as ThingPageQuery } from "./ThingPage.generated.ts";

export { isUuid };

export function useThing(id: string) {
  const valid = isUuid(id);
  const [result, reexecute] = useQuery({
    query: ThingPageQuery,
    variables: { id },
    requestPolicy: "cache-and-network",
    pause: !valid,
  });
  // A thing's page is the first screen's data when the page opens on it (lib/first-screen.ts).
  const answered = Boolean(result.data || result.error);
  useEffect(() => {
    if (answered) markFirstScreenShown();
  }, [answered]);
  return {
    thing: valid ? (result.data?.thingById ?? null) : null,
    /** Nothing to show yet. */
    loading: valid && !result.data && !result.error,
    /** The answer came and there is no such thing (or it is not visible). */
    missing: !valid || (Boolean(result.data) && !result.data?.thingById),
    /** Still asking the server (cached data may already show). */
    fetching: valid && (result.fetching || Boolean(result.stale)),
    error: valid ? result.error : undefined,
    refetch: () => reexecute({ requestPolicy: "network-only" }),
  };
}
