// Frees the jobs of worker processes that died while running them (kill -9, a crash, a lost
// machine), so another worker runs them again within about a minute instead of four hours.
//
// Why: graphile-worker marks a job it takes with `locked_by` (the worker pool's id) and
// `locked_at`. A process that dies without stopping never unlocks its jobs, and graphile-worker
// 0.18 gives them back only once the lock is 4 hours old (a constant in its SQL). It offers
// `force_unlock_workers(ids)` for pools known dead, but no way to know which are.
//
// How: liveness is an open database session. Each worker process keeps one connection of its own
// whose application_name is `steward-worker:<pool id>`. PostgreSQL ends a session as soon as the
// process behind it dies (same machine: at once, the kernel closes the socket; another machine:
// when TCP keepalive gives up, shortened here to about a minute). A sweep, at start and then every
// `sweepIntervalMs`, unlocks the jobs whose pool has no such session, once their lock is older
// than `graceMs`: the grace covers a pool that has just taken its first job and not yet named its
// session, and a worker that is reconnecting after a database restart.
//
// Every worker must run this code: a worker without a liveness session (e.g. the graphile-worker
// CLI) looks dead once its jobs are older than the grace. docs/scaling.md has the caveats.
import type pg from "pg";
import type { Logger } from "graphile-worker";

export const LIVENESS_PREFIX = "steward-worker:";

export interface LivenessOptions {
  /** Opens the dedicated connection (not one from the jobs pool: it is held for the process's life). */
  connect: () => Promise<pg.Client>;
  logger: Logger;
  /** A lock must be at least this old before its job may be taken back. */
  graceMs: number;
  /** Time between sweeps; the first runs at start. */
  sweepIntervalMs: number;
}

export interface Liveness {
  /** Names this process's session after a worker pool (graphile-worker's `pool:create`). */
  announce(poolId: string): void;
  /** Unlocks the jobs of dead pools now; resolves to the pool ids freed. */
  sweep(): Promise<string[]>;
  /** Sweeps now and then every `sweepIntervalMs` (once graphile-worker's schema exists). */
  startSweeping(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The pools that hold locks, have held them longer than the grace, and have no session: their
 * jobs are unlocked (attempts keep counting, so a job that kills its worker every time still
 * runs out of attempts). One statement, so two sweeping workers cannot interleave.
 */
const SWEEP = `
with live as (
  select substr(application_name, length($1) + 1) as pool_id
    from pg_stat_activity
   where datname = current_database() and application_name like $1 || '%'
), dead as (
  select locked_by from graphile_worker._private_jobs
   where locked_by is not null and locked_at < now() - make_interval(secs => $2)
     and locked_by not in (select pool_id from live)
  union
  select locked_by from graphile_worker._private_job_queues
   where locked_by is not null and locked_at < now() - make_interval(secs => $2)
     and locked_by not in (select pool_id from live)
), freed as (
  select graphile_worker.force_unlock_workers(array(select locked_by from dead))
)
select array(select locked_by from dead) as ids from freed`;

export async function startLiveness(options: LivenessOptions): Promise<Liveness> {
  const { logger } = options;
  const poolIds: string[] = [];
  let client: pg.Client | null = null;
  let stopped = false;
  let reconnecting: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const applicationName = () => (poolIds.length ? `${LIVENESS_PREFIX}${poolIds[poolIds.length - 1]}` : "steward-worker");

  async function open(): Promise<pg.Client> {
    const c = await options.connect();
    c.on("error", (e) => {
      // The database restarted or the network dropped: come back as soon as it answers, so
      // other workers do not take this one for dead once the grace runs out.
      logger.warn(`worker liveness: connection lost (${e.message}); reconnecting`);
      if (client === c) client = null;
      void c.end().catch(() => {});
      reconnect();
    });
    // A process on another machine that dies without closing its socket: PostgreSQL notices in
    // about a minute (30 s idle, then 3 probes 10 s apart) rather than the system's 2 hours.
    // These settings do nothing on a Unix socket, where the kernel reports the death at once.
    await c.query(
      "select set_config('tcp_keepalives_idle', '30', false), set_config('tcp_keepalives_interval', '10', false), set_config('tcp_keepalives_count', '3', false), set_config('application_name', $1, false)",
      [applicationName()],
    );
    return c;
  }

  function reconnect() {
    if (stopped || reconnecting) return;
    reconnecting = (async () => {
      for (let attempt = 0; !stopped; attempt++) {
        try {
          client = await open();
          logger.info("worker liveness: reconnected");
          return;
        } catch {
          await new Promise((r) => setTimeout(r, Math.min(10_000, 250 * 2 ** attempt)));
        }
      }
    })().finally(() => {
      reconnecting = null;
    });
  }

  client = await open();

  const liveness: Liveness = {
    announce(poolId) {
      poolIds.push(poolId);
      // One session names one pool; startWorker makes one pool per process.
      client?.query("select set_config('application_name', $1, false)", [applicationName()]).catch((e) => {
        logger.warn(`worker liveness: could not name the session: ${e.message}`);
      });
    },
    async sweep() {
      const c = client;
      if (!c) return [];
      const { rows } = await c.query<{ ids: string[] }>(SWEEP, [LIVENESS_PREFIX, options.graceMs / 1000]);
      const ids = rows[0]?.ids ?? [];
      if (ids.length) logger.warn(`worker liveness: took back the jobs of dead worker pool(s) ${ids.join(", ")}`);
      return ids;
    },
    async startSweeping() {
      if (timer || stopped) return;
      timer = setInterval(() => {
        liveness.sweep().catch((e) => logger.warn(`worker liveness: sweep failed: ${e.message}`));
      }, options.sweepIntervalMs);
      timer.unref();
      await liveness.sweep().catch((e) => logger.warn(`worker liveness: sweep failed: ${e.message}`));
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await reconnecting?.catch(() => {});
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };

  return liveness;
}
