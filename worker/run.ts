// Starts the graphile-worker runner in this process: scripts/start.ts calls it next to the server,
// worker/main.ts (`npm run worker`) on its own.
//
//   const worker = await startWorker({ databaseUrl });
//   ...
//   await worker.stop();   // finishes running jobs, releases the pool and the mail transport
//
// Tasks: every worker/tasks/<identifier>.ts exporting a default Task. Crontab: worker/crontab.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { EventEmitter } from "node:events";
import pg, { type Pool } from "pg";
import { workerLogger } from "./logger.ts";
import { type Logger, parseCrontab, run, type Runner, type Task, type TaskList, type WorkerEvents } from "graphile-worker";
import { parseConcurrency, readWorkerConfig, withNoticeKeys, type WorkerConfig } from "./config.ts";
import { runInWorkerContext, type WorkerContext } from "./context.ts";
import { createMailer, type MailLog, type Mailer } from "./providers/mailer.ts";
import { startLiveness, type Liveness } from "./liveness.ts";

const WORKER_DIR = path.dirname(fileURLToPath(import.meta.url));
export const TASKS_DIR = path.join(WORKER_DIR, "tasks");
export const CRONTAB_FILE = path.join(WORKER_DIR, "crontab");

export interface StartWorkerOptions {
  /** Defaults to DATABASE_URL from `env`. Ignored when pgPool is given. */
  databaseUrl?: string;
  /** Use this pool instead of opening one (e.g. the server's); it is not closed by stop(). */
  pgPool?: Pool;
  /** Jobs at once; defaults to WORKER_CONCURRENCY (4). */
  concurrency?: number;
  /** Milliseconds between polls for jobs scheduled in the future (retries); new jobs arrive by LISTEN. Default 2000. */
  pollInterval?: number;
  /** Where settings are read from (see config.ts); defaults to process.env. */
  env?: NodeJS.ProcessEnv;
  /** Use this mailer instead of the one configured from the environment; it is not closed by stop(). */
  mailer?: Mailer;
  /** Where the mailer writes its lines (the outbox's subject/recipient/links); defaults to the logger. */
  mailLog?: MailLog;
  /** graphile-worker logger; defaults to one writing through domain/logger.ts (worker/logger.ts). */
  logger?: Logger;
  /** Crontab text instead of worker/crontab. */
  crontab?: string;
  /** Task directory instead of worker/tasks. */
  tasksDir?: string;
  /** Book the first hourly checks run at start (default true; off for a jobs-only database). */
  scheduleChecks?: boolean;
}

export interface WorkerHandle {
  readonly runner: Runner;
  readonly config: WorkerConfig;
  readonly mailer: Mailer;
  readonly taskNames: readonly string[];
  /** Queue a job from JavaScript (SQL functions use graphile_worker.add_job). */
  addJob: Runner["addJob"];
  /** Settles when the runner stops; rejects if it dies. */
  readonly promise: Promise<void>;
  /** Takes back the jobs of dead worker processes (worker/liveness.ts); sweeps on its own. */
  readonly liveness: Liveness;
  /** Graceful: waits for running jobs, then closes what startWorker opened. Safe to call twice. */
  stop(): Promise<void>;
}

const TASK_FILE = /^([A-Za-z_][A-Za-z0-9_]*)\.(ts|mts|js|mjs)$/;

/** Imports every task file of a directory: identifier = file name, handler = default export. */
export async function loadTaskList(dir: string = TASKS_DIR): Promise<TaskList> {
  const entries = (await readdir(dir, { withFileTypes: true }))
    .filter((e) => e.isFile() && !e.name.endsWith(".d.ts") && !e.name.includes(".test."))
    .map((e) => e.name)
    .sort();
  const tasks: TaskList = {};
  for (const file of entries) {
    const match = TASK_FILE.exec(file);
    if (!match) continue;
    const identifier = match[1];
    if (tasks[identifier]) throw new Error(`Task "${identifier}" is defined twice in ${dir}`);
    const mod = await import(pathToFileURL(path.join(dir, file)).href);
    if (typeof mod.default !== "function") {
      throw new Error(`Task file ${path.join(dir, file)} must export a default function (a graphile-worker Task)`);
    }
    tasks[identifier] = mod.default as Task;
  }
  return tasks;
}

export async function readCrontab(file: string = CRONTAB_FILE): Promise<string> {
  try {
    return await readFile(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException | null)?.code === "ENOENT") return "";
    throw e;
  }
}

/** Parses the crontab (throws on syntax errors) and checks that each line names a known task. */
export function checkCrontab(crontab: string, taskNames: readonly string[]): void {
  const items = parseCrontab(crontab);
  for (const item of items) {
    if (!taskNames.includes(item.task)) {
      throw new Error(`crontab names task "${item.task}", which has no file in worker/tasks (known: ${taskNames.join(", ")})`);
    }
  }
}

