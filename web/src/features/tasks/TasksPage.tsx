// /tasks: the tasks dashboard. Three views — assigned to me, created by me, all the tasks you
// can see — each grouped by status, sorted by urgency (overdue first, then due date and
// priority), priority, newest or title, as rows or tiles, a page at a time. The view, filters by
// group, thing, priority and status, the search, sort and layout are remembered per browser.
// A task opens in place to edit it, manage who does it or delete it.
import { useEffect, useId, useMemo, useState } from "react";
import { Link } from "react-router";
import {
  EmptyState,
  FilterSelect,
  LayoutToggle,
  ListContent,
  ListFooter,
  ListToolbar,
  SearchBox,
  SortSelect,
  compareText,
  matchesSearch,
  useClientPaging,
  useListState,
  listClasses,
} from "../../components/list/index.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { CompletionOffers, useCompletionOffers } from "./CompletionOffer.tsx";
import { errorText } from "./errors.ts";
import { TaskGroups } from "./TaskList.tsx";
import { TASK_PRIORITIES, TASK_STATUSES, actionLabel, priorityLabel, statusLabel } from "./task-meta.ts";
import { TASK_PAGE, useTasks } from "./use-tasks.ts";
import type { Task } from "./types.ts";
import styles from "./tasks.module.css";
import { tasksTexts } from "./texts.ts";

type View = "assigned" | "created" | "all";
const VIEWS: readonly View[] = ["assigned", "created", "all"];
type Filter = "view" | "group" | "thing" | "priority" | "status";

export const TASK_SORTS = ["due", "priority", "newest", "title"] as const;
export type TaskSort = (typeof TASK_SORTS)[number];
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

export default function TasksPage() {
  const { signedIn } = useSession();
  if (!signedIn) return <GuestTasks />;
  return <SignedInTasks />;
}

