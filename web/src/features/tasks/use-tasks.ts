// The tasks a list shows: one allTasks query (server-side conditions where the API has them,
// thing and creator), narrowed here by group, assignee and status. Lists refresh when any screen
// announces a change to tasks (created, deleted, assigned), since those change which rows exist.
import { useCallback, useEffect, useMemo } from "react";
import { useQuery, type CombinedError } from "urql";
import { useSession } from "../../lib/session-context.tsx";
import { sortTasks } from "./task-meta.ts";
import type { Task, TaskFilter } from "./types.ts";
import { TasksDocument as TasksQuery } from "./Tasks.generated.ts";

/** Most tasks one list loads; the count says when there are more. */
export const TASK_PAGE = 500;

const listeners = new Set<() => void>();

/** Tells every task list on screen to ask the server again. */
export function announceTasksChanged() {
  for (const listener of [...listeners]) listener();
}

export function onTasksChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function matchesFilter(task: Task, filter: TaskFilter): boolean {
  if (filter.thingId && task.thingId !== filter.thingId) return false;
  if (filter.groupId && task.thingByThingId?.groupId !== filter.groupId) return false;
  if (filter.createdBy && task.createdBy !== filter.createdBy) return false;
  if (filter.assignedTo && !task.taskAssignmentsByTaskId.nodes.some((a) => a.assignedTo === filter.assignedTo)) {
    return false;
  }
  if (filter.status === "open" && task.status === "COMPLETED") return false;
  if (filter.status && filter.status !== "open" && task.status !== filter.status) return false;
  return true;
}

export interface TasksResult {
  /** The filtered tasks in list order. */
  tasks: Task[];
  /** Every task loaded (before the client-side part of the filter). */
  all: Task[];
  /** The server's count for the query's condition. */
  totalCount: number | null;
  loading: boolean;
  fetching: boolean;
  error: CombinedError | undefined;
  refetch(): void;
}

export function useTasks(filter: TaskFilter = {}, { pause = false }: { pause?: boolean } = {}): TasksResult {
  const { signedIn } = useSession();
  const condition = useMemo(() => {
    const c: Record<string, string> = {};
    if (filter.thingId) c.thingId = filter.thingId;
    if (filter.createdBy) c.createdBy = filter.createdBy;
    return Object.keys(c).length ? c : null;
  }, [filter.thingId, filter.createdBy]);

  const [result, reexecute] = useQuery({
    query: TasksQuery,
    variables: { condition, first: TASK_PAGE },
    requestPolicy: "cache-and-network",
    // Guests see no tasks (the API gives them none).
    pause: pause || !signedIn,
  });
  const refetch = useCallback(() => reexecute({ requestPolicy: "network-only" }), [reexecute]);
  useEffect(() => onTasksChanged(refetch), [refetch]);

  const all = useMemo(() => result.data?.allTasks?.nodes ?? [], [result.data]);
  const filterKey = JSON.stringify(filter);
  const tasks = useMemo(() => sortTasks(all.filter((task) => matchesFilter(task, JSON.parse(filterKey) as TaskFilter))), [all, filterKey]);
  return {
    tasks,
    all,
    totalCount: result.data?.allTasks?.totalCount ?? null,
    loading: signedIn && !pause && !result.data && !result.error,
    fetching: result.fetching,
    error: result.error,
    refetch,
  };
}
