// Recently visited things (spec sections 2 and 3): the ids of the things the user opened, newest
// first, at most 50, kept in localStorage. Only 36-character ids (uuids) are tracked. The home
// page reads the list with `readRecentThings()` or `useRecentThings()`; /things/search asks the API
// for the newest few with RecentThings.graphql and `recentThingsVariables()`.
import { useSyncExternalStore } from "react";

export const RECENT_THINGS_KEY = "steward.recentThings";
export const RECENT_THINGS_MAX = 50;

/** Whether an id may be tracked: exactly 36 characters (a uuid). */
export function isTrackableThingId(id: unknown): id is string {
  return typeof id === "string" && id.length === 36;
}

function defaultStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readRecentThings(storage: Storage | null = defaultStorage()): string[] {
  let value: unknown;
  try {
    value = JSON.parse(storage?.getItem(RECENT_THINGS_KEY) ?? "[]");
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const ids: string[] = [];
  for (const id of value) {
    if (isTrackableThingId(id) && !seen.has(id)) {
      seen.add(id);
      ids.push(id);
    }
    if (ids.length >= RECENT_THINGS_MAX) break;
  }
  return ids;
}

const listeners = new Set<() => void>();
function emit() {
  for (const listener of [...listeners]) listener();
}

function write(ids: string[], storage: Storage | null) {
  try {
    storage?.setItem(RECENT_THINGS_KEY, JSON.stringify(ids));
  } catch {
    // Full or blocked storage: nothing is remembered.
  }
  emit();
}

/** Puts a thing first in the list (ignoring ids that are not 36 characters); returns the list. */
export function addRecentThing(id: string, storage: Storage | null = defaultStorage()): string[] {
  const current = readRecentThings(storage);
  if (!isTrackableThingId(id)) return current;
  const ids = [id, ...current.filter((other) => other !== id)].slice(0, RECENT_THINGS_MAX);
  write(ids, storage);
  return ids;
}

/** Forgets one thing (deleted, or no longer visible). */
export function removeRecentThing(id: string, storage: Storage | null = defaultStorage()): string[] {
  const ids = readRecentThings(storage).filter((other) => other !== id);
  write(ids, storage);
  return ids;
}

export function clearRecentThings(storage: Storage | null = defaultStorage()) {
  write([], storage);
}

// A snapshot per stored text, so useSyncExternalStore sees a stable value between changes.
let snapshotText: string | null | undefined;
let snapshot: string[] = [];
function getSnapshot(): string[] {
  let text: string | null = null;
  try {
    text = defaultStorage()?.getItem(RECENT_THINGS_KEY) ?? null;
  } catch {
    text = null;
  }
  if (text !== snapshotText) {
    snapshotText = text;
    snapshot = readRecentThings();
  }
  return snapshot;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === RECENT_THINGS_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** How many recent things /things/search shows (RecentThings.graphql asks for this many). */
export const RECENT_SHOWN = 8;

/** The nil uuid: no thing has it, so a slot asking for it answers null. */
const NO_THING = "00000000-0000-0000-0000-000000000000";

/** RecentThings.graphql's variables for the newest ids: `id0`…`id7`, the unused ones NO_THING. */
/** `$id0`…`$id7` of RecentThings.graphql and HomeRecentThings.graphql (RECENT_SHOWN of them). */
export type RecentThingsVariables = { [N in 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 as `id${N}`]: string };

export function recentThingsVariables(ids: readonly string[]): RecentThingsVariables {
  return Object.fromEntries(Array.from({ length: RECENT_SHOWN }, (_, n) => [`id${n}`, ids[n] ?? NO_THING])) as RecentThingsVariables;
}

const EMPTY: string[] = [];

/** The recent thing ids, newest first; follows changes in this tab and others. */
export function useRecentThings(): string[] {
  return useSyncExternalStore(subscribe, getSnapshot, () => EMPTY);
}
