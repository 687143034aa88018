// Security review #20: a decompression bomb (a small file that unpacks to a huge canvas) sent to
// POST /uploads. It must be refused before it is decoded, with 413 Payload Too Large and the
// limit in the message, as README.md and docs/decisions.md (Images) promise, and leave nothing
// behind. Before the fix sharp's own pixel limit threw while the header was read and the upload
// answered 415 "Only JPEG, PNG, WebP or GIF images can be uploaded", as for a broken file.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import sharp from "sharp";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { startTestServer, signUp } from "../../server/test/harness.ts";
import { MAX_PIXELS } from "../../server/images/inspect.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "steward-bomb-"));
  server = await startTestServer({ dataDir });
});
afterAll(async () => {
  await server?.close();
  if (dataDir) await fs.promises.rm(dataDir, { recursive: true, force: true });
});

async function upload(token: string, name: string, data: Buffer) {
  const form = new FormData();
  form.append("sessionId", randomUUID());
  form.append("file", new Blob([new Uint8Array(data)], { type: "image/png" }), name);
  const res = await fetch(`${server.url}/uploads`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

/** One flat colour: PNG's deflate packs it to a few hundred kilobytes. */
function flat(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 160, b: 60 } }, limitInputPixels: false })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

describe("decompression bomb upload", () => {
  it("answers 413 to a small PNG of more than 100 megapixels, keeping nothing", async () => {
    const user = await signUp(server.url);
    // 10,001 x 10,000: just over the limit, about 0.3 MB on the wire, 300 MB once decoded.
    const bomb = await flat(10_001, 10_000);
    expect(10_001 * 10_000).toBeGreaterThan(MAX_PIXELS);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);

    const refused = await upload(user.token, "bomb.png", bomb);
    expect(refused).toEqual({ status: 413, body: { error: "Images must be at most 100 megapixels" } });
    // Nothing of it is kept: no pending upload, no temporary file.
    const pending = path.join(dataDir, "uploads", "pending");
    const kept = fs.existsSync(pending) ? await fs.promises.readdir(pending, { recursive: true }) : [];
    expect(kept.filter((f) => String(f).includes("."))).toEqual([]);
    expect(await fs.promises.readdir(path.join(dataDir, "uploads", "tmp"))).toEqual([]);
  }, 60_000);

  it("still accepts a picture at the limit, and still answers 415 to a broken one", async () => {
    const user = await signUp(server.url);
    // A long, thin picture of exactly 100 megapixels is fine.
    expect((await upload(user.token, "wide.png", await flat(20_000, 5_000))).status).toBe(201);
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 7)]);
    expect(await upload(user.token, "broken.png", broken)).toEqual({
      status: 415,
      body: { error: "Only JPEG, PNG, WebP or GIF images can be uploaded" },
    });
  }, 60_000);
});
