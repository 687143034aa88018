// How PostGraphile talks to PostgreSQL: its node-postgres adaptor, except that a read sends the
// request's settings (role and JWT claims) and the query in one round trip instead of four.
//
// PostGraphile's own adaptor runs every read with settings as `begin`, `select set_config(...)`,
// the query, `commit`: four messages out and four answers back, each waking the other process.
// On the two-vCPU machines the load suite runs on, one round trip instead of four gave the home
// dashboard about 10% more throughput (bench/api.ts). Here a read is one pipeline of the extended
// protocol:
//   Bind/Execute `select set_config(..., true)`, then Parse?/Bind/Describe/Execute the query, Sync.
// Everything before a Sync is one implicit transaction, so the settings are local to it exactly as
// they were to the explicit one, and PostgreSQL rolls it all back if either statement fails.
// A read's settings therefore never outlive it, and nothing else ever sees them.
//
// Reads asked for in the same turn of the event loop (a GraphQL request's queries of one level,
// and other requests' arriving meanwhile) share one pooled connection, and go out together: the
// pool's clients run in node-postgres's pipeline mode, which writes each query as it is asked and
// matches the answers in order. Each read still carries its own settings and its own Sync, so it
// is its own implicit transaction (an error skips only the rest of its own read), whoever else's
// reads are in the same pipeline. One write and one wake-up for several reads instead of one
// each: on the home dashboard, measured in bench/scale.ts (docs/decisions.md).
//
// Transactions (mutations, withPgClientTransaction) take a connection of their own: begin,
// settings, the callback's queries, commit or rollback. Prepared statements are kept per connection up to
// DATAPLAN_PG_PREPARED_STATEMENT_CACHE_SIZE (PostGraphile's own setting, 100 by default; 0
// prepares none, for a pooler that can't keep them); the least recently used is closed in the
// same pipeline as the query that pushes it out, so no other message can come between. RAISE
// NOTICE messages are not collected (PostGraphile's adaptor gathers them for its debug log; the
// app's SQL raises none).
//
// This reaches into node-postgres internals (the Query class's hooks and the connection's
// parse/bind/execute/close and parsedStatements), which may change in any 8.x minor: pg and
// pg-protocol are pinned to exact versions in package.json, server/test/one-trip-adaptor.test.ts
// checks each internal used here, and PG_ADAPTOR=postgraphile falls back to PostGraphile's own
// adaptor (CI runs the server tests under both).
import pg from "pg";
import type { PgClient, PgClientQuery, PgClientResult, WithPgClient } from "postgraphile/@dataplan/pg";
import { createWithPgClient as createPostGraphileWithPgClient, makePgService, type PgAdaptorSettings } from "postgraphile/adaptors/pg";

const SETTINGS_STATEMENT = "steward_apply_settings";
const SETTINGS_SQL = "select set_config(el->>0, el->>1, true) from json_array_elements($1::json) el";
/** As @dataplan/pg reads it: unset means 100, 0 means no prepared statements. */
export function preparedStatementCacheSize(value = process.env.DATAPLAN_PG_PREPARED_STATEMENT_CACHE_SIZE): number {
  const n = value ? Number.parseInt(value, 10) : Number.NaN;
  return Number.isInteger(n) && n >= 0 ? n : 100;
}
/** The unnamed statement: parsed anew each time, nothing kept on the connection. */
const UNNAMED = "";

/** node-postgres's connection, as much of it as this file touches (not in its types). */
interface Connection {
  parsedStatements: Record<string, string>;
  /** Sent for parsing, not yet answered (pipeline mode: a later query must not parse them again). */
  submittedNamedStatements: Record<string, string>;
  parse(options: { name: string; text: string; types: unknown[] }): void;
  bind(options: { statement: string; values: unknown[] }): void;
  execute(options: Record<string, never>): void;
  close(options: { type: "S"; name: string }): void;
}

/** node-postgres's client, as much of it as this file reads: the query whose answers are arriving. */
interface ClientInternals {
  _activeQuery?: unknown;
}

