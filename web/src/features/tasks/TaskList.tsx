// Task lists for any screen: `TaskList` (a filter by thing, group, assignee or creator),
// `TasksForThing` (a thing page's block) and `AssignedToMe` (the home dashboard's block). Each
// loads its own tasks, shows a skeleton while loading, the server's message on failure, an empty
// state that says what to do, and the "record this action" offer after a care task is completed.
import { useId, type ReactNode } from "react";
import { Link } from "react-router";
import { EmptyState, ItemList, ListError, ListSkeleton, type ListLayout } from "../../components/list/index.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { CompletionOffers, useCompletionOffers } from "./CompletionOffer.tsx";
import { errorText } from "./errors.ts";
import { TaskItem } from "./TaskItem.tsx";
import { statusLabel, type TaskStatus } from "./task-meta.ts";
import { useTasks } from "./use-tasks.ts";
import type { Task, TaskFilter } from "./types.ts";
import styles from "./tasks.module.css";
import { tasksTexts } from "./texts.ts";

/** Status groups in the order they show: work under way first. */
const GROUP_ORDER: readonly TaskStatus[] = ["IN_PROGRESS", "NOT_STARTED", "COMPLETED"];

/** A link to the new-task form, with the thing (and where to come back to) filled in. */
export function newTaskPath({ thingId, groupId, next }: { thingId?: string; groupId?: string; next?: string } = {}): string {
  const params = new URLSearchParams();
  if (thingId) params.set("thingId", thingId);
  if (groupId) params.set("groupId", groupId);
  if (next) params.set("next", next);
  const query = params.toString();
  return query ? `/tasks/new?${query}` : "/tasks/new";
}

export interface TaskRowsProps {
  tasks: readonly Task[];
  me: string | null;
  showThing?: boolean;
  onCompleted?(task: Task): void;
  label?: string;
  /** Rows in one panel (default), or tiles: a grid of task cards (the shared list layouts). */
  layout?: ListLayout;
}

export function TaskRows({ tasks, me, showThing = true, onCompleted, label, layout = "list" }: TaskRowsProps) {
  return (
    <ItemList layout={layout} label={label} className={`${styles.list} task-list`}>
      {tasks.map((task) => (
        <TaskItem key={task.id} task={task} me={me} showThing={showThing} onCompleted={onCompleted} />
      ))}
    </ItemList>
  );
}

export interface TaskGroupsProps extends TaskRowsProps {
  /** Group by status (In progress, To do, Completed); otherwise one list. */
  grouped?: boolean;
  /** Keep the completed group folded until opened (default true). */
  collapseCompleted?: boolean;
  /** Heading level of the group titles (default 3). */
  headingLevel?: 2 | 3 | 4;
}

/** Tasks (already in list order) grouped by status. */
export function TaskGroups({ tasks, grouped = true, collapseCompleted = true, headingLevel = 3, label, ...rows }: TaskGroupsProps) {
  const t = useT(tasksTexts);
  const baseId = useId();
  if (!grouped) return <TaskRows tasks={tasks} label={label} {...rows} />;
  const Heading = `h${headingLevel}` as "h3";
  return (
    <div className={styles.groups}>
      {GROUP_ORDER.map((status) => {
        const members = tasks.filter((task) => task.status === status);
        if (members.length === 0) return null;
        const headingId = `${baseId}-${status}`;
        const title = t(`tasks.group.${status}`);
        if (status === "COMPLETED" && collapseCompleted) {
          return (
            <details key={status} className={styles.groupCompleted}>
              <summary>
                <Heading id={headingId} className={styles.groupTitle}>
                  {title} <span className={styles.count}>{members.length}</span>
                </Heading>
              </summary>
              <TaskRows tasks={members} label={title} {...rows} />
            </details>
          );
        }
        return (
          <section key={status} aria-labelledby={headingId}>
            <Heading id={headingId} className={styles.groupTitle}>
              {title} <span className={styles.count}>{members.length}</span>
            </Heading>
            <TaskRows tasks={members} label={statusLabel(status, t)} {...rows} />
          </section>
        );
      })}
    </div>
  );
}

export interface TaskListProps {
  /** Which tasks: by thing, group (its things), assignee, creator and/or status. */
  filter?: TaskFilter;
  /** Show each task's thing (turn off on a thing's page). Default true. */
  showThing?: boolean;
  /** Group by status. Default true. */
  grouped?: boolean;
  /** Show at most this many (open first); a "See all tasks" link follows when there are more. */
  limit?: number;
  /** Empty state: title (default "No tasks yet"), text and where "Create a task" goes (null: no button). */
  emptyTitle?: string;
  emptyText?: ReactNode;
  createPath?: string | null;
  /** Accessible name of the list (default "Tasks"). */
  label?: string;
  /** Heading level of the status groups (default 3). */
  headingLevel?: 2 | 3 | 4;
}

/**
 * Tasks matching a filter, in list order (overdue first, then due date, then priority):
 *
 *   <TaskList filter={{ groupId: group.id }} createPath={newTaskPath({ groupId: group.id })} />
 *   <TaskList filter={{ assignedTo: user.id }} emptyText="Nothing assigned to them." />
 *
 * Guests get a sign-in prompt (tasks are for signed-in users).
 */
