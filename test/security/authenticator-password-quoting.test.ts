// Attack: db/docker/10-authenticator.sh pasted AUTHENTICATOR_PASSWORD into its SQL between single
// quotes, so a password with a quote broke the container's first start, and a crafted one ran SQL
// of its own as the database owner (`x'; alter role ... superuser; --`). The script now hands the
// password to psql as a variable and quotes it with :'pw'. This test runs the script itself with
// psql against this run's PostgreSQL, with the role renamed to a throw-away one (the real name is
// cluster-wide and already taken by the test databases).
import { describe, it, expect, afterAll, inject } from "vitest";
import { execFile } from "node:child_process";
import { createHash, createHmac, pbkdf2Sync, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { rootDir } from "../../server/config.ts";

const run = promisify(execFile);
const SCRIPT = path.join(rootDir, "db/docker/10-authenticator.sh");
const adminUrl = () => new URL(inject("adminUrl"));

const roles: string[] = [];
let dir: string | undefined;
afterAll(async () => {
  const client = new pg.Client({ connectionString: inject("adminUrl") });
  await client.connect();
  try {
    for (const role of roles) await client.query(`drop role if exists ${role}`);
    await client.query("drop role if exists bk_sec_injected");
  } finally {
    await client.end();
  }
  if (dir) await fs.promises.rm(dir, { recursive: true, force: true });
});

/** Runs the init script as the postgres image would (POSTGRES_USER, POSTGRES_DB), for a throw-away role name. */
async function runScript(password: string | undefined): Promise<{ role: string; code: number; stderr: string }> {
  const role = `bk_sec_auth_${randomBytes(4).toString("hex")}`;
  roles.push(role);
  dir ??= await fs.promises.mkdtemp(path.join(os.tmpdir(), "steward-initdb-"));
  const script = path.join(dir, `${role}.sh`);
  await fs.promises.writeFile(script, (await fs.promises.readFile(SCRIPT, "utf8")).replaceAll("bk_authenticator", role));
  const url = adminUrl();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    PGHOST: url.hostname,
    PGPORT: url.port || "5432",
    PGPASSWORD: decodeURIComponent(url.password),
    POSTGRES_USER: decodeURIComponent(url.username) || "postgres",
    POSTGRES_DB: url.pathname.slice(1) || "postgres",
  };
  if (password !== undefined) env.AUTHENTICATOR_PASSWORD = password;
  try {
    const { stderr } = await run("sh", [script], { env });
    return { role, code: 0, stderr };
  } catch (e: any) {
    return { role, code: e.code ?? 1, stderr: String(e.stderr ?? e.message) };
  }
}

async function storedVerifier(role: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: inject("adminUrl") });
  await client.connect();
  try {
    const { rows } = await client.query("select rolpassword, rolcanlogin from pg_authid where rolname = $1", [role]);
    return rows[0] ? rows[0].rolpassword : null;
  } finally {
    await client.end();
  }
}

/** Whether a SCRAM-SHA-256 verifier as PostgreSQL stores it was made from `password`. */
function scramMatches(verifier: string, password: string): boolean {
  const m = /^SCRAM-SHA-256\$(\d+):([^$]+)\$([^:]+):(.+)$/.exec(verifier);
  if (!m) return false;
  const salted = pbkdf2Sync(password.normalize("NFKC"), Buffer.from(m[2], "base64"), Number(m[1]), 32, "sha256");
  const storedKey = createHash("sha256").update(createHmac("sha256", salted).update("Client Key").digest()).digest("base64");
  return storedKey === m[3];
}

describe("10-authenticator.sh", () => {
  it("stores a password containing quotes, backslashes and SQL exactly as given", async () => {
    const password = `it's "quoted" \\ and '; drop role postgres; --`;
    const { role, code, stderr } = await runScript(password);
    expect(stderr).not.toMatch(/ERROR/);
    expect(code).toBe(0);
    const verifier = await storedVerifier(role);
    expect(verifier).not.toBeNull();
    expect(scramMatches(verifier!, password)).toBe(true);
  });

  it("a crafted password runs no SQL of its own", async () => {
    const { role, code } = await runScript(`x' superuser; create role bk_sec_injected; --`);
    expect(code).toBe(0);
    const client = new pg.Client({ connectionString: inject("adminUrl") });
    await client.connect();
    try {
      const { rows } = await client.query("select rolname, rolsuper from pg_roles where rolname in ($1, 'bk_sec_injected')", [role]);
      expect(rows).toEqual([{ rolname: role, rolsuper: false }]);
    } finally {
      await client.end();
    }
  });

  it("without AUTHENTICATOR_PASSWORD it stops with a message and creates nothing", async () => {
    const { role, code, stderr } = await runScript(undefined);
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/AUTHENTICATOR_PASSWORD/);
    expect(await storedVerifier(role)).toBeNull();
  });
});
