// Which PostgreSQL a read goes to when READ_DATABASE_URL names a streaming replica: the replica,
// unless whoever asks wrote something the replica has not replayed yet (read-your-writes).
//
// After a write, the primary's WAL position (pg_current_wal_lsn(), taken once the write has
// committed) is that writer's "fence". A read behind a fence goes to the replica only once the
// replica's pg_last_wal_replay_lsn() has passed it, else to the primary. The fence is kept in two
// places, because the writer may come back on another server of the fleet:
// - a cookie on the answer (the SPA's fetches send it back to whichever server they reach);
// - in this process, per user (clients that keep no cookies, and websocket mutations).
// A fence is dropped once the replica has passed it, and is forgotten after FENCE_TTL_MS anyway, so
// a replica rebuilt from scratch (its positions starting again) cannot keep someone on the
// primary for good; by then any replica still in service has long caught up.
import type express from "express";
import type pg from "pg";
import { componentLogger } from "../../domain/logger.ts";

const log = componentLogger("read-routing");

export const FENCE_COOKIE = "steward_read_after";
/** How long a writer's fence is honoured at most (the cookie's Max-Age, and the map's). */
export const FENCE_TTL_MS = 5 * 60_000;
/** A replay position this young is reused rather than asked again (many readers, one query). */
const REPLAY_REUSE_MS = 50;
/** Writers remembered in this process at most; the oldest go first beyond it. */
const MAX_REMEMBERED_WRITERS = 10_000;

/** "16/B374D848" (PostgreSQL's pg_lsn text) as a number; null for anything else. */
export function parseLsn(text: unknown): bigint | null {
  if (typeof text !== "string") return null;
  const m = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text);
  return m ? (BigInt(`0x${m[1]}`) << 32n) | BigInt(`0x${m[2]}`) : null;
}

export function formatLsn(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq <= 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined; // Malformed: as if there were none (it only ever routes reads).
    }
  }
  return undefined;
}

/** What a request offers to find its writer's fence. */
export interface Reader {
  req?: express.Request | import("node:http").IncomingMessage;
  res?: express.Response;
  /** The signed-in user (jwt.claims.user_id), if any. */
  userId?: string | null;
}

export class ReadRouting {
  /** Fences of writers in this process: user id -> position and when it was set. */
  private readonly fences = new Map<string, { lsn: bigint; at: number }>();
  private replay: { lsn: bigint | null; at: number } | null = null;
  private replayAsked: Promise<bigint | null> | null = null;

  constructor(
    /** The API's pool on the primary: writes, and reads behind a fence. */
    readonly primary: pg.Pool,
    /** The API's pool on the replica. */
    readonly replica: pg.Pool,
  ) {}

  /**
   * Notes that this reader has just written (and the write has committed: call it once the call
   * that wrote has returned, not inside it, where PostGraphile's adaptor still holds the
   * transaction open): the primary's position goes into the cookie, if there is an answer to set
   * it on, and into this process's map, if the reader is a user.
   */
  async wrote(reader: Reader): Promise<void> {
    let lsn: bigint | null;
    try {
      lsn = parseLsn((await this.primary.query<{ lsn: string }>("select pg_current_wal_lsn()::text as lsn")).rows[0]?.lsn);
    } catch (err) {
      // Without a position the writer's next reads may be stale for a moment; the write stands.
      log.warn({ err }, "could not read the primary's WAL position after a write");
      return;
    }
    if (lsn === null) return;
    this.remember(reader, lsn);
  }

  remember(reader: Reader, lsn: bigint): void {
    const res = reader.res;
    if (res && !res.headersSent) {
      const previous = parseLsn(cookieValue(reader.req?.headers.cookie, FENCE_COOKIE));
      const highest = previous !== null && previous > lsn ? previous : lsn;
      res.cookie(FENCE_COOKIE, formatLsn(highest), {
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        maxAge: FENCE_TTL_MS,
        secure: Boolean((reader.req as express.Request | undefined)?.secure),
      });
    }
    if (reader.userId) {
      const known = this.fences.get(reader.userId);
      this.fences.delete(reader.userId);
      this.fences.set(reader.userId, { lsn: known && known.lsn > lsn ? known.lsn : lsn, at: Date.now() });
      if (this.fences.size > MAX_REMEMBERED_WRITERS) this.fences.delete(this.fences.keys().next().value!);
    }
  }

  /** The highest fence this reader is behind (cookie or this process's map), or null. */
  fenceOf(reader: Reader): bigint | null {
    const fromCookie = parseLsn(cookieValue(reader.req?.headers.cookie, FENCE_COOKIE));
    let fromMap: bigint | null = null;
    if (reader.userId) {
      const known = this.fences.get(reader.userId);
      if (known && Date.now() - known.at < FENCE_TTL_MS) fromMap = known.lsn;
      else if (known) this.fences.delete(reader.userId);
    }
    if (fromCookie === null) return fromMap;
    return fromMap !== null && fromMap > fromCookie ? fromMap : fromCookie;
  }

  /**
   * True when this reader's reads may go to the replica: it is behind no fence, or the replica has
   * replayed past it (then the fence is dropped: the cookie cleared, the map entry removed).
   */
  async replicaServes(reader: Reader): Promise<boolean> {
    const fence = this.fenceOf(reader);
    if (fence === null) return true;
    const replayed = await this.replayed();
    if (replayed === null || replayed < fence) return false;
    if (reader.userId) {
      const known = this.fences.get(reader.userId);
      if (known && known.lsn <= replayed) this.fences.delete(reader.userId);
    }
    const cookie = parseLsn(cookieValue(reader.req?.headers.cookie, FENCE_COOKIE));
    if (cookie !== null && cookie <= replayed && reader.res && !reader.res.headersSent) {
      reader.res.clearCookie(FENCE_COOKIE, { httpOnly: true, sameSite: "lax", path: "/" });
    }
    return true;
  }

  /** The pool this reader's replica-safe reads should use. */
  async poolFor(reader: Reader): Promise<pg.Pool> {
    return (await this.replicaServes(reader)) ? this.replica : this.primary;
  }

  /**
   * How far the replica has replayed, shared by concurrent askers and reused for a few ms. null
   * when it cannot say (unreachable, or not in recovery: a promoted replica's positions say nothing
   * about the primary's), which sends fenced readers to the primary.
   */
  replayed(): Promise<bigint | null> {
    if (this.replay && Date.now() - this.replay.at < REPLAY_REUSE_MS) return Promise.resolve(this.replay.lsn);
    this.replayAsked ??= this.replica
      .query<{ lsn: string | null }>("select pg_last_wal_replay_lsn()::text as lsn")
      .then(
        (r) => parseLsn(r.rows[0]?.lsn),
        (err) => {
          log.warn({ err }, "could not ask the replica how far it has replayed");
          return null;
        },
      )
      .then((lsn) => {
        this.replay = { lsn, at: Date.now() };
        this.replayAsked = null;
        return lsn;
      });
    return this.replayAsked;
  }
}
