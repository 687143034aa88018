// Whether a target's picture may be served: its has_image flag, asked of the database
// (app_hidden.image_is_shown) and remembered for a few seconds, so a page of fifty avatars costs
// at most one query per target and setting hasImage false stops the serving within SHOWN_TTL_MS.
// newFiles forgets the entry of the target it has just given a picture.
import type pg from "pg";
import { withRole } from "./db.ts";
import type { ImageType } from "./layout.ts";

export const SHOWN_TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

const remembered = new Map<string, { shown: boolean; until: number }>();
const asking = new Map<string, Promise<boolean>>();

export function forgetShown(type: ImageType, id: string): void {
  const key = `${type}/${id}`;
  remembered.delete(key);
  // A look-up already under way may have read the old flag: it answers its own callers but is
  // not remembered (see below).
  asking.delete(key);
}

export function isShown(pool: pg.Pool, type: ImageType, id: string): Promise<boolean> {
  const key = `${type}/${id}`;
  const hit = remembered.get(key);
  if (hit && hit.until > Date.now()) return Promise.resolve(hit.shown);
  const pending = asking.get(key);
  if (pending) return pending;
  const lookup: Promise<boolean> = withRole(pool, { role: "bk_anonymous" }, (client) =>
    client.query<{ shown: boolean | null }>("select app_hidden.image_is_shown($1, $2) as shown", [type, id]),
  )
    .then((result) => {
      const shown = result.rows[0]?.shown === true;
      if (asking.get(key) === lookup) {
        // A crude bound: the map only holds recently requested targets, so starting over is cheap.
        if (remembered.size >= MAX_ENTRIES) remembered.clear();
        remembered.set(key, { shown, until: Date.now() + SHOWN_TTL_MS });
      }
      return shown;
    })
    .finally(() => {
      if (asking.get(key) === lookup) asking.delete(key);
    });
  asking.set(key, lookup);
  return lookup;
}
