// /tasks: the tasks dashboard. Three views — assigned to me, created by me, all the tasks you
// can see — each grouped by status with overdue tasks first, then by due date and priority.
// Filters by group, thing, priority and status and a search by title are remembered per browser.
// A task opens in place to edit it, manage who does it or delete it.
import { useEffect, useId, useMemo, useState } from "react";
import { Link } from "react-router";
import { term } from "../../../../shared/branding.ts";
import {
  EmptyState,
  FilterSelect,
  ListError,
  ListSkeleton,
  ListToolbar,
  ResultCount,
  SearchBox,
  matchesSearch,
  useListState,
} from "../../components/list/index.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes.tsx";
import { CompletionOffers, useCompletionOffers } from "./CompletionOffer.tsx";
import { errorText } from "./errors.ts";
import { TaskGroups } from "./TaskList.tsx";
import { TASK_PRIORITIES, TASK_STATUSES, actionLabel, priorityLabel, statusLabel } from "./task-meta.ts";
import { TASK_PAGE, useTasks } from "./use-tasks.ts";
import type { Task } from "./types.ts";
import "./tasks.css";

type View = "assigned" | "created" | "all";
const VIEWS: readonly View[] = ["assigned", "created", "all"];
type Filter = "view" | "group" | "thing" | "priority" | "status";

const VIEW_LABELS: Record<View, string> = {
  assigned: "Assigned to me",
  created: "Created by me",
  all: "All tasks",
};

export default function TasksPage() {
  const { signedIn } = useSession();
  if (!signedIn) return <GuestTasks />;
  return <SignedInTasks />;
}

function GuestTasks() {
  const b = useBranding();
  return (
    <section className="page tasks-page" aria-labelledby="tasks-title">
      <div className="tasks-head">
        <div>
          <h1 id="tasks-title">Tasks</h1>
          <p className="muted tasks-intro">What needs doing, by whom and by when.</p>
        </div>
      </div>
      <EmptyState
        title="Sign in to see your tasks"
        action={{ label: "Sign in", to: paths.signIn("/tasks") }}
        secondary={{ label: "Register", to: paths.register("/tasks") }}
      >
        <p>
          People who look after {term(b, "things")} plan care work together: watering rounds, litter picks, upkeep. Sign
          in to see what you have been asked to do.
        </p>
      </EmptyState>
    </section>
  );
}

function uniqueBy<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const item of items) if (!seen.has(key(item))) seen.set(key(item), item);
  return [...seen.values()];
}

