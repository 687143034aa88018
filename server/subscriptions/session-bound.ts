// Subscriptions end with their session (security review, issue #20). A websocket's token is
// verified once, when it connects, and a subscription used to listen for as long as the socket
// stayed open, signed out or not. For a signed-in token (one naming a server-side session) the
// subscriber below asks PostgreSQL, when the subscription starts, until when that session is
// live (app_hidden.live_session_until()), and listens to session:<id>, which the database
// notifies when the session is signed out or removed. A subscription started on a dead session
// completes at once; a live one completes when its session ends or expires, and delivers nothing
// after. Guests' tokens name no session: their subscriptions are left as they were.
import type { GrafastSubscriber } from "postgraphile/grafast";
import type { WithPgClient } from "postgraphile/@dataplan/pg";

type Settings = Record<string, string | undefined> | null | undefined;

/** setTimeout's longest delay; a later expiry is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

function finished<T>(): AsyncIterableIterator<T> {
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      return { done: true, value: undefined };
    },
    async return() {
      return { done: true, value: undefined };
    },
    async throw(e?: unknown) {
      throw e;
    },
  };
}

/**
 * Ends a stream and ignores how it ended: a PgSubscriber stream the database connection broke
 * answers return() with that error, which nobody is left to hear (an unhandled rejection).
 */
function close(stream: AsyncIterableIterator<unknown>): void {
  stream.return?.().then(undefined, () => {});
}

/** Until when the request's session is live (null: signed out, expired or unknown). */
async function liveUntil(withPgClient: WithPgClient, settings: Record<string, string | undefined>): Promise<Date | null> {
  const pgSettings = Object.fromEntries(Object.entries(settings).filter((e): e is [string, string] => typeof e[1] === "string"));
  const result = await withPgClient(pgSettings, (client) =>
    client.query<{ until: Date | string | null }>({ text: "select app_hidden.live_session_until() as until" }),
  );
  const until = result.rows[0]?.until;
  return until == null ? null : new Date(until);
}

/**
 * `events` until the session ends: the session topic says so, or its expiry passes. Events
 * already received when the end is announced are not delivered: after each one the iterator lets
 * the notifications read in the same batch be dispatched before handing it on.
 */
function untilSessionEnds<T>(
  events: AsyncIterableIterator<T>,
  ended: AsyncIterableIterator<unknown>,
  until: Date,
): AsyncIterableIterator<T> {
  let over = false;
  let timer: NodeJS.Timeout | undefined;
  let signal!: () => void;
  const endSignal = new Promise<"end">((resolve) => (signal = () => resolve("end")));
  const end = () => {
    if (over) return;
    over = true;
    clearTimeout(timer);
    signal();
    close(events);
    close(ended);
  };
  const arm = () => {
    const wait = until.getTime() - Date.now();
    if (wait <= 0) return end();
    timer = setTimeout(arm, Math.min(wait, MAX_TIMER_MS));
    timer.unref?.();
  };
  arm();
  ended.next().then(end, end);
  const done = { done: true as const, value: undefined };
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      if (over) return done;
      const next = await Promise.race([events.next(), endSignal]);
      if (next === "end" || next.done) {
        end();
        return done;
      }
      // Let notifications that arrived with this one (the session's end among them) be handled.
      await new Promise((resolve) => setImmediate(resolve));
      if (over) return done;
      return next;
    },
    async return() {
      end();
      return done;
    },
    async throw(e?: unknown) {
      end();
      throw e;
    },
  };
}

/**
 * A subscriber for one request: `pgSubscriber` itself for guests, or, for a token naming a
 * session, one whose streams end with that session.
 */
export function sessionBoundSubscriber(pgSubscriber: GrafastSubscriber, settings: Settings, withPgClient: WithPgClient): GrafastSubscriber {
  const sessionId = settings?.["jwt.claims.session_id"];
  if (!settings || !sessionId) return pgSubscriber;
  return {
    async subscribe(topic) {
      // Listen first, then ask: an end announced in between is not missed, nor an event.
      const ended = await pgSubscriber.subscribe(`session:${sessionId}`);
      const events = await pgSubscriber.subscribe(topic);
      let until: Date | null;
      try {
        until = await liveUntil(withPgClient, settings);
      } catch (e) {
        close(ended);
        close(events);
        throw e;
      }
      if (!until) {
        close(ended);
        close(events);
        return finished();
      }
      return untilSessionEnds(events, ended, until);
    },
  };
}
