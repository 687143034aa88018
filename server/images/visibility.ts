// Whether a picture may be served to the one asking, and how: the database decides
// (app_hidden.image_is_shown, security invoker: the record must have a picture and the caller's
// row-level security must let them see the record), asked under the caller's own role and claims.
// A picture anyone may see (asked as a guest) is "public": served to all and cacheable by anyone.
// Otherwise a signed-in viewer is asked about in person: "private" when they may see it (served
// with Cache-Control: private), null when not (404, as for an id that does not exist).
// Answers are remembered for SHOWN_TTL_MS per viewer and target, so a page of fifty avatars costs
// at most one query per target and viewer; setting hasImage false, making a record private or
// signing out stops the serving within that time. newFiles forgets the target it has just changed.
import type pg from "pg";
import { withRole } from "./db.ts";
import type { ImageType } from "./layout.ts";
import type { Viewer } from "./viewer.ts";

export const SHOWN_TTL_MS = 10_000;
/** Targets remembered at most; each with its viewers' answers. */
const MAX_TARGETS = 10_000;
const MAX_VIEWERS_PER_TARGET = 1_000;
const ANONYMOUS: Viewer = { key: "anonymous", settings: { role: "bk_anonymous" } };

export type Shown = "public" | "private" | null;

const remembered = new Map<string, Map<string, { shown: boolean; until: number }>>();
const asking = new Map<string, Map<string, Promise<boolean>>>();

export function forgetShown(type: ImageType, id: string): void {
  const target = `${type}/${id}`;
  remembered.delete(target);
  // Look-ups already under way may have read the old state: they answer their own callers but
  // are not remembered (see below).
  asking.delete(target);
}

function seenBy(pool: pg.Pool, viewer: Viewer, type: ImageType, id: string): Promise<boolean> {
  const target = `${type}/${id}`;
  const hit = remembered.get(target)?.get(viewer.key);
  if (hit && hit.until > Date.now()) return Promise.resolve(hit.shown);
  const pending = asking.get(target)?.get(viewer.key);
  if (pending) return pending;
  let askingTarget = asking.get(target);
  if (!askingTarget) {
    askingTarget = new Map();
    asking.set(target, askingTarget);
  }
  const mine = askingTarget;
  const lookup: Promise<boolean> = withRole(pool, viewer.settings, (client) =>
    client.query<{ shown: boolean | null }>("select app_hidden.image_is_shown($1, $2) as shown", [type, id]),
  )
    .then((result) => {
      const shown = result.rows[0]?.shown === true;
      if (asking.get(target) === mine && mine.get(viewer.key) === lookup) {
        // A crude bound: the map only holds recently requested targets, so starting over is cheap.
        if (remembered.size >= MAX_TARGETS) remembered.clear();
        let answers = remembered.get(target);
        if (!answers) {
          answers = new Map();
          remembered.set(target, answers);
        }
        if (answers.size >= MAX_VIEWERS_PER_TARGET) answers.clear();
        answers.set(viewer.key, { shown, until: Date.now() + SHOWN_TTL_MS });
      }
      return shown;
    })
    .finally(() => {
      if (mine.get(viewer.key) === lookup) mine.delete(viewer.key);
      if (mine.size === 0 && asking.get(target) === mine) asking.delete(target);
    });
  mine.set(viewer.key, lookup);
  return lookup;
}

/** "public", "private" (only this viewer, by their rights) or null (not to be served to them). */
export async function pictureShown(pool: pg.Pool, viewer: Viewer | null, type: ImageType, id: string): Promise<Shown> {
  if (await seenBy(pool, ANONYMOUS, type, id)) return "public";
  if (!viewer) return null;
  return (await seenBy(pool, viewer, type, id)) ? "private" : null;
}
