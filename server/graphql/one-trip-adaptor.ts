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
// Transactions (mutations, withPgClientTransaction) are unchanged: begin, settings, the callback's
// queries, commit or rollback. Prepared statements are kept per connection up to
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
  parse(options: { name: string; text: string; types: unknown[] }): void;
  bind(options: { statement: string; values: unknown[] }): void;
  execute(options: Record<string, never>): void;
  close(options: { type: "S"; name: string }): void;
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
  private readonly countParse = () => void this.parsed++;

  constructor(
    config: QueryConfig,
    private readonly settingsJson: string | null,
    private readonly cacheSize: number,
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
    if (this.name && connection.parsedStatements[this.name] === undefined) this.parsing.push({ name: this.name, text: this.text });
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
      if (connection.parsedStatements[oldest] !== undefined) {
        connection.close({ type: "S", name: oldest });
        delete connection.parsedStatements[oldest];
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
    raw.query(new OneTripQuery(config, settingsJson, cacheSize) as unknown as pg.QueryConfig);
  });
}

/**
 * The client handed to PostGraphile. `settingsJson` is set outside a transaction (each query
 * carries the settings); inside one, the settings were applied once at `begin`.
 */
function makeClient(
  raw: pg.PoolClient,
  settingsJson: string | null,
  depth: number,
  cacheSize: number,
): PgClient & { rawClient: pg.PoolClient } {
  // A transaction has the connection to itself: what is asked meanwhile waits for it.
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
  const client = {
    rawClient: raw,
    query<TData>(opts: PgClientQuery): Promise<PgClientResult<TData>> {
      const work = () => run<TData>(raw, opts, depth === 0 ? settingsJson : null, cacheSize);
      return busy ? queued(work) : work();
    },
    withTransaction<T>(callback: (client: PgClient & { rawClient: pg.PoolClient }) => Promise<T>): Promise<T> {
      return queued(async () => {
        const savepoint = `tx${depth}`;
        if (depth === 0) {
          await raw.query("begin");
          if (settingsJson !== null) await run(raw, { text: SETTINGS_SQL, values: [settingsJson] }, null, cacheSize);
        } else {
          await raw.query(`savepoint ${savepoint}`);
        }
        try {
          const result = await callback(makeClient(raw, null, depth + 1, cacheSize));
          await raw.query(depth === 0 ? "commit" : `release savepoint ${savepoint}`);
          return result;
        } catch (e) {
          await raw.query(depth === 0 ? "rollback" : `rollback to savepoint ${savepoint}`).catch(() => undefined);
          throw e;
        }
      });
    },
  };
  return client;
}

const setUp = new WeakSet<pg.PoolClient>();

export function makeOneTripWithPgClient(pool: pg.Pool, cacheSize = preparedStatementCacheSize()): WithPgClient {
  return async (pgSettings, callback) => {
    const raw = await pool.connect();
    try {
      if (!setUp.has(raw)) {
        setUp.add(raw);
        // As PostGraphile's adaptor does: JIT's optimisation costs far more than it saves here.
        await raw.query("set jit_optimize_above_cost = -1");
      }
      const entries = Object.entries(pgSettings ?? {})
        .filter(([, v]) => v != null)
        .map(([k, v]) => [k, String(v)]);
      return await callback(makeClient(raw, entries.length ? JSON.stringify(entries) : null, 0, cacheSize));
    } finally {
      raw.release();
    }
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
