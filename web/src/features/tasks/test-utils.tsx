// Test helper for the task and notification screens: the whole app on a memory router with a
// fake GraphQL endpoint that answers by operation name (a reply, or a function of the variables).
import type { ReactNode } from "react";
import type { Session } from "../../lib/session.ts";
import { renderElementWithFakeApi, renderWithFakeApi, type Data, type Handlers, type NodeOf, type Reply } from "../../test/fake-api.tsx";

export { failure, reply, type Data, type Handler, type Handlers, type NodeOf, type Reply, type Variables } from "../../test/fake-api.tsx";

export const ME = "11111111-1111-4111-8111-111111111111";

/** The whole app at `path`; operations without a handler get an empty answer. */
export function renderTasksApp(path: string, session: Session | null, handlers: Handlers) {
  return renderWithFakeApi(path, session, handlers, { unknown: "empty" });
}

/** One element (a block other screens embed) with the app's providers and a router. */
export function renderElement(element: ReactNode, session: Session | null, handlers: Handlers) {
  return renderElementWithFakeApi(element, session, handlers, { unknown: "empty" });
}

// ---------------------------------------------------------------------------------------------
// Fixtures (with __typename, as the server sends them; graphcache needs it).

export const THING = "22222222-2222-4222-8222-222222222222";
export const GROUP = "33333333-3333-4333-8333-333333333333";
export const BOB = "44444444-4444-4444-8444-444444444444";

export function localDay(offset: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/** A task as Tasks.graphql asks for it. */
export type TaskNode = NodeOf<Data<"Tasks">["allTasks"]>;

let counter = 0;
export function taskNode(extra: Partial<TaskNode> = {}, assignees: string[] = []): TaskNode {
  counter += 1;
  const id = extra.id ?? `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`;
  return {
    __typename: "Task",
    id,
    title: "Water the planter",
    description: null,
    actionType: "WATERING",
    status: "NOT_STARTED",
    priority: "NORMAL",
    dueDate: null,
    isOverdue: false,
    canEdit: true,
    completedAt: null,
    createdAt: "2026-11-01T10:00:00Z",
    updatedAt: "2026-11-01T10:00:00Z",
    createdBy: ME,
    source: null,
    thingId: THING,
    thingByThingId: {
      __typename: "Thing",
      id: THING,
      name: "Corner Planter",
      groupId: GROUP,
      canRecordAction: true,
      groupByGroupId: { __typename: "Group", id: GROUP, name: "Riverside Growers" },
    },
    userByCreatedBy: { __typename: "User", id: ME, name: "Alice Smith", username: "alice" },
    taskAssignmentsByTaskId: {
      __typename: "TaskAssignmentsConnection",
      nodes: assignees.map((userId, i) => ({
        __typename: "TaskAssignment",
        id: `${id}-a${i}`,
        assignedTo: userId,
        assignedAt: "2026-11-01T10:00:00Z",
        userByAssignedTo: {
          __typename: "User",
          id: userId,
          name: userId === ME ? "Alice Smith" : "Bob Helper",
          username: userId === ME ? "alice" : "bob",
          hasImage: false,
        },
      })),
    },
    ...extra,
  };
}

export function tasksReply(nodes: TaskNode[]): Reply<"Tasks"> {
  return { data: { allTasks: { __typename: "TasksConnection", totalCount: nodes.length, nodes } } };
}

export function notificationsReply(
  nodes: {
    id: string;
    title: string;
    body?: string;
    level?: NodeOf<Data<"Notifications">["allNotifications"]>["level"];
    linkPath?: string | null;
    readAt?: string | null;
    textKey?: string | null;
    textValues?: unknown;
  }[],
): Reply<"Notifications"> {
  const full = nodes.map((n) => ({
    __typename: "Notification" as const,
    kind: "task_assigned",
    level: "INFO" as const,
    body: "Someone asked you to help.",
    linkPath: "/tasks",
    thingId: null,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    readAt: null,
    textKey: null,
    textValues: null,
    ...n,
  }));
  return {
    data: {
      unread: { __typename: "NotificationsConnection", totalCount: full.filter((n) => !n.readAt).length },
      allNotifications: { __typename: "NotificationsConnection", totalCount: full.length, nodes: full },
    },
  };
}