function SignedInTasks() {
  const b = useBranding();
  const { session } = useSession();
  const me = session?.id ?? null;
  const viewTitleId = useId();
  const { tasks, loading, error, refetch, totalCount } = useTasks({});
  const offers = useCompletionOffers();
  const list = useListState<"due", Filter>("tasks", {
    defaults: {
      search: "",
      sort: "due",
      layout: "list",
      filters: { view: "", group: "", thing: "", priority: "", status: "" },
    },
    sorts: ["due"],
    filters: { view: VIEWS, priority: TASK_PRIORITIES, status: TASK_STATUSES },
  });
  const { filters } = list;

  const byView = useMemo(
    () => ({
      assigned: tasks.filter((t) => t.taskAssignmentsByTaskId.nodes.some((a) => a.assignedTo === me)),
      created: tasks.filter((t) => t.createdBy === me),
      all: tasks,
    }),
    [tasks, me],
  );
  const openCount = (items: Task[]) => items.filter((t) => t.status !== "COMPLETED").length;
  // Until the user picks a view: their own work when they have some, else everything. Decided
  // once per visit, so completing your last task does not switch the view under you.
  const [autoView, setAutoView] = useState<View | null>(null);
  const loaded = !loading && !error;
  const assignedOpen = openCount(byView.assigned);
  useEffect(() => {
    if (loaded && autoView === null) setAutoView(assignedOpen > 0 ? "assigned" : "all");
  }, [loaded, autoView, assignedOpen]);
  const view: View = (filters.view as View) || autoView || (assignedOpen > 0 ? "assigned" : "all");

  const groupOptions = useMemo(
    () =>
      uniqueBy(
        tasks.flatMap((t) => (t.thingByThingId?.groupByGroupId ? [t.thingByThingId.groupByGroupId] : [])),
        (g) => g.id,
      )
        .sort((a, c) => a.name.localeCompare(c.name))
        .map((g) => ({ value: g.id, label: g.name })),
    [tasks],
  );
  const thingOptions = useMemo(
    () =>
      uniqueBy(
        tasks.flatMap((t) =>
          t.thingByThingId && (!filters.group || t.thingByThingId.groupId === filters.group) ? [t.thingByThingId] : [],
        ),
        (t) => t.id,
      )
        .sort((a, c) => a.name.localeCompare(c.name))
        .map((t) => ({ value: t.id, label: t.name })),
    [tasks, filters.group],
  );

  const shown = byView[view].filter(
    (t) =>
      (!filters.group || t.thingByThingId?.groupId === filters.group) &&
      (!filters.thing || t.thingId === filters.thing) &&
      (!filters.priority || t.priority === filters.priority) &&
      (!filters.status || t.status === filters.status) &&
      matchesSearch(list.search, t.title, t.thingByThingId?.name, actionLabel(t.actionType)),
  );
  const narrowed =
    list.search.trim() !== "" || !!filters.group || !!filters.thing || !!filters.priority || !!filters.status;
  const clearFilters = () => {
    list.setSearch("");
    for (const name of ["group", "thing", "priority", "status"] as const) list.setFilter(name, "");
  };

  let content;
  if (error && tasks.length === 0) {
    content = <ListError message={errorText(error, "An error occurred")} onRetry={refetch} />;
  } else if (loading) {
    content = <ListSkeleton layout="list" count={4} label="Loading tasks…" />;
  } else if (tasks.length === 0) {
    content = (
      <EmptyState title="No tasks yet" action={{ label: "Create a task", to: "/tasks/new" }}>
        <p>
          Plan care work on a {term(b, "thing")} — a watering round, a litter pick, a bit of upkeep — and ask people to
          help. Tasks you create or are asked to do show here.
        </p>
      </EmptyState>
    );
  } else if (shown.length === 0 && narrowed) {
    content = (
      <EmptyState title="No tasks match" action={{ label: "Clear filters", onClick: clearFilters }}>
        <p>Try another search or fewer filters.</p>
      </EmptyState>
    );
  } else if (shown.length === 0 && view === "assigned") {
    content = (
      <EmptyState
        title="Nothing assigned to you"
        action={{ label: "Show all tasks", onClick: () => list.setFilter("view", "all") }}
      >
        <p>When someone asks you to do something, it shows here.</p>
      </EmptyState>
    );
  } else if (shown.length === 0) {
    content = (
      <EmptyState title="You have not created any tasks" action={{ label: "Create a task", to: "/tasks/new" }}>
        <p>Tasks you plan for others (or yourself) show here.</p>
      </EmptyState>
    );
  } else {
    content = (
      <TaskGroups
        tasks={shown}
        me={me}
        grouped={!filters.status}
        collapseCompleted={!narrowed}
        onCompleted={offers.add}
        headingLevel={3}
        label={VIEW_LABELS[view]}
      />
    );
  }

  return (
    <section className="page tasks-page" aria-labelledby="tasks-title">
      <div className="tasks-head">
        <div>
          <h1 id="tasks-title">Tasks</h1>
          <p className="muted tasks-intro">What needs doing, by whom and by when.</p>
        </div>
        <Link to="/tasks/new" className="button">
          <span aria-hidden="true">+</span> New task
        </Link>
      </div>

      {tasks.length > 0 ? (
        <>
          <div className="task-views" role="group" aria-label="Show">
            {VIEWS.map((value) => {
              const count = openCount(byView[value]);
              return (
                <button
                  key={value}
                  type="button"
                  className={`task-view${view === value ? " task-view-on" : ""}`}
                  aria-pressed={view === value}
                  onClick={() => list.setFilter("view", value)}
                >
                  {VIEW_LABELS[value]}
                  <span className="task-view-count" aria-hidden="true">
                    {count}
                  </span>
                  <span className="visually-hidden">, {count} open</span>
                </button>
              );
            })}
          </div>

          <ListToolbar label="Filter tasks">
            <SearchBox label="Search tasks" value={list.search} onChange={list.setSearch} />
            {groupOptions.length > 1 ? (
              <FilterSelect
                label={term(b, "group", true)}
                value={filters.group}
                onChange={(value) => {
                  list.setFilter("group", value);
                  list.setFilter("thing", "");
                }}
                options={groupOptions}
                allLabel={`All ${term(b, "groups")}`}
              />
            ) : null}
            <FilterSelect
              label={term(b, "thing", true)}
              value={filters.thing}
              onChange={(value) => list.setFilter("thing", value)}
              options={thingOptions}
              allLabel={`All ${term(b, "things")}`}
            />
            <FilterSelect
              label="Priority"
              value={filters.priority}
              onChange={(value) => list.setFilter("priority", value)}
              options={TASK_PRIORITIES.map((p) => ({ value: p, label: priorityLabel(p) })).reverse()}
              allLabel="Any priority"
            />
            <FilterSelect
              label="Status"
              value={filters.status}
              onChange={(value) => list.setFilter("status", value)}
              options={TASK_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
              allLabel="Any status"
            />
          </ListToolbar>
        </>
      ) : null}

      <section className="tasks-view" aria-labelledby={viewTitleId}>
        <h2 id={viewTitleId} className="visually-hidden">
          {VIEW_LABELS[view]}
        </h2>
        <CompletionOffers offers={offers.offers} onDismiss={offers.dismiss} />
        {content}
      </section>

      {!loading && tasks.length > 0 ? (
        <ResultCount shown={shown.length} total={byView[view].length} noun={["task", "tasks"]} narrowed={narrowed} />
      ) : null}
      {totalCount !== null && totalCount > TASK_PAGE ? (
        <p className="muted">
          Showing the first {TASK_PAGE} of {totalCount} tasks, most urgent first.
        </p>
      ) : null}
    </section>
  );
}
