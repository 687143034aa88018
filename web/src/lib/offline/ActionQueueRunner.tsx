// Sends the signed-in person's queued care actions whenever the server may be reachable: when the
// page opens, when the browser comes back online, when the connection store sees the server again,
// and every RETRY_MS while some wait (a server that was down, not the network), and once more just
// before signing out (what is still unsent then stays on the device for that person's next
// sign-in: it needs their token). Renders nothing.
import { useEffect } from "react";
import { useClient } from "urql";
import { useConnection } from "../connection.ts";
import { onBeforeSignOut } from "../before-sign-out.ts";
import { sendQueuedAction } from "./send-queued-action.ts";
import { isPending, useActionQueue, useQueuedActions } from "./use-action-queue.ts";

export const RETRY_MS = 30_000;

export function ActionQueueRunner() {
  const client = useClient();
  const queue = useActionQueue();
  const waiting = useQueuedActions(queue).some(isPending);
  const { offline } = useConnection();

  useEffect(() => {
    if (!queue || !waiting) return;
    const send = sendQueuedAction(client);
    const flush = () => {
      if (typeof navigator !== "undefined" && navigator.onLine === false) return;
      void queue.flush(send);
    };
    if (!offline) flush();
    window.addEventListener("online", flush);
    const timer = setInterval(flush, RETRY_MS);
    const beforeSignOut = onBeforeSignOut(() => (navigator.onLine === false ? undefined : queue.flush(send)));
    return () => {
      window.removeEventListener("online", flush);
      clearInterval(timer);
      beforeSignOut();
    };
  }, [client, queue, waiting, offline]);

  return null;
}
