// The member's last dashboard answer, kept in localStorage so the home page still shows their
// figures, things, groups and badges when it opens offline (with the time it was saved). One copy
// per user; guests' home page removes them all (after signing out nothing of it stays behind).
import { useEffect, useState } from "react";
import type { DashboardData } from "./home-data.ts";

const PREFIX = "steward.home.dashboard.";

export interface SavedDashboard {
  /** ISO time it was saved. */
  at: string;
  data: DashboardData;
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readSavedDashboard(userId: string, store: Storage | null = storage()): SavedDashboard | null {
  if (!userId) return null;
  try {
    const value = JSON.parse(store?.getItem(PREFIX + userId) ?? "null") as SavedDashboard | null;
    // A copy saved by an earlier version of the page, of another shape, is not shown.
    const user = value?.data?.currentUser;
    return value && typeof value.at === "string" && user?.id === userId && typeof user.homeThingsByUserId?.totalCount === "number"
      ? value
      : null;
  } catch {
    return null;
  }
}

export function saveDashboard(userId: string, data: DashboardData, store: Storage | null = storage(), now = new Date()): void {
  if (!userId || data.currentUser?.id !== userId) return;
  try {
    store?.setItem(PREFIX + userId, JSON.stringify({ at: now.toISOString(), data }));
  } catch {
    // Full or blocked storage: nothing is kept for offline use.
  }
}

export function forgetSavedDashboards(store: Storage | null = storage()): void {
  if (!store) return;
  try {
    const keys: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith(PREFIX)) keys.push(key);
    }
    for (const key of keys) store.removeItem(key);
  } catch {
    // Nothing to do.
  }
}

/** Saves each fresh answer; returns the saved copy (read once per user). */
export function useSavedDashboard(userId: string, fresh: DashboardData | undefined): SavedDashboard | null {
  const [saved, setSaved] = useState<SavedDashboard | null>(() => readSavedDashboard(userId));
  useEffect(() => setSaved(readSavedDashboard(userId)), [userId]);
  useEffect(() => {
    if (fresh?.currentUser) saveDashboard(userId, fresh);
  }, [userId, fresh]);
  return saved;
}
