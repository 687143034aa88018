// Worker killed mid-job (issue 13, Faults): a worker process (worker/main.ts) is caught in the
// middle of a send_email job by an SMTP server that holds the message, and killed with SIGKILL.
// graphile-worker alone would leave the job locked for 4 hours; worker/liveness.ts sees that the
// dead process's database session is gone and hands the job back, the next worker sends it, and
// the message is delivered once. A live worker's job is never taken away, however long it runs.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { createJobsDatabase, waitFor } from "../../../worker/test/helpers.ts";
import { startNode, workerEnv, type Child } from "./processes.ts";
import { startControlledSmtp, type ControlledSmtp } from "./smtp.ts";

let db: { url: string; drop(): Promise<void> };
let pool: pg.Pool;
let smtp: ControlledSmtp;
const children: Child[] = [];

beforeAll(async () => {
  // A database of its own: a worker on the shared test database would take other files' jobs.
  db = await createJobsDatabase();
  pool = new pg.Pool({ connectionString: db.url, max: 2 });
  smtp = await startControlledSmtp();
});

afterEach(async () => {
  await Promise.all(children.splice(0).map((c) => c.kill9()));
});

afterAll(async () => {
  await pool?.end();
  await smtp?.close();
  await db?.drop();
});

async function startWorkerProcess(env: Record<string, string> = {}): Promise<Child> {
  const child = startNode("worker/main.ts", workerEnv(db.url, { SMTP_URL: smtp.url, WORKER_CONCURRENCY: "2", ...env }), "worker");
  children.push(child);
  await child.waitForLine(/worker\s+started, tasks/);
  return child;
}

async function queueEmail(to: string): Promise<string> {
  const payload = {
    to,
    template: "verify_email",
    domainName: null,
    variables: { name: "Ann Lee", userEmailId: "7f0c2a8e-1d1b-4c59-9a43-0d8b1f0e2c11", token: "s3cret-token" },
  };
  const { rows } = await pool.query("select (graphile_worker.add_job('send_email', $1::json)).id::text as id", [JSON.stringify(payload)]);
  return rows[0].id;
}

/**
 * A job locked an hour ago by a pool with no liveness session (dead), due only tomorrow: a sweep
 * unlocks it and logs the pool's id, and nothing runs it.
 */
async function queueDecoy(poolId: string): Promise<string> {
  const { rows } = await pool.query(
    "select (graphile_worker.add_job('send_email', '{}'::json, run_at => now() + interval '1 day')).id::text as id",
  );
  await pool.query("update graphile_worker._private_jobs set locked_by = $1, locked_at = now() - interval '1 hour' where id = $2", [
    poolId,
    rows[0].id,
  ]);
  return rows[0].id;
}

async function jobRow(id: string) {
  const { rows } = await pool.query("select locked_by, locked_at, attempts from graphile_worker._private_jobs where id = $1", [id]);
  return rows[0] as { locked_by: string | null; locked_at: Date | null; attempts: number } | undefined;
}

const mailsTo = <T extends { to: string }>(list: T[], to: string) => list.filter((m) => m.to === to);

describe("a worker killed mid-job", () => {
  it("leaves its job to the next worker, which delivers it once", async () => {
    smtp.hold(true);
    const first = await startWorkerProcess();
    const to = "killed.mid.job@example.org";
    const jobId = await queueEmail(to);
    // The worker has handed the whole message over and waits for the server's answer.
    await waitFor(() => mailsTo(smtp.received, to).length === 1, "the message to reach the SMTP server", 15_000);
    const locked = await jobRow(jobId);
    expect(locked?.locked_by).toMatch(/^pool-/);

    await first.kill9();
    await waitFor(() => smtp.openConnections() === 0, "the SMTP server to see the connection drop");
    smtp.hold(false);
    smtp.release(); // the answer goes to a closed connection: the dead worker never learnt of it
    expect(mailsTo(smtp.accepted, to)).toHaveLength(0);
    // Nothing else would touch the job for 4 hours: it is still locked by the dead pool.
    expect((await jobRow(jobId))?.locked_by).toBe(locked!.locked_by);

    await startWorkerProcess();
    await waitFor(async () => (await jobRow(jobId)) === undefined, "the job to be done by the new worker", 15_000);
    // The message the first worker sent reached the server but was never accepted; the second
    // attempt is the one delivery, and it carries the same Message-ID as the first.
    expect(mailsTo(smtp.accepted, to)).toHaveLength(1);
    const ids = new Set(mailsTo(smtp.received, to).map((m) => m.messageId));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toMatch(new RegExp(`^<${jobId}\\.\\d+\\.send_email@steward\\.test>$`));
    // And it stays at one: no third attempt turns up before a marker job queued afterwards has
    // been delivered by the same worker.
    const marker = "marker.after.kill@example.org";
    await queueEmail(marker);
    await waitFor(() => mailsTo(smtp.accepted, marker).length === 1, "the marker message to be delivered", 15_000);
    expect(mailsTo(smtp.received, to)).toHaveLength(2);
    expect(mailsTo(smtp.accepted, to)).toHaveLength(1);
  });

  it("does not take a job away from a live worker, however long it runs", async () => {
    smtp.hold(true);
    // The job's own worker sweeps once, at start, and then not for an hour: every later sweep is
    // the second worker's, so the decoys below are surely taken back by it. (With both sweeping
    // every 500 ms, whichever timer fires first takes each decoy; when the two timers fire a few
    // ms apart the second almost never wins, and a count of tries failed under CI's load.)
    await startWorkerProcess({ WORKER_LOCK_SWEEP_MS: "3600000" });
    const to = "slow.but.alive@example.org";
    const jobId = await queueEmail(to);
    await waitFor(() => mailsTo(smtp.received, to).length === 1, "the message to reach the SMTP server", 15_000);
    const owner = (await jobRow(jobId))!.locked_by;

    // The second worker sweeps at start and every 500 ms, with a 500 ms grace. Once the job's lock
    // is past the grace, every sweep looks at it: let the second worker sweep twice (seen by it
    // taking back a decoy job of a dead pool, in the same statement that leaves the live job alone).
    const second = await startWorkerProcess();
    await waitFor(
      async () =>
        (await pool.query("select locked_at < now() - interval '500 ms' as old from graphile_worker._private_jobs where id = $1", [jobId]))
          .rows[0]?.old,
      "the job's lock to be older than the grace",
      15_000,
    );
    for (const decoy of ["pool-decoy-a", "pool-decoy-b"]) {
      const decoyId = await queueDecoy(decoy);
      await second.waitForLine(new RegExp(`took back the jobs of dead worker pool\\(s\\) .*\\b${decoy}\\b`), 15_000);
      expect((await jobRow(decoyId))?.locked_by).toBeNull();
    }
    const row = await jobRow(jobId);
    expect(row?.locked_by).toBe(owner);
    expect(row?.attempts).toBe(1);
    expect(mailsTo(smtp.received, to)).toHaveLength(1);

    smtp.hold(false);
    smtp.release();
    await waitFor(async () => (await jobRow(jobId)) === undefined, "the job to complete", 15_000);
    expect(mailsTo(smtp.accepted, to)).toHaveLength(1);
  });
});
