// Shapes of the task queries (Tasks.graphql, ThingPeople.graphql, PlannableThings.graphql).
import type { TaskStatus } from "./task-meta.ts";
import type { TasksQuery } from "./Tasks.generated.ts";

/** A task as Tasks.graphql asks for it (generated from the schema, `npm run codegen`). */
export type Task = NonNullable<TasksQuery["allTasks"]>["nodes"][number];
/** Someone a task is (or can be) assigned to. */
export type Person = NonNullable<Task["taskAssignmentsByTaskId"]["nodes"][number]["userByAssignedTo"]>;

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
