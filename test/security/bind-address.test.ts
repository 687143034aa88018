// Attack: the server listened on 0.0.0.0 by default, so `npm start` on a laptop served the app, its
// demo accounts and the webhook to everyone on the same network (a café's wifi). It now listens on
// 127.0.0.1 unless HOST says otherwise; the container sets HOST=0.0.0.0, where the port is what
// docker publishes.
import { describe, it, expect, beforeAll, afterAll, inject } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { loadConfig, rootDir } from "../../server/config.ts";
import { startServer, type RunningServer } from "../../server/app.ts";
import { authenticatorUrl } from "../database.ts";

const saved = { ...process.env };

describe("HOST", () => {
  afterAll(() => {
    process.env = { ...saved };
  });

  it("defaults to 127.0.0.1", () => {
    delete process.env.HOST;
    expect(loadConfig().host).toBe("127.0.0.1");
  });

  it("is taken from the environment when set", () => {
    process.env.HOST = "0.0.0.0";
    expect(loadConfig().host).toBe("0.0.0.0");
    process.env.HOST = "::1";
    expect(loadConfig().host).toBe("::1");
  });
});

describe("the server without HOST", () => {
  let server: RunningServer;
  let dataDir: string;
  beforeAll(async () => {
    delete process.env.HOST;
    const databaseUrl = inject("databaseUrl");
    dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "steward-bind-"));
    server = await startServer(
      loadConfig({
        databaseUrl,
        authDatabaseUrl: await authenticatorUrl(databaseUrl),
        port: 0,
        exportSchema: false,
        graphiql: false,
        jwtSecret: "bind-address-test-secret-long-enough-000",
        dataDir,
      }),
    );
  });
  afterAll(async () => {
    await server?.close();
    process.env = { ...saved };
    if (dataDir) await fs.promises.rm(dataDir, { recursive: true, force: true });
  });

  it("listens on the loopback interface only", async () => {
    const address = server.httpServer.address() as AddressInfo;
    expect(address.address).toBe("127.0.0.1");
    expect((await fetch(`http://127.0.0.1:${address.port}/health`)).status).toBeLessThan(600);
  });

  const external = Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i && i.family === "IPv4" && !i.internal);
  it.skipIf(!external)("is not reachable on this machine's network address", async () => {
    const { port } = server.httpServer.address() as AddressInfo;
    await expect(fetch(`http://${external!.address}:${port}/health`, { signal: AbortSignal.timeout(3000) })).rejects.toThrow();
  });
});

describe("the container", () => {
  it("sets HOST=0.0.0.0 in the image and in docker-compose, where the published port decides who reaches it", () => {
    // Continuation lines joined, so a multi-line ENV reads as one instruction.
    const dockerfile = fs.readFileSync(path.join(rootDir, "Dockerfile"), "utf8").replace(/\\\n\s*/g, " ");
    expect(dockerfile).toMatch(/^ENV .*\bHOST=0\.0\.0\.0\b/m);
    const compose = fs.readFileSync(path.join(rootDir, "docker-compose.yml"), "utf8");
    expect(compose).toMatch(/^\s+HOST: "?0\.0\.0\.0"?\s*$/m);
  });

  it(".env.example documents the default as 127.0.0.1", () => {
    const example = fs.readFileSync(path.join(rootDir, ".env.example"), "utf8");
    expect(example).toMatch(/^HOST=127\.0\.0\.1$/m);
  });
});
