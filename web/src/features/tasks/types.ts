// Shapes of the task queries (Tasks.graphql, ThingPeople.graphql, PlannableThings.graphql).
import type { TaskPriority, TaskStatus } from "./task-meta.ts";

export interface Person {
  id: string;
  name: string;
  username: string;
  hasImage?: boolean | null;
}

export interface TaskAssignment {
  id: string;
  assignedTo: string;
  assignedAt: string;
  userByAssignedTo: Person | null;
}

export interface TaskThing {
  id: string;
  name: string;
  groupId: string;
  canRecordAction: boolean | null;
  groupByGroupId: { id: string; name: string } | null;
}

export interface Task {
  id: string;
  title: string;
  description: string | null;
  actionType: string;
  status: TaskStatus;
  priority: TaskPriority;
  dueDate: string | null;
  isOverdue: boolean | null;
  canEdit: boolean | null;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
  createdBy: string | null;
  source: string | null;
  thingId: string;
  thingByThingId: TaskThing | null;
  userByCreatedBy: { id: string; name: string; username: string } | null;
  taskAssignmentsByTaskId: { nodes: TaskAssignment[] };
}

export interface TasksData {
  allTasks: { totalCount: number; nodes: Task[] } | null;
}

/** Which tasks a list shows. Every field narrows; none means every task you can see. */
export interface TaskFilter {
  /** Tasks on this thing. */
  thingId?: string;
  /** Tasks on the things of this group. */
  groupId?: string;
  /** Tasks assigned to this user. */
  assignedTo?: string;
  /** Tasks this user created. */
  createdBy?: string;
  /** One status, or "open" for everything not completed. */
  status?: TaskStatus | "open";
}

export interface ThingOption {
  id: string;
  name: string;
  groupId: string;
  groupName: string;
}
