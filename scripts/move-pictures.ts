// npm run pictures:move -- --from local --to s3 [--dry-run]
// Copies every picture and pending upload from one picture store to another (server/storage):
// local (DATA_DIR), postgres (DATABASE_URL) or s3 (S3_*), read from the environment as the
// server reads them. Resumable: run it again after an interruption and it copies only what is
// missing. Then set STORAGE to the target and restart the servers; run it once more right after,
// for pictures uploaded while they switched, and remove the source when satisfied.
import { parseArgs } from "node:util";
import { dataDir, S3_SETTINGS, s3Settings } from "../server/config.ts";
import { readSettings } from "../domain/config/read.ts";
import { openPictureStore } from "../server/storage/index.ts";
import { movePictures } from "../server/storage/move.ts";

const { values } = parseArgs({
  options: {
    from: { type: "string" },
    to: { type: "string" },
    "dry-run": { type: "boolean", default: false },
    quiet: { type: "boolean", default: false },
  },
});
if (!values.from || !values.to) {
  console.error("Usage: npm run pictures:move -- --from local|postgres|s3 --to local|postgres|s3 [--dry-run] [--quiet]");
  process.exit(2);
}
// --from and --to take what STORAGE takes (domain/config/settings.ts).
const from = readSettings({ STORAGE: values.from }, ["STORAGE"]).STORAGE;
const to = readSettings({ STORAGE: values.to }, ["STORAGE"]).STORAGE;
if (from === to) {
  console.error(`--from and --to are both ${from}: nothing to move`);
  process.exit(2);
}
const settings = { dataDir, databaseUrl: process.env.DATABASE_URL ?? "", s3: s3Settings(readSettings(process.env, S3_SETTINGS)) };
const source = openPictureStore({ ...settings, storage: from });
const target = openPictureStore({ ...settings, storage: to });
const dryRun = values["dry-run"] ?? false;
try {
  const report = await movePictures(source, target, { dryRun, log: values.quiet ? undefined : (line) => console.log(line) });
  const verb = dryRun ? "would copy" : "copied";
  console.log(
    `${from} -> ${to}: ${verb} ${report.copied} objects (${report.bytes} bytes); ${report.skipped} already there${dryRun ? "; nothing was written (dry run)" : ""}`,
  );
} catch (e) {
  console.error(`Stopped: ${(e as Error)?.message ?? e}. Run the same command again to resume.`);
  process.exitCode = 1;
} finally {
  await source.close();
  await target.close();
}
