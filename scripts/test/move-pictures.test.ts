// npm run pictures:move (scripts/move-pictures.ts, server/storage/move.ts): moves pictures from
// one backend to another. A dry run writes nothing; an interrupted run is resumed by running it
// again, which copies only what is missing; the moved pictures are the same bytes.
import { describe, it, expect, beforeAll, afterAll, inject } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { randomUUID } from "node:crypto";
import { openPictureStore, collect, type PictureStore, type StorageKind } from "../../server/storage/index.ts";
import { movePictures } from "../../server/storage/move.ts";
import { rootDir } from "../../server/config.ts";
import { startLocalS3, type LocalS3 } from "../../test/s3rver.ts";
import { createTestDatabase, dropTestDatabase } from "../../test/database.ts";

const run = promisify(execFile);
let s3: LocalS3;
let dataDir: string;
let databaseUrl: string;
const opened: PictureStore[] = [];

beforeAll(async () => {
  s3 = await startLocalS3("steward-move");
  dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "steward-move-"));
  // A database of its own: the listings compared here are the whole table.
  databaseUrl = await createTestDatabase(inject("adminUrl"), "bk_move");
});
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
  await s3?.stop();
  await fs.promises.rm(dataDir, { recursive: true, force: true });
  if (databaseUrl) await dropTestDatabase(inject("adminUrl"), databaseUrl);
});

function open(kind: StorageKind, s3Prefix = ""): PictureStore {
  const store = openPictureStore({ storage: kind, dataDir, databaseUrl, s3: { ...s3.settings, prefix: s3Prefix } });
  opened.push(store);
  return store;
}

const keysOf = async (store: PictureStore, prefix: string) => (await collect(store.list(prefix))).map((o) => o.key).sort();

/** Pictures and a pending upload in the local store, under ids of their own. */
async function fill(store: PictureStore, things = 4) {
  const keys: string[] = [];
  for (let i = 0; i < things; i++) {
    const id = randomUUID();
    for (const v of ["thumb", "medium", "large"]) keys.push(`images/thing/${id}/${v}.webp`);
  }
  const pending = `uploads/pending/${randomUUID()}/${randomUUID()}/0000000001-00112233445566aa/`;
  for (const v of ["thumb", "medium", "large"]) keys.push(`${pending}${v}.webp`);
  for (const k of keys) await store.put(k, Buffer.from(`bytes of ${k}`));
  return keys.sort();
}

/** The target, failing every write after the first `allowed` (a connection lost mid-move). */
function failingAfter(store: PictureStore, allowed: number): PictureStore {
  let writes = 0;
  return {
    ...store,
    list: (prefix) => store.list(prefix),
    async put(key, body, type) {
      writes += 1;
      if (writes > allowed) throw new Error("connection lost");
      await store.put(key, body, type);
    },
  };
}

describe("moving pictures from local to postgres", () => {
  it("a dry run reports what it would copy and writes nothing", async () => {
    const local = open("local");
    const pg = open("postgres");
    const keys = await fill(local);
    const report = await movePictures(local, pg, { dryRun: true });
    expect(report.copied).toBeGreaterThanOrEqual(keys.length);
    expect(report.skipped).toBe(0);
    expect(await keysOf(pg, "")).toEqual([]);
  });

  it("an interrupted move resumes: the second run copies only what is missing, and the bytes match", async () => {
    const local = open("local");
    const pg = open("postgres");
    const all = await keysOf(local, "");
    await expect(movePictures(local, failingAfter(pg, 5), { concurrency: 1 })).rejects.toThrow("connection lost");
    const half = await keysOf(pg, "");
    expect(half).toHaveLength(5);

    const second = await movePictures(local, pg);
    expect(second).toMatchObject({ copied: all.length - 5, skipped: 5 });
    expect(await keysOf(pg, "")).toEqual(all);
    for (const key of all) expect((await pg.read(key))!.equals((await local.read(key))!)).toBe(true);

    // Nothing left to do.
    expect(await movePictures(local, pg)).toMatchObject({ copied: 0, skipped: all.length });
    // A picture replaced at the source since is copied again, even at the same size: its time
    // tells. The file's time is set a few seconds ahead rather than waited for (the target keeps
    // whole seconds).
    const before = (await local.read(all[0]))!;
    const replaced = Buffer.from(before.map((b) => b ^ 0xff));
    await local.put(all[0], replaced);
    const file = path.join(dataDir, ...all[0].split("/"));
    const written = (await fs.promises.stat(file)).mtime;
    const later = new Date(Date.now() + 5_000);
    await fs.promises.utimes(file, later, later);
    expect(await movePictures(local, pg)).toMatchObject({ copied: 1, skipped: all.length - 1 });
    expect((await pg.read(all[0]))!.equals(replaced)).toBe(true);
    // Back to its real time: a file from the future would look replaced to the next test's moves.
    await fs.promises.utimes(file, written, written);
  });
});

describe("the command", () => {
  it("npm run pictures:move: a dry run, then the move to s3, then nothing left to copy", async () => {
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      S3_BUCKET: s3.settings.bucket,
      S3_ENDPOINT: s3.settings.endpoint,
      S3_REGION: s3.settings.region,
      S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
      S3_PREFIX: "",
    };
    const tsx = path.join(rootDir, "node_modules/.bin/tsx");
    const move = (...args: string[]) => run(tsx, ["scripts/move-pictures.ts", "--quiet", ...args], { cwd: rootDir, env });
    const local = open("local");
    const bucket = open("s3");
    const all = await keysOf(local, "");

    const dry = await move("--from", "local", "--to", "s3", "--dry-run");
    expect(dry.stdout).toContain(`local -> s3: would copy ${all.length} objects`);
    expect(dry.stdout).toContain("nothing was written (dry run)");
    expect(await keysOf(bucket, "")).toEqual([]);

    const real = await move("--from", "local", "--to", "s3");
    expect(real.stdout).toContain(`copied ${all.length} objects`);
    expect(await keysOf(bucket, "")).toEqual(all);
    const again = await move("--from", "local", "--to", "s3");
    expect(again.stdout).toContain(`copied 0 objects`);
    expect(again.stdout).toContain(`${all.length} already there`);

    await expect(move("--from", "s3", "--to", "s3")).rejects.toMatchObject({ code: 2 });
    await expect(move("--from", "disk", "--to", "s3")).rejects.toThrow(/STORAGE must be one of/);
  });
});
