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
