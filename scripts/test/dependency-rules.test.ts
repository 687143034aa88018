// The dependency checker (`npm run lint:deps`, .dependency-cruiser.cjs) catches what it is there to
// catch: each test lays out a tiny repository in a temporary folder with the project's own rules,
// breaks one rule, and runs dependency-cruiser on it. A checker that passed everything would pass
// the real repository too, so the real run alone proves nothing.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const depcruise = path.join(rootDir, "node_modules/dependency-cruiser/bin/dependency-cruiser.mjs");

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A repository of `files` (path -> source) with the project's rules; dependency-cruiser's exit code and report. */
function cruise(files: Record<string, string>): { status: number | null; output: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "steward-deps-"));
  made.push(dir);
  fs.copyFileSync(path.join(rootDir, ".dependency-cruiser.cjs"), path.join(dir, ".dependency-cruiser.cjs"));
  for (const [file, source] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), source);
  }
  const run = spawnSync(process.execPath, [depcruise, "--config", ".dependency-cruiser.cjs", "--output-type", "err", "."], {
    cwd: dir,
    encoding: "utf8",
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** The rule names the report lists, each once. */
function broken(output: string): string[] {
  return [...new Set([...output.matchAll(/error ([a-z0-9-]+):/g)].map((m) => m[1]))].sort();
}

describe("the dependency rules", () => {
  it("pass a repository that keeps them (a test may compose parts; a feature may use a listed module)", () => {
    const { status, output } = cruise({
      "domain/environment/http.ts": `export const get = () => 1;\n`,
      "server/app.ts": `import { get } from "../domain/environment/http.ts";\nexport const app = get;\n`,
      "worker/tasks/refresh.ts": `import { get } from "../../domain/environment/http.ts";\nexport default get;\n`,
      "server/test/both.test.ts": `import refresh from "../../worker/tasks/refresh.ts";\nimport { app } from "../app.ts";\nexport const x = [refresh, app];\n`,
      "scripts/start.ts": `import { app } from "../server/app.ts";\nimport refresh from "../worker/tasks/refresh.ts";\nexport const x = [app, refresh];\n`,
      "web/src/routes/paths.ts": `export const paths = { home: () => "/" };\n`,
      "web/src/features/things/thing-meta.ts": `import { paths } from "../../routes/paths.ts";\nexport const label = paths.home;\n`,
      "web/src/features/home/HomePage.tsx": `import { label } from "../things/thing-meta.ts";\nexport default label;\n`,
      "web/src/routes/routes.tsx": `export const load = () => import("../features/home/HomePage.tsx");\n`,
    });
    expect(output).toContain("no dependency violations found");
    expect(status).toBe(0);
  });

  it("fail on a cycle, however long, and name it", () => {
    const { status, output } = cruise({
      "web/src/a.ts": `import { b } from "./b.ts";\nexport const a = () => b;\n`,
      "web/src/b.ts": `import { c } from "./c.ts";\nexport const b = () => c;\n`,
      "web/src/c.ts": `import { a } from "./a.ts";\nexport const c = () => a;\n`,
    });
    expect(status).not.toBe(0);
    expect(broken(output)).toEqual(["no-circular"]);
  });

  it("fail on a cycle of type-only imports too", () => {
    const { status, output } = cruise({
      "server/a.ts": `import type { B } from "./b.ts";\nexport interface A { b?: B }\n`,
      "server/b.ts": `import type { A } from "./a.ts";\nexport interface B { a?: A }\n`,
    });
    expect(status).not.toBe(0);
    expect(broken(output)).toEqual(["no-circular"]);
  });

  it("fail when the server imports the worker, or the worker the server", () => {
    const { status, output } = cruise({
      "server/main.ts": `import { run } from "../worker/run.ts";\nexport const x = run;\n`,
      "worker/run.ts": `export const run = 1;\n`,
      "worker/tasks/refresh.ts": `import { cache } from "../../server/environment/cache.ts";\nexport default cache;\n`,
      "server/environment/cache.ts": `export const cache = 1;\n`,
    });
    expect(status).not.toBe(0);
    expect(broken(output)).toEqual(["server-not-to-worker", "worker-not-to-server"]);
  });

  it("fail when domain/, shared/ or db/ reach into the parts that use them", () => {
    const { status, output } = cruise({
      "domain/geo.ts": `import { cfg } from "../server/config.ts";\nexport const geo = cfg;\n`,
      "shared/validation.ts": `import { geo } from "../domain/geo.ts";\nexport const v = geo;\n`,
      "db/migrate.ts": `import { cfg } from "../server/config.ts";\nexport const m = cfg;\n`,
      "server/config.ts": `export const cfg = 1;\n`,
    });
    expect(status).not.toBe(0);
    expect(broken(output)).toEqual(["db-not-to-app", "domain-stays-neutral", "shared-stays-neutral"]);
  });

  it("fail when the SPA imports server code, or anything imports a bench", () => {
    const { status, output } = cruise({
      "web/src/lib/api.ts": `import { cfg } from "../../../server/config.ts";\nexport const api = cfg;\n`,
      "server/config.ts": `import { figures } from "../bench/lib/figures.ts";\nexport const cfg = figures;\n`,
      "bench/lib/figures.ts": `export const figures = 1;\n`,
    });
    expect(status).not.toBe(0);
    expect(broken(output)).toEqual(["nothing-imports-bench-or-e2e", "web-not-to-backend"]);
  });

  it("fail when lib, components or layout import a feature, or the paths leaf imports anything", () => {
    const { status, output } = cruise({
      "web/src/features/auth/auth-api.ts": `export const auth = 1;\n`,
      "web/src/lib/session-context.tsx": `import { auth } from "../features/auth/auth-api.ts";\nexport const s = auth;\n`,
      "web/src/components/Panel.tsx": `import { auth } from "../features/auth/auth-api.ts";\nexport const p = auth;\n`,
      "web/src/layout/Header.tsx": `import { auth } from "../features/auth/auth-api.ts";\nexport const h = auth;\n`,
      "web/src/routes/paths.ts": `import { s } from "../lib/session-context.tsx";\nexport const paths = s;\n`,
    });
    expect(status).not.toBe(0);
    expect(broken(output)).toEqual([
      "paths-is-a-leaf",
      "web-components-not-to-features",
      "web-layout-not-to-features",
      "web-lib-is-a-base",
    ]);
  });

  it("fail when a feature imports the route table or another feature's unlisted module", () => {
    const { status, output } = cruise({
      "web/src/routes/routes.tsx": `export const ROUTES = [() => import("../features/map/MapPage.tsx")];\n`,
      "web/src/features/map/MapPage.tsx": `import { ROUTES } from "../../routes/routes.tsx";\nimport { secret } from "../things/ThingSecret.ts";\nexport default [ROUTES, secret];\n`,
      "web/src/features/things/ThingSecret.ts": `export const secret = 1;\n`,
    });
    expect(status).not.toBe(0);
    // The table loading the map which imports the table is a cycle as well.
    expect(broken(output)).toEqual(["no-circular", "web-features-link-by-paths", "web-features-own-their-insides"]);
  });
});
