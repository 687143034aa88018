// The SPA's assets go over the wire precompressed (issue 27): brotli when the browser accepts it,
// else gzip, else the original, always with Vary: Accept-Encoding and the long cache of a hashed
// asset; client routes still get index.html.
import express from "express";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spaRouter } from "../routes/spa.ts";

const script = `export const greeting = ${JSON.stringify("hello ".repeat(500))};\n`;
let dir: string;
let server: http.Server;
let base: string;

/** A raw GET (fetch would decode the body and hide Content-Encoding's effect). */
function get(urlPath: string, acceptEncoding?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${base}${urlPath}`,
      { headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on("error", reject);
  });
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "steward-spa-"));
  fs.mkdirSync(path.join(dir, "assets"));
  fs.writeFileSync(path.join(dir, "assets", "app-abc123.js"), script);
  fs.writeFileSync(path.join(dir, "assets", "app-abc123.js.br"), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dir, "assets", "app-abc123.js.gz"), zlib.gzipSync(script));
  fs.writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>Steward</title>");
  const app = express();
  app.use(spaRouter(dir));
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("precompressed SPA assets", () => {
  it("sends brotli to a browser that accepts it, with Vary and the immutable cache", async () => {
    const res = await get("/assets/app-abc123.js", "gzip, deflate, br, zstd");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cache-control"]).toMatch(/immutable/);
    expect(res.body.length).toBeLessThan(script.length / 10);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it("sends gzip when brotli is not accepted", async () => {
    const res = await get("/assets/app-abc123.js", "gzip");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(res.body).toString()).toBe(script);
  });

  it("sends the original when no encoding is accepted", async () => {
    const res = await get("/assets/app-abc123.js", "identity");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body.toString()).toBe(script);
  });

  it("still answers a missing asset with 404 and a client route with index.html", async () => {
    expect((await get("/assets/missing-000.js", "br")).status).toBe(404);
    const page = await get("/things/123", "br");
    expect(page.status).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-cache");
    expect(page.body.toString()).toContain("<title>Steward</title>");
  });
});
