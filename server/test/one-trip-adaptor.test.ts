// server/graphql/one-trip-adaptor.ts sends a read's settings and the read in one pipeline. What
// must hold: the read runs under those settings; they never reach the next user of the
// connection; errors leave the connection usable and its prepared statements truthful;
// transactions still apply settings once, commit and roll back; prepared statements stay bounded.
import { describe, it, expect, beforeAll, afterAll, inject } from "vitest";
import pg from "pg";
import type { PgClient, WithPgClient } from "postgraphile/@dataplan/pg";
import { authenticatorUrl } from "../../test/database.ts";
import { makeOneTripWithPgClient, preparedStatementCacheSize } from "../graphql/one-trip-adaptor.ts";
import { readSettings } from "../../domain/config/read.ts";

const parsePgAdaptor = (value: string | undefined) => readSettings({ PG_ADAPTOR: value }, ["PG_ADAPTOR"]).PG_ADAPTOR;

let pool: pg.Pool;
let withPgClient: WithPgClient;
const USER = "00000000-0000-4000-8000-00000000a001";
const asUser = { role: "bk_user", "jwt.claims.user_id": USER };

beforeAll(async () => {
  // One connection, so every call below reuses what the one before left behind.
  pool = new pg.Pool({ connectionString: await authenticatorUrl(inject("databaseUrl")), max: 1 });
  withPgClient = makeOneTripWithPgClient(pool);
});
afterAll(async () => {
  await pool?.end();
});

const WHO = "select current_user as role, current_setting('jwt.claims.user_id', true) as user_id";
const who = (settings: Record<string, string> | null, name?: string) =>
  withPgClient(
    settings,
    async (client: PgClient) => (await client.query<{ role: string; user_id: string | null }>({ text: WHO, name })).rows[0],
  );

describe("reads in one round trip", () => {
  it("a read runs under the request's role and claims", async () => {
    expect(await who(asUser)).toEqual({ role: "bk_user", user_id: USER });
  });

  it("the settings end with the read: the next read on the connection has none", async () => {
    const login = (await who(null)).role;
    expect(login).not.toBe("bk_user");
    await who(asUser);
    const after = await who(null);
    expect(after.role).toBe(login);
    expect(after.user_id ?? "").toBe("");
  });

  it("named (prepared) reads keep working under changing settings", async () => {
    const other = "00000000-0000-4000-8000-00000000a002";
    expect(await who(asUser, "one_trip_who")).toEqual({ role: "bk_user", user_id: USER });
    expect(await who({ role: "bk_user", "jwt.claims.user_id": other }, "one_trip_who")).toEqual({ role: "bk_user", user_id: other });
  });

  it("array mode answers rows as arrays", async () => {
    const rows = await withPgClient(
      asUser,
      async (client) => (await client.query<unknown[]>({ text: "select 1 as a, 'x' as b", arrayMode: true })).rows,
    );
    expect(rows).toEqual([[1, "x"]]);
  });

  it("a failing read rejects with PostgreSQL's error, and the connection still works", async () => {
    await expect(withPgClient(asUser, (client) => client.query({ text: "select 1 / 0" }))).rejects.toThrow("division by zero");
    expect(await who(asUser)).toEqual({ role: "bk_user", user_id: USER });
  });

  it("a prepared read that fails when it runs can run again (its statement was prepared)", async () => {
    const divide = (by: number) =>
      withPgClient(asUser, (client) =>
        client.query<{ q: number }>({ text: "select 6 / $1::int as q", values: [by], name: "one_trip_divide" }),
      );
    await expect(divide(0)).rejects.toThrow("division by zero");
    expect((await divide(2)).rows).toEqual([{ q: 3 }]);
  });

  it("when the settings fail, the statement sent with them is prepared again next time", async () => {
    // An unknown role fails in the settings statement, so PostgreSQL skips the query's Parse.
    await expect(who({ role: "no_such_role_anywhere" }, "one_trip_after_failure")).rejects.toThrow(/role/);
    expect(await who(asUser, "one_trip_after_failure")).toEqual({ role: "bk_user", user_id: USER });
  });

  it("prepared statements stay bounded, and one closed for room is prepared again when used", async () => {
    for (let i = 0; i < 120; i++) {
      await withPgClient(asUser, (client) => client.query({ text: `select ${i} as n`, name: `one_trip_n${i}` }));
    }
    const counted = await withPgClient(null, (client) =>
      client.query<{ n: number }>({ text: "select count(*)::int as n from pg_prepared_statements" }),
    );
    expect(counted.rows[0].n).toBeLessThanOrEqual(101);
    const again = await withPgClient(asUser, (client) => client.query<{ n: number }>({ text: "select 0 as n", name: "one_trip_n0" }));
    expect(again.rows).toEqual([{ n: 0 }]);
  });
});