export async function startWorker(options: StartWorkerOptions = {}): Promise<WorkerHandle> {
  const config = withNoticeKeys(readWorkerConfig(options.env ?? process.env), options.env ?? process.env);
  const concurrency = options.concurrency !== undefined ? parseConcurrency(options.concurrency) : config.concurrency;
  const databaseUrl = options.databaseUrl ?? config.databaseUrl;
  if (!options.pgPool && !databaseUrl) {
    throw new Error("startWorker: no database: pass databaseUrl (or pgPool) or set DATABASE_URL");
  }

  const loaded = await loadTaskList(options.tasksDir ?? TASKS_DIR);
  const taskNames = Object.keys(loaded);
  const crontab = options.crontab ?? (await readCrontab());
  checkCrontab(crontab, taskNames);

  const ownMailer = !options.mailer;
  const mailer =
    options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir, log: options.mailLog });
  const ctx: WorkerContext = { config: { ...config, concurrency, databaseUrl }, mailer };

  const taskList: TaskList = {};
  for (const [name, task] of Object.entries(loaded)) {
    if (!task) continue;
    taskList[name] = (payload, helpers) => runInWorkerContext(ctx, () => task(payload, helpers));
  }

  const logger = options.logger ?? workerLogger();
  // The jobs' pool, unless the caller gave one: its statements end after WORKER_STATEMENT_TIMEOUT_MS
  // (statement_timeout, sent when connecting), so a runaway query cannot hold a job's connection.
  const ownPool = options.pgPool
    ? undefined
    : new pg.Pool({ connectionString: databaseUrl, max: Math.max(10, concurrency + 2), statement_timeout: config.statementTimeoutMs });
  const ownConnections = new Set<pg.PoolClient>();
  if (ownPool) {
    // graphile-worker listens for errors only while it runs; a connection lost during shutdown
    // (or with the database restarting) is logged, never an unhandled 'error' event.
    ownPool.on("error", () => {}); // idle ones: the connection's own listener below has logged it
    ownPool.on("connect", (client) => {
      ownConnections.add(client);
      client.once("end", () => ownConnections.delete(client));
      client.on("error", (e) => {
        if (!ownPool.ending) logger.error(`worker pool: connection lost: ${e.message}`);
      });
    });
  }
  /** Ends our pool and waits until its connections have really closed (pg-pool's end() does not). */
  const endOwnPool = async () => {
    if (!ownPool) return;
    const open = [...ownConnections];
    await ownPool.end();
    await Promise.all(
      open.map((c) => new Promise<void>((resolve) => (ownConnections.has(c) ? c.once("end", () => resolve()) : resolve()))),
    );
  };
  const pgPool = options.pgPool ?? ownPool!;
  let runner: Runner;
  let liveness: Liveness | undefined;
  try {
    // The liveness session exists before the pool takes any job, and is named after the pool
    // when graphile-worker creates it (synchronously, inside run()).
    liveness = await startLiveness({
      // Its own connection, outside the jobs pool: it is held for the life of the process
      // (no statement timeout: it holds a session and runs no jobs).
      connect: async () => {
        const settings = { ...pgPool.options, statement_timeout: undefined };
        const client = new pg.Client({ ...settings, keepAlive: true });
        await client.connect();
        return client;
      },
      logger,
      graceMs: config.locks.graceMs,
      sweepIntervalMs: config.locks.sweepIntervalMs,
    });
    const events: WorkerEvents = new EventEmitter();
    events.on("pool:create", ({ workerPool }) => liveness!.announce(workerPool.id));
    // Only defined values: graphile-worker copies keys into its preset, where `undefined` would
    // replace a default (e.g. the poll interval).
    runner = await run({
      pgPool,
      concurrency,
      ...(options.pollInterval !== undefined ? { pollInterval: options.pollInterval } : {}),
      logger,
      events,
      noHandleSignals: true,
      taskList,
      crontab,
    });
    // Jobs a previous run of this worker (or a dead peer) left locked go back to the queue now.
    await liveness.startSweeping();
  } catch (e) {
    await liveness?.stop().catch(() => {});
    if (ownMailer) await mailer.close().catch(() => {});
    await endOwnPool().catch(() => {});
    throw e;
  }

  // The hourly checks book their own next run; this books the first (see tasks/hourly_checks.ts).
  if (options.scheduleChecks !== false && taskNames.includes("hourly_checks")) {
    await runner.addJob(
      "hourly_checks",
      {},
      {
        jobKey: "hourly_checks",
        jobKeyMode: "replace",
        runAt: new Date(Date.now() + config.checks.initialDelayMs),
      },
    );
  }

  // NOTICES_PER_DAY lives in the database, which enforces it (app_hidden.notify_user); a jobs-only
  // database (some tests) has no such table.
  await pgPool
    .query(
      `do $$ begin
       if to_regclass('app_private.notice_limits') is not null then
         update app_private.notice_limits set per_day = ${Number(config.noticesPerDay)} where per_day <> ${Number(config.noticesPerDay)};
       end if;
     end $$`,
    )
    .catch((e: unknown) => logger.error(`worker: could not record NOTICES_PER_DAY: ${(e as Error).message}`));

  let stopping: Promise<void> | undefined;
  const promise = runner.promise;
  promise.catch(() => {}); // the caller decides whether to watch it; never an unhandled rejection here
  const livenessHandle = liveness;
  return {
    runner,
    config: ctx.config,
    mailer,
    taskNames,
    addJob: runner.addJob,
    promise,
    liveness: livenessHandle,
    stop() {
      stopping ??= (async () => {
        try {
          await runner.stop().catch((e: unknown) => {
            // It may have stopped on its own already (its promise then tells why).
            if (!(e instanceof Error && /already stopped/.test(e.message))) throw e;
          });
        } finally {
          // After the runner: its jobs are finished or handed back, so nothing of ours is locked.
          await livenessHandle.stop();
          if (ownMailer) await mailer.close();
          await endOwnPool();
        }
      })();
      return stopping;
    },
  };
}
