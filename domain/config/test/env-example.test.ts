// .env.example and the settings schema held to each other (docs/decisions.md, "One settings
// schema"): every setting of the schema is in .env.example under a comment, every variable there is
// known to the schema, and the values written there pass it. The file stays hand-written (its
// comments explain more than one line of the table could); this test is what keeps it true.
import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";
import { fileURLToPath } from "node:url";
import { namesOf, settingsProblems } from "../read.ts";
import { SETTINGS, type SettingName } from "../settings.ts";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const example = fs.readFileSync(path.join(rootDir, ".env.example"), "utf8");
const ASSIGNMENT = /^(#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/;

interface Entry {
  name: string;
  value: string;
  commentedOut: boolean;
  /** A comment line (not an assignment) comes before it in its paragraph. */
  documented: boolean;
}

function entries(): Entry[] {
  const found: Entry[] = [];
  let commentSeen = false;
  for (const line of example.split("\n")) {
    const trimmed = line.trim();
    if (!trimmed) {
      commentSeen = false;
      continue;
    }
    const match = ASSIGNMENT.exec(trimmed);
    if (match) found.push({ name: match[2], value: match[3].trim(), commentedOut: Boolean(match[1]), documented: commentSeen });
    else if (trimmed.startsWith("#")) commentSeen = true;
  }
  return found;
}

const names = Object.keys(SETTINGS) as SettingName[];
const checked = new Set<string>(namesOf("server", "worker", "start"));

describe(".env.example", () => {
  it("lists every setting of the schema, under a comment", () => {
    const listed = new Map(entries().map((e) => [e.name, e]));
    const missing = names.filter((n) => !listed.has(n));
    expect(missing, "settings of domain/config/settings.ts missing from .env.example").toEqual([]);
    const undocumented = names.filter((n) => !listed.get(n)!.documented);
    expect(undocumented, "variables in .env.example without a comment above them").toEqual([]);
  });

  it("names no variable the schema does not know", () => {
    const unknown = entries()
      .map((e) => e.name)
      .filter((n) => !(n in SETTINGS));
    expect(unknown, "variables in .env.example that domain/config/settings.ts does not have").toEqual([]);
  });

  it("lists each variable once", () => {
    const seen = entries().map((e) => e.name);
    expect(seen.filter((n, i) => seen.indexOf(n) !== i)).toEqual([]);
  });

  it("shows values the schema accepts: the active ones together, each commented-out one alone", () => {
    // As `npm start` would read a copy of it (process.loadEnvFile parses the same way).
    const active = parseEnv(example);
    expect(settingsProblems(active, [...checked] as SettingName[])).toEqual([]);
    for (const entry of entries().filter((e) => e.commentedOut && e.value && checked.has(e.name))) {
      expect(settingsProblems({ [entry.name]: entry.value }, [entry.name as SettingName]), entry.name).toEqual([]);
    }
  });
});

describe("the code", () => {
  it("reads no variable of its own that the schema does not know", () => {
    // process.env.X, env.X and env["X"] in the server, worker, domain and scripts (tests aside).
    const read = new Set<string>();
    const walk = (dir: string) => {
      for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, item.name);
        if (item.isDirectory()) {
          if (item.name !== "test" && item.name !== "node_modules") walk(file);
        } else if (/\.ts$/.test(item.name) && !item.name.includes(".test.")) {
          for (const m of fs.readFileSync(file, "utf8").matchAll(/\benv\??\.([A-Z][A-Z0-9_]+)|\benv\[["']([A-Z][A-Z0-9_]+)["']\]/g))
            read.add(m[1] ?? m[2]);
        }
      }
    };
    for (const part of ["server", "worker", "domain", "scripts", "db"]) walk(path.join(rootDir, part));
    expect(read.size).toBeGreaterThan(10);
    expect([...read].filter((n) => !(n in SETTINGS)).sort()).toEqual([]);
  });
});