describe("transactions", () => {
  it("apply the settings once for all their queries and commit", async () => {
    const seen = await withPgClient(asUser, (client) =>
      client.withTransaction(async (tx) => {
        const first = (
          await tx.query<{ user_id: string; xid: string }>({
            text: "select current_setting('jwt.claims.user_id', true) as user_id, pg_current_xact_id()::text as xid",
          })
        ).rows[0];
        const second = (
          await tx.query<{ user_id: string; xid: string }>({
            text: "select current_setting('jwt.claims.user_id', true) as user_id, pg_current_xact_id()::text as xid",
          })
        ).rows[0];
        return [first, second];
      }),
    );
    expect(seen[0].user_id).toBe(USER);
    expect(seen[1]).toEqual(seen[0]);
  });

  it("roll back on an error, and keep nothing of it", async () => {
    await withPgClient(null, (client) => client.query({ text: "create temporary table if not exists one_trip_rows (n int)" }));
    await expect(
      withPgClient({ "jwt.claims.user_id": USER }, (client) =>
        client.withTransaction(async (tx) => {
          await tx.query({ text: "insert into one_trip_rows values (1)" });
          await tx.query({ text: "select 1 / 0" });
        }),
      ),
    ).rejects.toThrow("division by zero");
    const rows = await withPgClient(null, (client) =>
      client.query<{ n: number }>({ text: "select count(*)::int as n from one_trip_rows" }),
    );
    expect(rows.rows[0].n).toBe(0);
  });

  it("a read asked while a transaction runs waits for it instead of joining it", async () => {
    const inside = await withPgClient({ "jwt.claims.user_id": USER }, async (client) => {
      let read: Promise<{ rows: readonly { marker: string | null }[] }> | null = null;
      await client.withTransaction(async (tx) => {
        await tx.query({ text: "select set_config('one_trip.marker', 'inside', true)" });
        // Asked of the outer client mid-transaction: it must not run until the transaction ends.
        read = client.query<{ marker: string | null }>({ text: "select current_setting('one_trip.marker', true) as marker" });
        // The transaction stays open a moment longer, so a read that wrongly joined it would run
        // inside it. Nothing signals "the read is queued", so this short pause (in the database)
        // is kept; the check itself does not depend on its length.
        await tx.query({ text: "select pg_sleep(0.05)" });
      });
      return (await read!).rows[0].marker;
    });
    expect(inside ?? "").toBe("");
  });
});

describe("reads of one turn share a pipelined connection", () => {
  // As server/app.ts makes the API's pool: its clients in node-postgres's pipeline mode.
  let piped: pg.Pool;
  let withPiped: WithPgClient;
  beforeAll(async () => {
    piped = new pg.Pool({ connectionString: await authenticatorUrl(inject("databaseUrl")), max: 3, pipeline: true } as pg.PoolConfig);
    withPiped = makeOneTripWithPgClient(piped);
  });
  afterAll(async () => {
    await piped?.end();
  });
  const READ = "select pg_backend_pid() as pid, current_user as role, current_setting('jwt.claims.user_id', true) as user_id";
  type Seen = { pid: number; role: string; user_id: string | null };
  const userN = (n: number) => `00000000-0000-4000-8000-0000000b${String(n).padStart(4, "0")}`;

  it("each read of the turn under its own settings, all on one connection", async () => {
    const seen = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        withPiped(
          n % 3 === 2 ? null : { role: "bk_user", "jwt.claims.user_id": userN(n) },
          async (client) => (await client.query<Seen>({ text: READ, name: n % 2 ? "one_trip_piped" : undefined })).rows[0],
        ),
      ),
    );
    expect(new Set(seen.map((r) => r.pid)).size).toBe(1);
    seen.forEach((r, n) => {
      if (n % 3 === 2) expect([r.role, r.user_id ?? ""]).toEqual(["bk_authenticator", ""]);
      else expect([r.role, r.user_id]).toEqual(["bk_user", userN(n)]);
    });
    // A later turn: the connection was given back, and no settings stayed on it.
    const later = await withPiped(null, async (client) => (await client.query<Seen>({ text: READ })).rows[0]);
    expect([later.role, later.user_id ?? ""]).toEqual(["bk_authenticator", ""]);
  });

  it("a read that fails fails alone: the others of its turn are answered", async () => {
    const results = await Promise.allSettled(
      [1, 0, 2].map((by) =>
        withPiped(asUser, (client) =>
          client.query<{ q: number }>({ text: "select 6 / $1::int as q", values: [by], name: "one_trip_piped_divide" }),
        ),
      ),
    );
    expect(results.map((r) => (r.status === "fulfilled" ? r.value.rows[0].q : String(r.reason.message)))).toEqual([
      6,
      "division by zero",
      3,
    ]);
    // The failed read did not send the statement's Parse (the first did): it stays known as prepared.
    const again = await withPiped(asUser, (client) =>
      client.query<{ q: number }>({ text: "select 6 / $1::int as q", values: [3], name: "one_trip_piped_divide" }),
    );
    expect(again.rows).toEqual([{ q: 2 }]);
  });

  it("a transaction takes a connection of its own; the turn's reads neither wait for it nor see inside it", async () => {
    let outside: Seen | null = null;
    const inside = await withPiped(asUser, (client) =>
      client.withTransaction(async (tx) => {
        await tx.query({ text: "select set_config('one_trip.marker', 'inside', true)" });
        outside = (
          await client.query<Seen & { marker: string | null }>({ text: `${READ}, current_setting('one_trip.marker', true) as marker` })
        ).rows[0];
        return (await tx.query<Seen & { marker: string }>({ text: `${READ}, current_setting('one_trip.marker', true) as marker` })).rows[0];
      }),
    );
    expect(inside.marker).toBe("inside");
    expect(outside!.pid).not.toBe(inside.pid);
    expect((outside as unknown as { marker: string | null }).marker ?? "").toBe("");
    expect(outside!.user_id).toBe(USER);
  });
});