/** Prepared statements of each connection, least recently used first. */
const preparedByConnection = new WeakMap<Connection, Map<string, true>>();

type QueryConfig = {
  text: string;
  values?: unknown[];
  name?: string;
  rowMode?: "array";
  callback: (err: Error | null, result?: pg.QueryResult) => void;
};

/**
 * A node-postgres query that first applies the request's settings in the same pipeline (when it
 * has any) and looks after the connection's prepared statements. The settings statement's rows
 * and completion are its own; the caller sees only the query's result.
 */
/** node-postgres's Query, as much of it as OneTripQuery uses and overrides (not in its types). */
interface QueryInternals {
  readonly name?: string;
  readonly text: string;
  requiresPreparation(): boolean;
  prepare(connection: Connection): void;
  handleDataRow(msg: unknown): void;
  handleCommandComplete(msg: unknown, connection: Connection): void;
  handleReadyForQuery(connection: Connection): void;
  handleError(err: unknown, connection: Connection): void;
}

class OneTripQuery extends (pg.Query as unknown as new (config: QueryConfig) => QueryInternals) {
  private settingsPending: boolean;
  /** Statements this pipeline asks PostgreSQL to prepare, in the order it sends them. */
  private parsing: { name: string; text: string }[] = [];
  private parsed = 0;
  /** Counts this query's own ParseCompletes: in a pipeline the connection also reports other queries'. */
  private readonly countParse = () => {
    if (this.client._activeQuery === this) this.parsed++;
  };

  constructor(
    config: QueryConfig,
    private readonly settingsJson: string | null,
    private readonly cacheSize: number,
    private readonly client: ClientInternals,
  ) {
    // Without a statement cache a query is never prepared under a name (as PostGraphile's adaptor).
    super(cacheSize === 0 ? { ...config, name: undefined } : config);
    this.settingsPending = settingsJson !== null;
  }

  requiresPreparation() {
    return true;
  }

  prepare(connection: Connection & NodeJS.EventEmitter) {
    // Closing statements pushed out of the cache goes first: PostgreSQL skips whatever follows an
    // error, and a close it skipped would leave a statement this side believes is gone.
    if (this.cacheSize > 0 && this.settingsJson !== null) this.touch(connection, SETTINGS_STATEMENT);
    if (this.name) this.touch(connection, this.name);
    connection.on("parseComplete", this.countParse);
    if (this.settingsJson !== null && this.cacheSize === 0) {
      // The settings as the unnamed statement, then the query as the next unnamed one.
      this.parsing.push({ name: UNNAMED, text: SETTINGS_SQL });
      connection.parse({ name: UNNAMED, text: SETTINGS_SQL, types: [] });
      connection.bind({ statement: UNNAMED, values: [this.settingsJson] });
      connection.execute({});
    } else if (this.settingsJson !== null) {
      if (connection.parsedStatements[SETTINGS_STATEMENT] === undefined) {
        connection.parse({ name: SETTINGS_STATEMENT, text: SETTINGS_SQL, types: [] });
        this.parsing.push({ name: SETTINGS_STATEMENT, text: SETTINGS_SQL });
        connection.parsedStatements[SETTINGS_STATEMENT] = SETTINGS_SQL;
      }
      connection.bind({ statement: SETTINGS_STATEMENT, values: [this.settingsJson] });
      connection.execute({});
    }
    // As node-postgres decides (Query.hasBeenParsed): not when an earlier query in the pipeline sent it.
    if (this.name && connection.parsedStatements[this.name] === undefined && connection.submittedNamedStatements[this.name] === undefined)
      this.parsing.push({ name: this.name, text: this.text });
    super.prepare(connection);
  }

  handleDataRow(msg: unknown) {
    if (!this.settingsPending) super.handleDataRow(msg);
  }

  handleCommandComplete(msg: unknown, connection: Connection) {
    if (this.settingsPending) this.settingsPending = false;
    else super.handleCommandComplete(msg, connection);
  }

