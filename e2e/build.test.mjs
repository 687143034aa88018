// The SPA the server sends is React's production build (a defect: `npm start`, the e2e runner and
// the benches built it through Vite's API with NODE_ENV unset, which gave the development JSX
// runtime and React's development build, twice the JavaScript and slower).
import assert from "node:assert/strict";
import { test } from "node:test";
import { BASE_URL } from "./helpers.mjs";

test("the app is served as a production build", async () => {
  const html = await (await fetch(`${BASE_URL}/`)).text();
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  assert.ok(scripts.length > 0, "the page names its scripts");
  assert.deepEqual(
    scripts.filter((s) => /jsx-dev-runtime/.test(s)),
    [],
    "no development JSX runtime",
  );
  for (const script of scripts) {
    const code = await (await fetch(`${BASE_URL}${script}`)).text();
    assert.doesNotMatch(code, /\bjsxDEV\b/, `${script} is built for development`);
  }
});

test("the first screen's data script comes first, on its own, without the app's code", async () => {
  // src/early.ts asks the first screen's data while the app downloads (issue 27): it must run
  // before the app's entry (module scripts run in document order) and must not import it.
  const html = await (await fetch(`${BASE_URL}/map`)).text();
  const entries = [...html.matchAll(/<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  assert.equal(entries.length, 2, "two module scripts");
  assert.match(entries[0], /\/assets\/early-[^/]+\.js$/, "the early script first");
  assert.match(entries[1], /\/assets\/index-[^/]+\.js$/, "the app's entry second");
  const seen = new Set();
  const todo = [entries[0]];
  while (todo.length > 0) {
    const file = todo.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const code = await (await fetch(`${BASE_URL}${file}`)).text();
    for (const m of code.matchAll(/from"\.\/([^"]+\.js)"/g)) todo.push(`/assets/${m[1]}`);
    // Every chunk it imports is named in the page, so none waits for the one before it.
    if (file !== entries[0]) assert.ok(html.includes(`href="${file}"`), `${file} is preloaded`);
  }
  assert.ok(!seen.has(entries[1]), "the early script does not wait for the app's entry");
});