describe("DATAPLAN_PG_PREPARED_STATEMENT_CACHE_SIZE", () => {
  it("is read as @dataplan/pg reads it: unset 100, 0 none, a count as given", () => {
    expect(preparedStatementCacheSize(undefined)).toBe(100);
    expect(preparedStatementCacheSize("")).toBe(100);
    expect(preparedStatementCacheSize("0")).toBe(0);
    expect(preparedStatementCacheSize("25")).toBe(25);
    expect(preparedStatementCacheSize("lots")).toBe(100);
  });

  it("at 0 nothing is prepared under a name, and reads still carry their settings", async () => {
    const unprepared = makeOneTripWithPgClient(pool, 0);
    const read = (settings: Record<string, string> | null) =>
      unprepared(
        settings,
        async (client) =>
          (await client.query<{ role: string; user_id: string | null }>({ text: WHO, name: "one_trip_unprepared" })).rows[0],
      );
    expect(await read(asUser)).toEqual({ role: "bk_user", user_id: USER });
    expect(await read(asUser)).toEqual({ role: "bk_user", user_id: USER });
    const other = "00000000-0000-4000-8000-00000000a003";
    expect(await read({ role: "bk_user", "jwt.claims.user_id": other })).toEqual({ role: "bk_user", user_id: other });
    const after = await read(null);
    expect(after.user_id ?? "").toBe("");
    const prepared = await unprepared(
      null,
      async (client) =>
        (await client.query<{ name: string }>({ text: "select name from pg_prepared_statements where name = 'one_trip_unprepared'" })).rows,
    );
    expect(prepared).toEqual([]);
  });
});

