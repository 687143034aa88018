import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { guestSession, userSession } from "../../test/helpers.tsx";
import {
  BOB,
  GROUP,
  ME,
  THING,
  failure,
  localDay,
  renderElement,
  renderTasksApp,
  taskNode,
  tasksReply,
  type Handler,
  type Handlers,
  type Reply,
  type TaskNode,
} from "./test-utils.tsx";
import { AssignedToMe, TaskList, TasksForThing, newTaskPath } from "./index.ts";
import styles from "./tasks.module.css";

afterEach(() => {
  cleanup();
  window.localStorage.clear(); // the dashboard remembers its view and filters there
});

/**
 * UpdateTask as the server answers it: the task with the patch applied (kept, so a later patch
 * builds on it), completed now when the patch completes it.
 */
function updating(...tasks: TaskNode[]): Handler<"UpdateTask"> {
  const current = new Map(tasks.map((task) => [task.id, task]));
  return ({ id, patch }) => {
    const set = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<TaskNode>;
    const task: TaskNode = {
      ...current.get(id)!,
      ...set,
      completedAt: patch.status === "COMPLETED" ? new Date().toISOString() : null,
      isOverdue: false,
      canEdit: true,
      updatedAt: new Date().toISOString(),
      thingId: THING,
    };
    current.set(id, task);
    const { __typename, title, description, actionType, status, priority, dueDate, isOverdue, canEdit, completedAt, updatedAt, thingId } =
      task;
    return {
      data: {
        updateTaskById: {
          __typename: "UpdateTaskPayload",
          task: {
            __typename,
            id,
            title,
            description,
            actionType,
            status,
            priority,
            dueDate,
            isOverdue,
            canEdit,
            completedAt,
            updatedAt,
            thingId,
          },
        },
      },
    };
  };
}

