// STORAGE=postgres: objects are rows of app_private.picture_objects (migration
// 20261125100000_picture_store), so a fleet of servers needs nothing beyond its database. Read
// and written on a small pool of the owner's (DATABASE_URL) of its own, so serving pictures never
// waits behind the API's or the webhook's connections. A row is replaced by one upsert, so
// readers see the old bytes or the new.
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import pg from "pg";
import { endPool, logPoolErrors } from "../pg-errors.ts";
import { checkKey, type ListedObject, type PictureStore } from "./store.ts";

/** Rows listed per query (listing walks by key, LIMIT at a time). */
const PAGE = 500;

/** The LIKE pattern matching keys that start with `prefix`. */
function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function postgresStore(options: { databaseUrl: string; poolSize?: number; statementTimeoutMs?: number }): PictureStore {
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize ?? 3,
    statement_timeout: options.statementTimeoutMs ?? 0,
    application_name: "steward-pictures",
  });
  logPoolErrors(pool, "pictures pool");

  return {
    kind: "postgres",
    async put(key, body, contentType = "image/webp") {
      const etag = createHash("md5").update(body).digest("hex");
      await pool.query(
        `insert into app_private.picture_objects (key, body, content_type, etag) values ($1, $2, $3, $4)
         on conflict (key) do update set body = excluded.body, content_type = excluded.content_type,
           etag = excluded.etag, updated_at = now()`,
        [checkKey(key), body, contentType, etag],
      );
    },

    async get(key) {
      const { rows } = await pool.query<{ body: Buffer; etag: string; updated_at: Date }>(
        "select body, etag, updated_at from app_private.picture_objects where key = $1",
        [checkKey(key)],
      );
      const row = rows[0];
      if (!row) return null;
      return {
        size: row.body.length,
        etag: `"${row.etag}"`,
        lastModified: row.updated_at,
        stream: () => Readable.from([row.body]),
        close: async () => {},
      };
    },

    async read(key) {
      const { rows } = await pool.query<{ body: Buffer }>("select body from app_private.picture_objects where key = $1", [checkKey(key)]);
      return rows[0]?.body ?? null;
    },

    async *list(prefix): AsyncGenerator<ListedObject> {
      checkKey(prefix, { prefix: true });
      let after = "";
      for (;;) {
        const { rows } = await pool.query<{ key: string; size: number; updated_at: Date }>(
          `select key, octet_length(body) as size, updated_at from app_private.picture_objects
           where key like $1 and key > ($2 collate "C") order by key collate "C" limit ${PAGE}`,
          [likePrefix(prefix), after],
        );
        for (const row of rows) yield { key: row.key, size: Number(row.size), lastModified: row.updated_at };
        if (rows.length < PAGE) return;
        after = rows.at(-1)!.key;
      }
    },

    async delete(keys) {
      if (keys.length === 0) return;
      await pool.query("delete from app_private.picture_objects where key = any($1::text[])", [keys.map((k) => checkKey(k))]);
    },

    async deletePrefix(prefix) {
      checkKey(prefix, { prefix: true });
      if (!prefix.endsWith("/")) throw new Error("deletePrefix takes a folder prefix ending with /");
      await pool.query("delete from app_private.picture_objects where key like $1", [likePrefix(prefix)]);
    },

    async close() {
      await endPool(pool);
    },
  };
}