  handleReadyForQuery(connection: Connection & NodeJS.EventEmitter) {
    connection.removeListener("parseComplete", this.countParse);
    super.handleReadyForQuery(connection);
  }

  handleError(err: unknown, connection: Connection & NodeJS.EventEmitter) {
    connection.removeListener("parseComplete", this.countParse);
    // PostgreSQL skipped the rest of the pipeline: what it prepared before the error exists, the
    // rest does not (whatever node-postgres noted).
    this.parsing.forEach(({ name, text }, i) => {
      if (name === UNNAMED) return;
      if (i < this.parsed) {
        connection.parsedStatements[name] = text;
      } else {
        delete connection.parsedStatements[name];
        preparedByConnection.get(connection)?.delete(name);
      }
    });
    super.handleError(err, connection);
  }

  /** Marks a statement as just used, closing the least recently used beyond the limit. */
  private touch(connection: Connection, name: string) {
    let prepared = preparedByConnection.get(connection);
    if (!prepared) {
      prepared = new Map();
      preparedByConnection.set(connection, prepared);
    }
    prepared.delete(name);
    prepared.set(name, true);
    while (prepared.size > this.cacheSize) {
      const oldest = prepared.keys().next().value as string;
      prepared.delete(oldest);
      // Sent for parsing by a query still in the pipeline counts as prepared: the Close goes
      // after that query's messages, so it runs first.
      if (connection.parsedStatements[oldest] !== undefined || connection.submittedNamedStatements[oldest] !== undefined) {
        connection.close({ type: "S", name: oldest });
        delete connection.parsedStatements[oldest];
        delete connection.submittedNamedStatements[oldest];
      }
    }
  }
}

function run<TData>(
  raw: pg.PoolClient,
  opts: PgClientQuery,
  settingsJson: string | null,
  cacheSize: number,
): Promise<PgClientResult<TData>> {
  return new Promise((resolve, reject) => {
    const config: QueryConfig = {
      text: opts.text,
      values: opts.values,
      name: opts.name,
      callback: (err, result) => (err ? reject(err) : resolve({ rows: result!.rows as TData[], rowCount: result!.rowCount })),
    };
    if (opts.arrayMode) config.rowMode = "array";
    // A query object (rather than text) is run as it is; node-postgres answers through its callback.
    raw.query(new OneTripQuery(config, settingsJson, cacheSize, raw as unknown as ClientInternals) as unknown as pg.QueryConfig);
  });
}

/**
 * A transaction's client: the connection is its own; the settings were applied once at `begin`.
 * A savepoint nests another transaction in it.
 */
function makeTransactionClient(raw: pg.PoolClient, depth: number, cacheSize: number): PgClient & { rawClient: pg.PoolClient } {
  // The transaction's callback may ask a query while a nested transaction runs: it waits for it.
  let busy: Promise<unknown> | null = null;
  const queued = <T>(work: () => Promise<T>): Promise<T> => {
    const result = busy ? busy.then(work, work) : work();
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    busy = settled;
    void settled.then(() => {
      if (busy === settled) busy = null;
    });
    return result;
  };
  return {
    rawClient: raw,
    query<TData>(opts: PgClientQuery): Promise<PgClientResult<TData>> {
      const work = () => run<TData>(raw, opts, null, cacheSize);
      return busy ? queued(work) : work();
    },
    withTransaction<T>(callback: (client: PgClient & { rawClient: pg.PoolClient }) => Promise<T>): Promise<T> {
      return queued(async () => {
        const savepoint = `tx${depth}`;
        await raw.query(`savepoint ${savepoint}`);
        try {
          const result = await callback(makeTransactionClient(raw, depth + 1, cacheSize));
          await raw.query(`release savepoint ${savepoint}`);
          return result;
        } catch (e) {
          await raw.query(`rollback to savepoint ${savepoint}`).catch(() => undefined);
          throw e;
        }
      });
    },
  };
}