// The node-postgres internals one-trip-adaptor.ts relies on, each checked on the installed pg, so
// an upgrade that changes one fails here by name instead of at run time with a protocol error.
describe("contract with node-postgres internals", () => {
  const QueryProto = (pg as unknown as { Query: { prototype: Record<string, unknown> } }).Query.prototype;

  it.each([
    "requiresPreparation",
    "prepare",
    "handleDataRow",
    "handleCommandComplete",
    "handleReadyForQuery",
    "handleError",
    "hasBeenParsed",
  ])("pg.Query has the hook %s", (hook) => expect(typeof QueryProto[hook]).toBe("function"));

  it("a client runs a Query object it is given, through its prepare hook", async () => {
    const raw = await pool.connect();
    try {
      let prepared = false;
      const Query = (pg as unknown as { Query: new (c: object) => { prepare(connection: unknown): void } }).Query;
      class Probe extends Query {
        requiresPreparation() {
          return true;
        }
        prepare(connection: unknown) {
          prepared = true;
          super.prepare(connection);
        }
      }
      const rows = await new Promise<unknown[]>((resolve, reject) => {
        raw.query(
          new Probe({
            text: "select 41 + 1 as n",
            callback: (err: Error | null, r?: pg.QueryResult) => (err ? reject(err) : resolve(r!.rows)),
          }) as never,
        );
      });
      expect(prepared).toBe(true);
      expect(rows).toEqual([{ n: 42 }]);
    } finally {
      raw.release();
    }
  });

  it("a client in pipeline mode says so, and names the query whose answers are arriving", async () => {
    const piped = new pg.Client({ connectionString: await authenticatorUrl(inject("databaseUrl")), pipeline: true } as pg.ClientConfig);
    await piped.connect();
    try {
      expect((piped as unknown as { pipeline: boolean }).pipeline).toBe(true);
      const Query = (pg as unknown as { Query: new (c: object) => object }).Query;
      const seenActive: boolean[] = [];
      class Probe extends Query {
        handleDataRow(msg: unknown) {
          seenActive.push((piped as unknown as { _activeQuery: unknown })._activeQuery === this);
          (Query.prototype as unknown as { handleDataRow(m: unknown): void }).handleDataRow.call(this, msg);
        }
      }
      const ask = (n: number) =>
        new Promise<unknown[]>((resolve, reject) =>
          piped.query(
            new Probe({
              text: `select ${n} as n`,
              callback: (err: Error | null, r?: pg.QueryResult) => (err ? reject(err) : resolve(r!.rows)),
            }) as never,
          ),
        );
      expect(await Promise.all([ask(1), ask(2), ask(3)])).toEqual([[{ n: 1 }], [{ n: 2 }], [{ n: 3 }]]);
      expect(seenActive).toEqual([true, true, true]);
      const connection = (piped as unknown as { connection: Record<string, unknown> }).connection;
      expect(typeof connection.submittedNamedStatements).toBe("object");
    } finally {
      await piped.end();
    }
  });

  it("the connection has parse, bind, execute, close, parsedStatements and emits parseComplete", async () => {
    const raw = await pool.connect();
    try {
      const connection = (raw as unknown as { connection: Record<string, unknown> & NodeJS.EventEmitter }).connection;
      for (const method of ["parse", "bind", "execute", "close", "sync", "describe"])
        expect(typeof connection[method], method).toBe("function");
      expect(typeof connection.parsedStatements).toBe("object");
      let parseCompletes = 0;
      const count = () => void parseCompletes++;
      connection.on("parseComplete", count);
      await raw.query({ text: "select 1 as contract", name: "one_trip_contract" });
      connection.removeListener("parseComplete", count);
      expect(parseCompletes).toBe(1);
      expect((connection.parsedStatements as Record<string, string>).one_trip_contract).toBe("select 1 as contract");
      await raw.query("deallocate one_trip_contract");
      delete (connection.parsedStatements as Record<string, string>).one_trip_contract;
    } finally {
      raw.release();
    }
  });

  it("pg and pg-protocol are pinned to exact versions", async () => {
    const { default: manifest } = await import("../../package.json", { with: { type: "json" } });
    const deps = manifest.dependencies as Record<string, string>;
    expect(deps.pg).toMatch(/^\d+\.\d+\.\d+$/);
    expect(deps["pg-protocol"]).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe("PG_ADAPTOR", () => {
  it("is one-trip unless it says postgraphile, and refuses anything else", () => {
    expect(parsePgAdaptor(undefined)).toBe("one-trip");
    expect(parsePgAdaptor("one-trip")).toBe("one-trip");
    expect(parsePgAdaptor("postgraphile")).toBe("postgraphile");
    expect(() => parsePgAdaptor("postgraphlie")).toThrow('PG_ADAPTOR must be one of one-trip, postgraphile, got "postgraphlie"');
  });
});

describe("a new connection whose first statement fails", () => {
  it("is given back to the pool (destroyed), not kept checked out, and the read rejects", async () => {
    const url = await authenticatorUrl(inject("databaseUrl"));
    const broken = new pg.Pool({ connectionString: url, max: 1 });
    // Each new connection ends its own session before the adaptor's one-off setting reaches it
    // (queries run in order), so that setting fails as it would on a connection that broke.
    broken.on("connect", (client) => {
      client.on("error", () => undefined);
      client.query("select pg_terminate_backend(pg_backend_pid())").catch(() => undefined);
    });
    try {
      const read = makeOneTripWithPgClient(broken);
      await expect(read(null, (client) => client.query({ text: "select 1" }))).rejects.toThrow();
      // Nothing left checked out: the one connection the pool may have is free to be made again.
      expect(broken.totalCount - broken.idleCount).toBe(0);
    } finally {
      // Not awaited: pool.end() waits for every checked-out connection, which is the leak itself.
      void broken.end();
    }
  });
});
