// /tasks: the tasks dashboard. Three views — assigned to me, created by me, all the tasks you
// can see — each grouped by status, sorted by urgency (overdue first, then due date and
// priority), priority, newest or title, as rows or tiles, a page at a time. The view, filters by
// group, thing, priority and status, the search, sort and layout are remembered per browser.
// A task opens in place to edit it, manage who does it or delete it.
import { useEffect, useId, useMemo, useState } from "react";
import { Link } from "react-router";
import { term } from "../../../../shared/branding.ts";
import {
  EmptyState,
  FilterSelect,
  LayoutToggle,
  ListError,
  ListSkeleton,
  ListToolbar,
  LoadMore,
  ResultCount,
  SearchBox,
  SortSelect,
  compareText,
  matchesSearch,
  useClientPaging,
  useListState,
} from "../../components/list/index.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
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

export const TASK_SORTS = ["due", "priority", "newest", "title"] as const;
export type TaskSort = (typeof TASK_SORTS)[number];
const SORT_OPTIONS: { value: TaskSort; label: string }[] = [
  { value: "due", label: "Most urgent" },
  { value: "priority", label: "Priority" },
  { value: "newest", label: "Newest" },
  { value: "title", label: "Title" },
];
/** Tasks shown per page; "Show more" adds as many again. */
export const TASKS_PER_PAGE = 30;

/** Tasks in urgency order (as useTasks gives them) re-sorted for the chosen sort; ties keep urgency. */
export function sortTaskList(tasks: readonly Task[], sort: TaskSort): Task[] {
  const rank = (p: string) => TASK_PRIORITIES.indexOf(p as (typeof TASK_PRIORITIES)[number]);
  const list = [...tasks];
  if (sort === "priority") return list.sort((a, b) => rank(b.priority) - rank(a.priority));
  if (sort === "newest") return list.sort((a, b) => (b.createdAt ?? "").localeCompare(a.createdAt ?? ""));
  if (sort === "title") return list.sort((a, b) => compareText(a.title, b.title));
  return list;
}

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
  const list = useListState<TaskSort, Filter>("tasks", {
    defaults: {
      search: "",
      sort: "due",
      layout: "list",
      filters: { view: "", group: "", thing: "", priority: "", status: "" },
    },
    sorts: TASK_SORTS,
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

  const matches = (t: Task) =>
    (!filters.group || t.thingByThingId?.groupId === filters.group) &&
    (!filters.thing || t.thingId === filters.thing) &&
    (!filters.priority || t.priority === filters.priority) &&
    (!filters.status || t.status === filters.status) &&
    matchesSearch(list.search, t.title, t.description, t.thingByThingId?.name, actionLabel(t.actionType));
  const shown = sortTaskList(byView[view].filter(matches), list.sort);
  // A chip's number is what that view lists with the search and filters as they are now (it
  // used to count open tasks of the whole view, so it disagreed with the list under it).
  const viewCount = (value: View) => byView[value].filter(matches).length;
  const page = useClientPaging(shown, {
    pageSize: TASKS_PER_PAGE,
    resetKey: JSON.stringify([view, list.search, list.sort, filters]),
  });
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
    content = <ListSkeleton layout={list.layout} count={4} label="Loading tasks…" />;
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
        tasks={page.visible}
        me={me}
        layout={list.layout}
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
              const count = viewCount(value);
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
                  <span className="visually-hidden">
                    , {count} {count === 1 ? "task" : "tasks"}
                  </span>
                </button>
              );
            })}
          </div>

          <ListToolbar label="Task list options">
            <SearchBox label="Search tasks" value={list.search} onChange={list.setSearch} />
            <SortSelect<TaskSort> value={list.sort} onChange={list.setSort} options={SORT_OPTIONS} />
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
            <LayoutToggle value={list.layout} onChange={list.setLayout} />
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
        <div className="list-footer tasks-footer">
          <ResultCount shown={shown.length} total={narrowed ? null : byView[view].length} noun={["task", "tasks"]} narrowed={narrowed} />
          <LoadMore hasMore={page.hasMore} onLoadMore={page.showMore} shown={page.shown} total={page.total} label="Show more tasks" />
        </div>
      ) : null}
      {totalCount !== null && totalCount > TASK_PAGE ? (
        <p className="muted">
          Showing the first {TASK_PAGE} of {totalCount} tasks, most urgent first.
        </p>
      ) : null}
    </section>
  );
}