describe("/tasks", () => {
  it("asks guests to sign in", async () => {
    renderTasksApp("/tasks", guestSession(), {});
    await screen.findByRole("heading", { name: "Sign in to see your tasks" });
    expect(within(screen.getByRole("main")).getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/signin?next=%2Ftasks");
  });

  it("shows the tasks assigned to me first, overdue first with a badge", async () => {
    const later = taskNode({ title: "Tidy the edges", dueDate: localDay(3), priority: "HIGH" }, [ME]);
    const late = taskNode({ title: "Weed the planter", dueDate: localDay(-2), isOverdue: true }, [ME]);
    const notMine = taskNode({ title: "Paint the bench" }, [BOB]);
    renderTasksApp("/tasks", userSession(), { Tasks: tasksReply([later, notMine, late]) });

    const view = await screen.findByRole("button", { name: /^Assigned to me/ });
    await screen.findByText("Weed the planter");
    expect(view.getAttribute("aria-pressed")).toBe("true");
    const titles = screen.getAllByRole("button", { expanded: false }).map((b) => b.textContent);
    expect(titles.filter((t) => ["Weed the planter", "Tidy the edges"].includes(t ?? ""))).toEqual(["Weed the planter", "Tidy the edges"]);
    expect(screen.queryByText("Paint the bench")).toBeNull();
    const lateRow = screen.getByText("Weed the planter").closest("li")!;
    expect(within(lateRow).getByText("Overdue")).toBeTruthy();
    expect(within(lateRow).getByText("2 days overdue")).toBeTruthy();
    expect(within(screen.getByText("Tidy the edges").closest("li")!).getByText("Due in 3 days")).toBeTruthy();
    expect(within(lateRow).getByRole("link", { name: "Corner Planter" }).getAttribute("href")).toBe(`/things/${THING}/dashboard`);

    fireEvent.click(screen.getByRole("button", { name: /^All tasks/ }));
    await screen.findByText("Paint the bench");
  });

  it("searches by title and filters by priority", async () => {
    renderTasksApp("/tasks", userSession(), {
      Tasks: tasksReply([taskNode({ title: "Water the roses", priority: "HIGH" }), taskNode({ title: "Sweep the path", priority: "LOW" })]),
    });
    await screen.findByText("Water the roses");
    fireEvent.change(screen.getByLabelText("Search tasks"), { target: { value: "sweep" } });
    await waitFor(() => expect(screen.queryByText("Water the roses")).toBeNull());
    expect(screen.getByText("Sweep the path")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Priority"), { target: { value: "HIGH" } });
    await screen.findByRole("heading", { name: "No tasks match" });
    fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    await screen.findByText("Water the roses");
  });

  it("labels the Done button in words, not only with an icon (issue 22)", async () => {
    renderTasksApp("/tasks", userSession(), { Tasks: tasksReply([taskNode({ title: "Water the planter" }, [ME])]) });
    const done = await screen.findByRole("button", { name: "Done: Water the planter" });
    expect(done.textContent).toContain("Done");
  });

  it("counts on the view chips what each view lists under the current filters (issue 22)", async () => {
    renderTasksApp("/tasks", userSession(), {
      Tasks: tasksReply([
        taskNode({ title: "Water the roses", priority: "HIGH" }, [ME]),
        taskNode({ title: "Sweep the path", priority: "LOW" }, [ME]),
        taskNode({ title: "Paint the bench", priority: "HIGH", status: "COMPLETED" }, [ME]),
        taskNode({ title: "Oil the gate", priority: "HIGH" }, [BOB]),
      ]),
    });
    await screen.findByText("Water the roses");
    const count = (name: RegExp) => screen.getByRole("button", { name }).querySelector(`.${styles.viewCount}`)?.textContent;
    // Assigned to me lists three (one completed, collapsed under its heading); all lists four.
    expect(count(/^Assigned to me/)).toBe("3");
    expect(count(/^All tasks/)).toBe("4");
    fireEvent.change(screen.getByLabelText("Priority"), { target: { value: "HIGH" } });
    await waitFor(() => expect(count(/^Assigned to me/)).toBe("2"));
    expect(count(/^All tasks/)).toBe("3");
    screen.getByRole("button", { name: "All tasks, 3 tasks" });
  });

  it("moves a task along and offers to record the care action after completing it", async () => {
    const task = taskNode({ title: "Water the planter" }, [ME]);
    const app = renderTasksApp("/tasks", userSession(), {
      Tasks: tasksReply([task]),
      UpdateTask: updating(task),
      RecordTaskAction: (v) => ({
        data: {
          createAction: {
            __typename: "CreateActionPayload",
            action: {
              __typename: "Action",
              id: "act-1",
              createdAt: new Date().toISOString(),
              thingId: v.action.thingId,
              type: v.action.type,
              comments: v.action.comments,
            },
          },
        },
      }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Start: Water the planter" }));
    await waitFor(() => expect(app.called("UpdateTask")).toHaveLength(1));
    expect(app.called("UpdateTask")[0].variables).toEqual({ id: task.id, patch: { status: "IN_PROGRESS" } });
    await screen.findByText("In progress", { selector: `.${styles.statusText}` });

    fireEvent.click(screen.getByRole("button", { name: "Done: Water the planter" }));
    const record = await screen.findByRole("button", { name: "Record this watering on Corner Planter" });
    expect(app.called("UpdateTask")[1].variables).toEqual({ id: task.id, patch: { status: "COMPLETED" } });
    fireEvent.click(record);
    await screen.findByText(/The watering is on Corner Planter's timeline/);
    expect(app.called("RecordTaskAction")[0].variables).toEqual({
      action: { thingId: THING, type: "WATERING", comments: "Water the planter" },
    });
    expect(app.notices.get().map((n) => n.message)).toContain("Watering recorded on Corner Planter");
    // Completing the last assigned task does not switch the view away.
    expect(screen.getByRole("button", { name: /^Assigned to me/ }).getAttribute("aria-pressed")).toBe("true");
  });

  it("shows the server's message when the action cannot be recorded", async () => {
    const task = taskNode({ title: "Pick litter", actionType: "LITTER_CLEANUP" }, [ME]);
    renderTasksApp("/tasks", userSession(), {
      Tasks: tasksReply([task]),
      UpdateTask: updating(task),
      RecordTaskAction: failure("Permission denied", "42501"),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Done: Pick litter" }));
    fireEvent.click(await screen.findByRole("button", { name: "Record this litter clean-up on Corner Planter" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Permission denied");
  });

  it("explains who may record actions instead of offering a button that would fail", async () => {
    const task = taskNode({ title: "Measure it", actionType: "MEASUREMENT" }, [ME]);
    task.thingByThingId!.canRecordAction = false;
    renderTasksApp("/tasks", userSession(), { Tasks: tasksReply([task]), UpdateTask: updating(task) });
    fireEvent.click(await screen.findByRole("button", { name: "Done: Measure it" }));
    await screen.findByText(/its owners and\s+collaborators — can record actions on it/);
    expect(screen.queryByRole("button", { name: /Record this/ })).toBeNull();
    expect(screen.getByRole("link", { name: "Collaborate on Corner Planter" }).getAttribute("href")).toBe(`/things/${THING}/collaborate`);
  });

  it("says 'Failed to update task' when the server gives no message", async () => {
    renderTasksApp("/tasks", userSession(), {
      Tasks: tasksReply([taskNode({ title: "Water it" }, [ME])]),
      UpdateTask: { data: { updateTaskById: null } },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Start: Water it" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to update task");
  });

  it("edits a task in place with the database's messages, and shows the server's refusal", async () => {
    const app = renderTasksApp("/tasks", userSession(), {
      Tasks: tasksReply([taskNode({ title: "Water it" }, [ME])]),
      ThingPeople: { data: { thingById: null } },
      UpdateTask: failure("As an assignee you can change the task's status only", "DNIED"),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Water it", expanded: false }));
    const form = await screen.findByRole("form", { name: "Edit Water it" });
    fireEvent.change(within(form).getByLabelText("Title"), { target: { value: "ab" } });
    expect(within(form).getByText("Title must be between 3 and 255 characters")).toBeTruthy();
    fireEvent.change(within(form).getByLabelText("Title"), { target: { value: "Water it well" } });
    fireEvent.change(within(form).getByLabelText("Priority"), { target: { value: "HIGH" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save changes" }));
    expect((await within(form).findByRole("alert")).textContent).toBe("As an assignee you can change the task's status only");
    expect(app.called("UpdateTask")[0].variables).toMatchObject({
      patch: { title: "Water it well", priority: "HIGH", status: "NOT_STARTED", thingId: THING },
    });
  });

  it("deletes a task after confirmation; 'Failed to delete task' when the server gives no message", async () => {
    const task = taskNode({ title: "Old task" });
    const app = renderTasksApp("/tasks", userSession(), {
      Tasks: tasksReply([task]),
      ThingPeople: { data: { thingById: null } },
      DeleteTask: { data: { deleteTaskById: null } },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Old task", expanded: false }));
    fireEvent.click(await screen.findByRole("button", { name: "Delete task" }));
    expect(screen.getByText("Delete “Old task”? This cannot be undone.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Yes, delete it" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to delete task");
    expect(app.called("DeleteTask")[0].variables).toEqual({ id: task.id });
  });

  it("assignees who do not plan see the details and change only the status", async () => {
    const task = taskNode({ title: "Help out", canEdit: false, description: "Bring gloves." }, [ME]);
    const app = renderTasksApp("/tasks", userSession(), { Tasks: tasksReply([task]), UpdateTask: updating(task) });
    fireEvent.click(await screen.findByRole("button", { name: "Help out", expanded: false }));
    await screen.findByText("Bring gloves.");
    const row = screen.getByText("Bring gloves.").closest("li")!;
    expect(screen.queryByRole("button", { name: "Delete task" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Save changes" })).toBeNull();
    fireEvent.change(within(row).getByLabelText("Status"), { target: { value: "IN_PROGRESS" } });
    await waitFor(() => expect(app.called("UpdateTask")).toHaveLength(1));
    expect(app.called("UpdateTask")[0].variables).toEqual({ id: task.id, patch: { status: "IN_PROGRESS" } });
  });
});

const plannable: Reply<"PlannableThings"> = {
  data: {
    currentUser: {
      __typename: "User",
      id: ME,
      thingAccessesByUserId: {
        __typename: "ThingAccessesConnection",
        nodes: [
          {
            __typename: "ThingAccess",
            id: "acc-1",
            isOwner: true,
            isCollaborator: false,
            thingByThingId: {
              __typename: "Thing",
              id: THING,
              name: "Corner Planter",
              groupId: GROUP,
              groupByGroupId: { __typename: "Group", id: GROUP, name: "Riverside Growers" },
            },
          },
        ],
      },
      groupMembershipsByUserId: {
        __typename: "GroupMembershipsConnection",
        nodes: [
          {
            __typename: "GroupMembership",
            id: "mem-1",
            groupByGroupId: {
              __typename: "Group",
              id: GROUP,
              name: "Riverside Growers",
              thingsByGroupId: {
                __typename: "ThingsConnection",
                nodes: [
                  { __typename: "Thing", id: THING, name: "Corner Planter", groupId: GROUP },
                  { __typename: "Thing", id: "55555555-5555-4555-8555-555555555555", name: "Old Oak", groupId: GROUP },
                ],
              },
            },
          },
        ],
      },
    },
  },
};

const people: Reply<"ThingPeople"> = {
  data: {
    thingById: {
      __typename: "Thing",
      id: THING,
      name: "Corner Planter",
      groupId: GROUP,
      thingAccessesByThingId: {
        __typename: "ThingAccessesConnection",
        nodes: [
          {
            __typename: "ThingAccess",
            id: "acc-1",
            isOwner: true,
            isCollaborator: false,
            userByUserId: { __typename: "User", id: ME, name: "Alice Smith", username: "alice", hasImage: false },
          },
          {
            __typename: "ThingAccess",
            id: "acc-2",
            isOwner: false,
            isCollaborator: true,
            userByUserId: { __typename: "User", id: BOB, name: "Bob Helper", username: "bob", hasImage: false },
          },
        ],
      },
      groupByGroupId: {
        __typename: "Group",
        id: GROUP,
        name: "Riverside Growers",
        groupMembershipsByGroupId: { __typename: "GroupMembershipsConnection", nodes: [] },
      },
    },
  },
};

describe("/tasks/new", () => {
  it("preselects the thing, validates instantly and creates the task with its assignees", async () => {
    const app = renderTasksApp(`/tasks/new?thingId=${THING}`, userSession(), {
      PlannableThings: plannable,
      ThingPeople: people,
      CreateTask: {
        data: {
          createTask: {
            __typename: "CreateTaskPayload",
            task: { __typename: "Task", id: "t-new", title: "Water it", thingId: THING, status: "NOT_STARTED" },
          },
        },
      },
      CreateTaskAssignment: (v) => ({
        data: {
          createTaskAssignment: {
            __typename: "CreateTaskAssignmentPayload",
            taskAssignment: {
              __typename: "TaskAssignment",
              id: "as-1",
              taskId: v.taskId,
              assignedTo: v.assignedTo,
              assignedAt: "2026-11-01T10:00:00Z",
            },
          },
        },
      }),
    });
    await screen.findByRole("heading", { level: 1, name: "New task" });
    const thing = (await screen.findByLabelText("Thing")) as HTMLSelectElement;
    expect(thing.value).toBe(THING);

    fireEvent.click(screen.getByRole("button", { name: "Create task" }));
    expect(await screen.findByText("Title is required")).toBeTruthy();
    expect(screen.getByText("This field is mandatory")).toBeTruthy();
    expect(app.called("CreateTask")).toHaveLength(0);

    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "ab" } });
    expect(screen.getByText("Title must be between 3 and 255 characters")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Water it" } });
    fireEvent.change(screen.getByLabelText("Action type"), { target: { value: "WATERING" } });
    fireEvent.change(screen.getByLabelText("Due date"), { target: { value: "2030-05-01" } });
    fireEvent.click(await screen.findByRole("checkbox", { name: /Bob Helper/ }));
    fireEvent.click(screen.getByRole("button", { name: "Create task" }));

    await waitFor(() => expect(app.location()).toBe("/tasks"));
    expect(app.called("CreateTask")[0].variables).toEqual({
      task: {
        thingId: THING,
        actionType: "WATERING",
        title: "Water it",
        description: null,
        status: "NOT_STARTED",
        priority: "NORMAL",
        dueDate: "2030-05-01",
      },
    });
    expect(app.called("CreateTaskAssignment").map((c) => c.variables)).toEqual([{ taskId: "t-new", assignedTo: BOB }]);
    expect(app.notices.get().map((n) => n.message)).toContain("Task created");
  });

  it("shows the server's message, or 'Failed to create task'", async () => {
    let reply: Reply<"CreateTask"> = failure("You cannot plan tasks on that thing", "DNIED");
    renderTasksApp(`/tasks/new?thingId=${THING}`, userSession(), {
      PlannableThings: plannable,
      ThingPeople: people,
      CreateTask: () => reply,
    });
    fireEvent.change(await screen.findByLabelText("Title"), { target: { value: "Water it" } });
    fireEvent.change(screen.getByLabelText("Action type"), { target: { value: "WATERING" } });
    fireEvent.click(screen.getByRole("button", { name: "Create task" }));
    expect((await screen.findByRole("alert")).textContent).toBe("You cannot plan tasks on that thing");
    reply = { data: { createTask: null } };
    fireEvent.click(screen.getByRole("button", { name: "Create task" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Failed to create task"));
  });

  it("says what to do when there is nothing to plan on", async () => {
    renderTasksApp("/tasks/new", userSession(), {
      PlannableThings: {
        data: {
          currentUser: {
            __typename: "User",
            id: ME,
            thingAccessesByUserId: { __typename: "ThingAccessesConnection", nodes: [] },
            groupMembershipsByUserId: { __typename: "GroupMembershipsConnection", nodes: [] },
          },
        },
      },
    });
    await screen.findByRole("heading", { name: "No things to plan on yet" });
    expect(screen.getByRole("link", { name: "Join a group" }).getAttribute("href")).toBe("/groups");
  });

  it("sends guests to sign in", async () => {
    const app = renderTasksApp("/tasks/new?thingId=x", guestSession(), {});
    await waitFor(() => expect(app.location()).toBe("/signin?next=%2Ftasks%2Fnew%3FthingId%3Dx"));
  });
});

describe("blocks for other screens", () => {
  function Harness({ which }: { which: "thing" | "mine" | "group" }) {
    if (which === "thing") return <TasksForThing thingId={THING} thingName="Corner Planter" />;
    if (which === "group") return <TaskList filter={{ groupId: GROUP }} createPath={newTaskPath({ groupId: GROUP })} />;
    return <AssignedToMe limit={1} />;
  }

  function renderBlock(which: "thing" | "mine" | "group", handlers: Handlers, session = userSession()) {
    return renderElement(<Harness which={which} />, session, handlers);
  }

  it("TasksForThing lists the thing's tasks without repeating its name, with a New task link back to it", async () => {
    renderBlock("thing", {
      Tasks: (v) => {
        expect(v.condition).toEqual({ thingId: THING });
        return tasksReply([taskNode({ title: "Water it" })]);
      },
    });
    await screen.findByText("Water it");
    expect(screen.queryByRole("link", { name: "Corner Planter" })).toBeNull();
    expect(screen.getByRole("link", { name: "New task" }).getAttribute("href")).toBe(
      `/tasks/new?thingId=${THING}&next=%2Fthings%2F${THING}%2Fdashboard`,
    );
  });

  it("TaskList by group keeps only the group's things", async () => {
    renderBlock("group", {
      Tasks: tasksReply([
        taskNode({ title: "In the group" }),
        taskNode({
          title: "Elsewhere",
          thingByThingId: {
            __typename: "Thing",
            id: "t2",
            name: "Far Bench",
            groupId: "g2",
            canRecordAction: true,
            groupByGroupId: { __typename: "Group", id: "g2", name: "Other" },
          },
        }),
      ]),
    });
    await screen.findByText("In the group");
    expect(screen.queryByText("Elsewhere")).toBeNull();
  });

  it("AssignedToMe shows my open tasks, most urgent first, up to the limit", async () => {
    renderBlock("mine", {
      Tasks: tasksReply([
        taskNode({ title: "Later", dueDate: localDay(4) }, [ME]),
        taskNode({ title: "Soon", dueDate: localDay(1) }, [ME]),
        taskNode({ title: "Done already", status: "COMPLETED" }, [ME]),
        taskNode({ title: "Not mine" }, [BOB]),
      ]),
    });
    await screen.findByText("Soon");
    expect(screen.queryByText("Later")).toBeNull();
    expect(screen.queryByText("Done already")).toBeNull();
    expect(screen.getByRole("link", { name: "See all 2 tasks" }).getAttribute("href")).toBe("/tasks");
  });

  it("AssignedToMe renders nothing for guests", async () => {
    const { container } = renderBlock("mine", {}, guestSession());
    await waitFor(() => expect(container.querySelector(".tasks-block")).toBeNull());
  });
});