const setUp = new WeakSet<pg.PoolClient>();

/**
 * The pool could not give a connection, so nothing of the read was sent: the caller may ask
 * another database (server/graphql/replica-routing.ts falls back from the replica to the primary).
 */
export class NoConnectionError extends Error {
  constructor(cause: unknown) {
    super(`No database connection: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "NoConnectionError";
  }
}

async function connect(pool: pg.Pool): Promise<pg.PoolClient> {
  let raw: pg.PoolClient;
  try {
    raw = await pool.connect();
  } catch (e) {
    throw new NoConnectionError(e);
  }
  if (!setUp.has(raw)) {
    // As PostGraphile's adaptor does: JIT's optimisation costs far more than it saves here.
    try {
      await raw.query("set jit_optimize_above_cost = -1");
    } catch (e) {
      // Only a broken connection fails this: the pool destroys it rather than keep it checked out.
      raw.release(e instanceof Error ? e : new Error(String(e)));
      throw e;
    }
    setUp.add(raw);
  }
  return raw;
}

/** The reads of one turn of the event loop, on one connection; released when the turn is over and the last is answered. */
interface ReadGroup {
  raw: Promise<pg.PoolClient>;
  reading: number;
  open: boolean;
}

/** Hands each read the connection of its turn's group (see the top of this file). */
function readGroups(pool: pg.Pool) {
  let current: ReadGroup | null = null;
  const releaseIfDone = (group: ReadGroup) => {
    if (!group.open && group.reading === 0)
      group.raw.then(
        (raw) => raw.release(),
        () => undefined,
      );
  };
  return async function read<T>(work: (raw: pg.PoolClient) => Promise<T>): Promise<T> {
    let group = current;
    if (!group) {
      const opened: ReadGroup = { raw: connect(pool), reading: 0, open: true };
      current = group = opened;
      // Reads asked later join a new group: a connection is never held for more than a turn's reads.
      setImmediate(() => {
        opened.open = false;
        if (current === opened) current = null;
        releaseIfDone(opened);
      });
    }
    group.reading++;
    try {
      return await work(await group.raw);
    } finally {
      group.reading--;
      releaseIfDone(group);
    }
  };
}

export function makeOneTripWithPgClient(pool: pg.Pool, cacheSize = preparedStatementCacheSize()): WithPgClient {
  const read = readGroups(pool);
  return async (pgSettings, callback) => {
    const entries = Object.entries(pgSettings ?? {})
      .filter(([, v]) => v != null)
      .map(([k, v]) => [k, String(v)]);
    const settingsJson = entries.length ? JSON.stringify(entries) : null;
    // No connection is held between the callback's steps: each read joins its turn's group, and
    // a transaction takes its own connection (so none waits for a connection another holds).
    const client: PgClient = {
      query: <TData>(opts: PgClientQuery) => read((raw) => run<TData>(raw, opts, settingsJson, cacheSize)),
      async withTransaction<T>(txCallback: (tx: PgClient & { rawClient: pg.PoolClient }) => Promise<T>): Promise<T> {
        const raw = await connect(pool);
        try {
          await raw.query("begin");
          try {
            if (settingsJson !== null) await run(raw, { text: SETTINGS_SQL, values: [settingsJson] }, null, cacheSize);
            const result = await txCallback(makeTransactionClient(raw, 1, cacheSize));
            await raw.query("commit");
            return result;
          } catch (e) {
            await raw.query("rollback").catch(() => undefined);
            throw e;
          }
        } finally {
          raw.release();
        }
      },
    };
    return callback(client);
  };
}

/** The adaptor: ours for the web roles' pool, PostGraphile's for the superuser's (introspection). */
export const oneTripAdaptor = {
  createWithPgClient(options: PgAdaptorSettings = {}, variant?: "SUPERUSER" | null) {
    if (variant !== "SUPERUSER" && options.pool) return makeOneTripWithPgClient(options.pool);
    return createPostGraphileWithPgClient(options, variant);
  },
  makePgService,
};