export function TaskList({
  filter = {},
  showThing = true,
  grouped = true,
  limit,
  emptyTitle,
  emptyText,
  createPath = "/tasks/new",
  label,
  headingLevel = 3,
}: TaskListProps) {
  const t = useT(tasksTexts);
  const { session, signedIn } = useSession();
  const me = signedIn ? (session?.id ?? null) : null;
  const { tasks, loading, error, refetch } = useTasks(filter);
  const offers = useCompletionOffers();

  if (!signedIn) {
    return (
      <EmptyState title={t("tasks.list.signInTitle")} action={{ label: t("tasks.signIn"), to: paths.signIn(currentPath()) }}>
        <p>{t("tasks.list.signInText")}</p>
      </EmptyState>
    );
  }
  if (error && tasks.length === 0) return <ListError message={errorText(error, t("common.anErrorOccurred"))} onRetry={refetch} />;
  if (loading) return <ListSkeleton layout="list" count={3} label={t("tasks.loading")} />;

  const shown = limit !== undefined ? tasks.slice(0, limit) : tasks;
  return (
    <div>
      <CompletionOffers offers={offers.offers} onDismiss={offers.dismiss} />
      {tasks.length === 0 ? (
        <EmptyState title={emptyTitle ?? t("tasks.noneYet")} action={createPath ? { label: t("tasks.createATask"), to: createPath } : null}>
          <p>{emptyText || t("tasks.list.emptyText")}</p>
        </EmptyState>
      ) : (
        <>
          <TaskGroups
            tasks={shown}
            me={me}
            showThing={showThing}
            grouped={grouped}
            onCompleted={offers.add}
            headingLevel={headingLevel}
            label={label ?? t("tasks.list.label")}
          />
          {shown.length < tasks.length ? (
            <p className={styles.more}>
              <Link to="/tasks">{t("tasks.list.seeAll", { count: tasks.length })}</Link>
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}

function currentPath(): string {
  return typeof window === "undefined" ? "/tasks" : window.location.pathname + window.location.search;
}

/**
 * A thing page's tasks: open and completed tasks on the thing, and a "New task" link that comes
 * back here. `<TasksForThing thingId={thing.id} thingName={thing.name} />`
 */
export function TasksForThing({
  thingId,
  thingName,
  canPlan = true,
  headingLevel = 2,
}: {
  thingId: string;
  thingName?: string;
  /** Whether the user may plan on the thing (owners, collaborators, group members, admins). */
  canPlan?: boolean;
  /** Level of the block's heading (default 2; the status groups sit one below). */
  headingLevel?: 2 | 3;
}) {
  const b = useBranding();
  const t = useT(tasksTexts);
  const brand = { brand: b.key };
  const { signedIn } = useSession();
  const headingId = useId();
  const Heading = `h${headingLevel}` as "h2";
  const back = paths.thing(thingId);
  const create = signedIn && canPlan ? newTaskPath({ thingId, next: back }) : null;
  return (
    <section className={`${styles.block} tasks-block`} aria-labelledby={headingId}>
      <div className={`${styles.blockHead} tasks-block-head`}>
        <Heading id={headingId}>{t("tasks.title")}</Heading>
        {create ? (
          <Link to={create} className="button button-secondary">
            {t("tasks.newTask")}
          </Link>
        ) : null}
      </div>
      <TaskList
        filter={{ thingId }}
        showThing={false}
        createPath={create}
        emptyTitle={t("tasks.noneYet")}
        emptyText={
          canPlan
            ? thingName
              ? t("tasks.forThing.planNamed", { name: thingName })
              : t("tasks.forThing.planThis", brand)
            : thingName
              ? t("tasks.forThing.askedNamed", { name: thingName })
              : t("tasks.forThing.askedThis", brand)
        }
        label={thingName ? t("tasks.forThing.labelNamed", { name: thingName }) : t("tasks.forThing.label", brand)}
        headingLevel={(headingLevel + 1) as 3 | 4}
      />
    </section>
  );
}

/**
 * The home dashboard's block: open tasks assigned to the signed-in user, most urgent first.
 * Renders nothing for guests. `<AssignedToMe limit={5} />`
 */
export function AssignedToMe({ limit = 5, headingLevel = 2 }: { limit?: number; headingLevel?: 2 | 3 }) {
  const t = useT(tasksTexts);
  const { session, signedIn } = useSession();
  const headingId = useId();
  if (!signedIn || !session) return null;
  const Heading = `h${headingLevel}` as "h2";
  return (
    <section className={`${styles.block} tasks-block`} aria-labelledby={headingId}>
      <div className={`${styles.blockHead} tasks-block-head`}>
        <Heading id={headingId}>{t("tasks.mine.title")}</Heading>
        <Link to="/tasks">{t("tasks.mine.all")}</Link>
      </div>
      <TaskList
        filter={{ assignedTo: session.id, status: "open" }}
        grouped={false}
        limit={limit}
        emptyTitle={t("tasks.mine.emptyTitle")}
        emptyText={t("tasks.mine.emptyText")}
        createPath={null}
        label={t("tasks.mine.label")}
      />
    </section>
  );
}
