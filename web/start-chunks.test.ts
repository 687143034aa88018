// @vitest-environment node
// What every page starts with comes in two chunks (start-chunks.ts, issue 27): built by Vite from a
// small module graph shaped like the app's (an early script and the app sharing a module, a lazy
// screen sharing one with the app, tiny modules that would otherwise be chunks of their own).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { build, type Rolldown } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { startChunks } from "./start-chunks.ts";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "start-chunks-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const files: Record<string, string> = {
  "early.js": `import { session } from "./session.js"; import { uuid } from "./uuid.js"; console.log(session(), uuid());`,
  "main.js": `import { session } from "./session.js"; import { render } from "./render.js"; import "./shell.css";
    render(session(), () => import("./screen.js"));`,
  "session.js": `export const session = () => "token";`,
  "uuid.js": `export const uuid = () => "u";`,
  "render.js": `import { texts } from "./texts.js"; export const render = (s, load) => { console.log(texts, s); load(); };`,
  "texts.js": `export const texts = { hello: "Hello" };`,
  "screen.js": `import { texts } from "./texts.js"; import { uuid } from "./uuid.js"; import { chart } from "./chart.js";
    export default () => console.log(texts.hello, uuid(), chart);`,
  "chart.js": `export const chart = "a chart only the screen needs";`,
  "shell.css": `body { margin: 0 }`,
};
for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(root, name), text);

async function bundle(grouped: boolean): Promise<Rolldown.OutputChunk[]> {
  const start = startChunks({ earlyEntry: path.join(root, "early.js"), appEntry: path.join(root, "main.js") });
  const output = (await build({
    root,
    configFile: false,
    logLevel: "silent",
    plugins: grouped ? [start.plugin] : [],
    build: {
      write: false,
      minify: false,
      modulePreload: false,
      rolldownOptions: {
        input: { early: path.join(root, "early.js"), index: path.join(root, "main.js") },
        output: grouped ? { codeSplitting: { groups: start.groups } } : {},
      },
    },
  })) as Rolldown.RolldownOutput;
  return output.output.filter((item): item is Rolldown.OutputChunk => item.type === "chunk");
}

const named = (chunks: Rolldown.OutputChunk[], name: string) => chunks.find((c) => c.name === name)!;
const modulesOf = (chunk: Rolldown.OutputChunk) => chunk.moduleIds.map((id) => path.basename(id)).sort();
const importsOf = (chunks: Rolldown.OutputChunk[], chunk: Rolldown.OutputChunk) =>
  chunk.imports.map((file) => chunks.find((c) => c.fileName === file)?.name).sort();

describe("startChunks", () => {
  it("left alone, the bundler cuts the shared start into several chunks (what the groups are for)", async () => {
    const chunks = await bundle(false);
    expect(importsOf(chunks, named(chunks, "early")).length).toBeGreaterThan(1);
  });

  it("puts what the early script imports in one chunk, which waits for nothing of the app", async () => {
    const chunks = await bundle(true);
    const early = named(chunks, "early");
    expect(importsOf(chunks, early)).toEqual(["start-early"]);
    const startEarly = named(chunks, "start-early");
    expect(modulesOf(startEarly)).toEqual(["session.js", "uuid.js"]);
    expect(startEarly.imports).toEqual([]);
  });

  it("puts the app's entry and its static imports in one chunk; a screen keeps its own", async () => {
    const chunks = await bundle(true);
    // start-app, or the entry chunk itself where the bundler merges the two (it does here, not
    // in the app's build, where the entry chunk is a facade of start-app).
    const appStart = chunks.find((c) => c.moduleIds.some((id) => id.endsWith("main.js")))!;
    expect(["start-app", "index"]).toContain(appStart.name);
    expect(modulesOf(appStart).filter((m) => m.endsWith(".js") && !m.startsWith("preload"))).toEqual(["main.js", "render.js", "texts.js"]);
    const index = named(chunks, "index");
    expect(new Set([...importsOf(chunks, index), index.name])).toEqual(new Set([appStart.name, "start-early"]));
    const screen = named(chunks, "screen");
    expect(modulesOf(screen)).toEqual(["chart.js", "screen.js"]);
    expect(importsOf(chunks, screen)).toEqual([appStart.name, "start-early"].sort());
  });
});