function GuestTasks() {
  const b = useBranding();
  const t = useT(tasksTexts);
  return (
    <section className={`page ${styles.page}`} aria-labelledby="tasks-title">
      <div className={styles.head}>
        <div>
          <h1 id="tasks-title">{t("tasks.title")}</h1>
          <p className={`muted ${styles.intro}`}>{t("tasks.intro")}</p>
        </div>
      </div>
      <EmptyState
        title={t("tasks.signInToSeeYours")}
        action={{ label: t("tasks.signIn"), to: paths.signIn("/tasks") }}
        secondary={{ label: t("tasks.register"), to: paths.register("/tasks") }}
      >
        <p>{t("tasks.guestText", { brand: b.key })}</p>
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
  const t = useT(tasksTexts);
  const brand = { brand: b.key };
  const viewLabel = (value: View) => t(`tasks.view.${value}`);
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
      assigned: tasks.filter((task) => task.taskAssignmentsByTaskId.nodes.some((a) => a.assignedTo === me)),
      created: tasks.filter((task) => task.createdBy === me),
      all: tasks,
    }),
    [tasks, me],
  );
  const openCount = (items: Task[]) => items.filter((task) => task.status !== "COMPLETED").length;
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
        tasks.flatMap((task) => (task.thingByThingId?.groupByGroupId ? [task.thingByThingId.groupByGroupId] : [])),
        (g) => g.id,
      )
        .sort((a, c) => a.name.localeCompare(c.name))
        .map((g) => ({ value: g.id, label: g.name })),
    [tasks],
  );
  const thingOptions = useMemo(
    () =>
      uniqueBy(
        tasks.flatMap((task) =>
          task.thingByThingId && (!filters.group || task.thingByThingId.groupId === filters.group) ? [task.thingByThingId] : [],
        ),
        (thing) => thing.id,
      )
        .sort((a, c) => a.name.localeCompare(c.name))
        .map((thing) => ({ value: thing.id, label: thing.name })),
    [tasks, filters.group],
  );

  const matches = (task: Task) =>
    (!filters.group || task.thingByThingId?.groupId === filters.group) &&
    (!filters.thing || task.thingId === filters.thing) &&
    (!filters.priority || task.priority === filters.priority) &&
    (!filters.status || task.status === filters.status) &&
    matchesSearch(list.search, task.title, task.description, task.thingByThingId?.name, actionLabel(task.actionType, t));
  const shown = sortTaskList(byView[view].filter(matches), list.sort);
  // A chip's number is what that view lists with the search and filters as they are now (it
  // used to count open tasks of the whole view, so it disagreed with the list under it).
  const viewCount = (value: View) => byView[value].filter(matches).length;
  const page = useClientPaging(shown, {
    pageSize: TASKS_PER_PAGE,
    resetKey: JSON.stringify([view, list.search, list.sort, filters]),
  });
  const narrowed = list.search.trim() !== "" || !!filters.group || !!filters.thing || !!filters.priority || !!filters.status;
  const clearFilters = () => {
    list.setSearch("");
    for (const name of ["group", "thing", "priority", "status"] as const) list.setFilter(name, "");
  };

  const content = (
    <ListContent
      layout={list.layout}
      load={{ loading, error, refetch, nodes: tasks }}
      errorMessage={(failure) => errorText(failure, t("common.anErrorOccurred"))}
      loadingLabel={t("tasks.loading")}
      skeletonCount={4}
      empty={
        tasks.length === 0 ? (
          <EmptyState title={t("tasks.noneYet")} action={{ label: t("tasks.createATask"), to: "/tasks/new" }}>
            <p>{t("tasks.noneYetText", brand)}</p>
          </EmptyState>
        ) : shown.length > 0 ? null : narrowed ? (
          <EmptyState title={t("tasks.noneMatch")} action={{ label: t("tasks.clearFilters"), onClick: clearFilters }}>
            <p>{t("tasks.noneMatchText")}</p>
          </EmptyState>
        ) : view === "assigned" ? (
          <EmptyState
            title={t("tasks.nothingAssigned")}
            action={{ label: t("tasks.showAll"), onClick: () => list.setFilter("view", "all") }}
          >
            <p>{t("tasks.nothingAssignedText")}</p>
          </EmptyState>
        ) : (
          <EmptyState title={t("tasks.noneCreated")} action={{ label: t("tasks.createATask"), to: "/tasks/new" }}>
            <p>{t("tasks.noneCreatedText")}</p>
          </EmptyState>
        )
      }
    >
      <TaskGroups
        tasks={page.visible}
        me={me}
        layout={list.layout}
        grouped={!filters.status}
        collapseCompleted={!narrowed}
        onCompleted={offers.add}
        headingLevel={3}
        label={viewLabel(view)}
      />
    </ListContent>
  );

  return (
    <section className={`page ${styles.page}`} aria-labelledby="tasks-title">
      <div className={styles.head}>
        <div>
          <h1 id="tasks-title">{t("tasks.title")}</h1>
          <p className={`muted ${styles.intro}`}>{t("tasks.intro")}</p>
        </div>
        <Link to="/tasks/new" className="button">
          <span aria-hidden="true">+</span> {t("tasks.newTask")}
        </Link>
      </div>

      {tasks.length > 0 ? (
        <>
          <div className={styles.views} role="group" aria-label={t("tasks.views")}>
            {VIEWS.map((value) => {
              const count = viewCount(value);
              return (
                <button
                  key={value}
                  type="button"
                  className={view === value ? `${styles.view} ${styles.viewOn}` : styles.view}
                  aria-pressed={view === value}
                  onClick={() => list.setFilter("view", value)}
                >
                  {viewLabel(value)}
                  <span className={styles.viewCount} aria-hidden="true">
                    {count}
                  </span>
                  <span className="visually-hidden">{t("tasks.viewCount", { count })}</span>
                </button>
              );
            })}
          </div>

          <ListToolbar label={t("tasks.listOptions")}>
            <SearchBox label={t("tasks.search")} value={list.search} onChange={list.setSearch} />
            <SortSelect<TaskSort>
              value={list.sort}
              onChange={list.setSort}
              options={TASK_SORTS.map((value) => ({ value, label: t(`tasks.sort.${value}`) }))}
            />
            {groupOptions.length > 1 ? (
              <FilterSelect
                label={t("tasks.filter.group", brand)}
                value={filters.group}
                onChange={(value) => {
                  list.setFilter("group", value);
                  list.setFilter("thing", "");
                }}
                options={groupOptions}
                allLabel={t("tasks.filter.allGroups", brand)}
              />
            ) : null}
            <FilterSelect
              label={t("tasks.filter.thing", brand)}
              value={filters.thing}
              onChange={(value) => list.setFilter("thing", value)}
              options={thingOptions}
              allLabel={t("tasks.filter.allThings", brand)}
            />
            <FilterSelect
              label={t("tasks.filter.priority")}
              value={filters.priority}
              onChange={(value) => list.setFilter("priority", value)}
              options={TASK_PRIORITIES.map((p) => ({ value: p, label: priorityLabel(p, t) })).reverse()}
              allLabel={t("tasks.filter.anyPriority")}
            />
            <FilterSelect
              label={t("tasks.filter.status")}
              value={filters.status}
              onChange={(value) => list.setFilter("status", value)}
              options={TASK_STATUSES.map((s) => ({ value: s, label: statusLabel(s, t) }))}
              allLabel={t("tasks.filter.anyStatus")}
            />
            <LayoutToggle value={list.layout} onChange={list.setLayout} />
          </ListToolbar>
        </>
      ) : null}

      <section aria-labelledby={viewTitleId}>
        <h2 id={viewTitleId} className="visually-hidden">
          {viewLabel(view)}
        </h2>
        <CompletionOffers offers={offers.offers} onDismiss={offers.dismiss} />
        {content}
      </section>

      {!loading && tasks.length > 0 ? (
        <ListFooter
          className={`${listClasses.footer} tasks-footer`}
          count={{
            shown: shown.length,
            total: narrowed ? null : byView[view].length,
            noun: [t("tasks.noun.one"), t("tasks.noun.other")],
            narrowed,
          }}
          more={page}
          moreLabel={t("tasks.showMore")}
        />
      ) : null}
      {totalCount !== null && totalCount > TASK_PAGE ? (
        <p className="muted">{t("tasks.firstPage", { shown: TASK_PAGE, total: totalCount })}</p>
      ) : null}
    </section>
  );
}
