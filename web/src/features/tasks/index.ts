// What other screens use from the tasks feature:
//
//   import { TaskList, TasksForThing, AssignedToMe, newTaskPath } from "../tasks/index.ts";
//
//   <TasksForThing thingId={thing.id} thingName={thing.name} canPlan={...} />   a thing page's block
//   <TaskList filter={{ groupId: group.id }} createPath={newTaskPath({ groupId: group.id })} />
//   <TaskList filter={{ assignedTo: user.id }} createPath={null} emptyText="..." />
//   <AssignedToMe limit={5} />                                                   the home dashboard
//
// Filters: thingId, groupId (the group's things), assignedTo, createdBy, status ("open" or one).
export { AssignedToMe, TaskGroups, TaskList, TaskRows, TasksForThing, newTaskPath } from "./TaskList.tsx";
export type { TaskListProps } from "./TaskList.tsx";
export { announceTasksChanged, useTasks } from "./use-tasks.ts";
export type { Task, TaskFilter } from "./types.ts";
