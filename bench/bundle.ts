// The web app's weight: the JavaScript and CSS the first page loads (index.html's scripts, styles
// and module preloads) gzipped, the largest lazy chunks (map, charts), and the time to first
// render of / in headless Chromium against a real server, and the JavaScript bytes that really go
// over the wire for / (the server sends the build's brotli copies). Prints figures; no pass/fail.
// Run: npx tsx bench/bundle.ts
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { ensureWebBuild } from "../scripts/web-build.ts";
import { findTestServer, createTestDatabase, dropTestDatabase, authenticatorUrl } from "../test/database.ts";
import { loadConfig } from "../server/config.ts";
import { startServer } from "../server/app.ts";

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "steward-bundle-"));
try {
  await ensureWebBuild(outDir);
  const html = fs.readFileSync(path.join(outDir, "index.html"), "utf8");
  const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const gz = (file: string) => gzipSync(fs.readFileSync(path.join(outDir, file))).length;
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const initialJs = initial.filter((f) => f.endsWith(".js")).reduce((sum, f) => sum + gz(f), 0);
  const initialCss = initial.filter((f) => f.endsWith(".css")).reduce((sum, f) => sum + gz(f), 0);
  console.log(
    `Initial JavaScript for /: ${kb(initialJs)} gzipped (${initial.filter((f) => f.endsWith(".js")).length} files); CSS ${kb(initialCss)}`,
  );
  const lazy = fs
    .readdirSync(path.join(outDir, "assets"))
    .filter((f) => f.endsWith(".js") && !initial.includes(`assets/${f}`))
    .map((f) => ({ f, size: gz(`assets/${f}`) }))
    .sort((a, b) => b.size - a.size)
    .slice(0, 5);
  console.log("Largest chunks loaded only where used:");
  for (const { f, size } of lazy) console.log(`  ${f.padEnd(40)} ${kb(size)}`);

  const pgServer = await findTestServer();
  const url = await createTestDatabase(pgServer.adminUrl, "bk_bench_bundle");
  const server = await startServer(
    loadConfig({
      databaseUrl: url,
      authDatabaseUrl: await authenticatorUrl(url),
      port: 0,
      host: "127.0.0.1",
      exportSchema: false,
      graphiql: false,
      webDistDir: outDir,
    }),
  );
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
  try {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts: Promise<{ body: number; encoding: string }>[] = [];
      page.on("requestfinished", (request) => {
        if (request.resourceType() !== "script") return;
        scripts.push(
          (async () => ({
            body: (await request.sizes()).responseBodySize,
            encoding: (await request.response())?.headers()["content-encoding"] ?? "none",
          }))(),
        );
      });
      const started = performance.now();
      await page.goto(`${server.url}/`);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      times.push(performance.now() - started);
      if (i === 0) {
        await page.waitForLoadState("networkidle");
        const sent = await Promise.all(scripts);
        const encodings = [...new Set(sent.map((s) => s.encoding))].join(", ");
        console.log(
          `JavaScript over the wire for / (cold): ${kb(sent.reduce((sum, s) => sum + s.body, 0))} in ${sent.length} files (Content-Encoding: ${encodings})`,
        );
      }
      await context.close();
    }
    times.sort((a, b) => a - b);
    console.log(
      `Time to first render of / (cold browser context, local server): median ${times[2].toFixed(0)} ms, best ${times[0].toFixed(0)} ms`,
    );
  } finally {
    await browser.close();
    await server.close();
    await dropTestDatabase(pgServer.adminUrl, url);
    await pgServer.stop();
  }
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
}
