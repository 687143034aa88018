// The signed-in person's offline queue for React: the queue itself (null for guests) and its
// items, re-rendered on every change (this tab's or another's).
import { useSyncExternalStore } from "react";
import { useSession } from "../session-context.tsx";
import { actionQueueFor, type ActionQueue, type QueuedAction } from "./action-queue.ts";

const NONE: readonly QueuedAction[] = [];
const noSubscription = () => () => {};
const noItems = () => NONE;

export function useActionQueue(): ActionQueue | null {
  const { session, signedIn } = useSession();
  return signedIn && session ? actionQueueFor(session.id) : null;
}

export function useQueuedActions(queue: ActionQueue | null): readonly QueuedAction[] {
  return useSyncExternalStore(queue?.subscribe ?? noSubscription, queue?.list ?? noItems, queue?.list ?? noItems);
}

export function isPending(action: QueuedAction): boolean {
  return action.status === "queued" || action.status === "sending";
}
