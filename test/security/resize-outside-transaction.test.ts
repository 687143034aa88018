// Security review #20: image resizing (sharp, up to 100 megapixels) ran inside the newFiles
// mutation's transaction, holding one of the API's few pool connections during seconds of CPU
// work; a handful of users attaching large pictures could starve every other request. Resizing
// now happens in POST /uploads, before any transaction opens (the request holds no connection
// then), and newFiles only checks rights in SQL and moves the finished files into place.
//
// Shown here: (1) the three WebP sizes exist once the upload has answered, in the uploader's
// pending folder; (2) while newFiles runs, sharp does no work at all (its process-wide task
// counters stay at zero), and the stored sizes are byte for byte those made at upload time.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import sharp from "sharp";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { startTestServer, gql, signUp } from "../../server/test/harness.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "steward-resize-"));
  server = await startTestServer({ dataDir });
});
afterAll(async () => {
  await server?.close();
  if (dataDir) await fs.promises.rm(dataDir, { recursive: true, force: true });
});

const NEW_FILES = `mutation NewFiles($sessionId: String!, $type: String!, $id: UUID!) {
  newFiles(input: { sessionId: $sessionId, type: $type, id: $id }) { movedFiles } }`;

/** A large, busy photo-like JPEG: resizing it takes sharp a noticeable while. */
async function bigJpeg(width: number, height: number): Promise<Buffer> {
  const noise = await sharp({
    create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 60 } },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  return noise;
}

async function upload(token: string, sessionId: string, data: Buffer) {
  const form = new FormData();
  form.append("sessionId", sessionId);
  form.append("file", new Blob([new Uint8Array(data)], { type: "image/jpeg" }), "photo.jpg");
  const res = await fetch(`${server.url}/uploads`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

/** Every .webp under a folder, by base name (thumb, medium, large). */
async function webpsUnder(dir: string): Promise<Record<string, Buffer>> {
  const names = fs.existsSync(dir) ? ((await fs.promises.readdir(dir, { recursive: true })) as string[]) : [];
  const found: Record<string, Buffer> = {};
  for (const name of names.filter((n) => n.endsWith(".webp")))
    found[path.basename(name, ".webp")] = await fs.promises.readFile(path.join(dir, name));
  return found;
}

describe("resizing happens in the upload request, not in newFiles' transaction", () => {
  it("the upload answers with the three sizes already made; newFiles moves them and resizes nothing", async () => {
    const user = await signUp(server.url);
    const id = (await gql(server.url, `query Me { currentUser { id } }`, {}, user.token)).data.currentUser.id as string;
    const sessionId = randomUUID();
    const original = await bigJpeg(4000, 3000);

    const up = await upload(user.token, sessionId, original);
    expect(up.status).toBe(201);
    // (1) Done by the time the upload answered: before any transaction of newFiles exists.
    const pending = await webpsUnder(path.join(dataDir, "uploads", "pending", id, sessionId));
    expect(Object.keys(pending).sort()).toEqual(["large", "medium", "thumb"]);
    const sizes = Object.fromEntries(
      await Promise.all(
        Object.entries(pending).map(async ([v, b]) => [
          v,
          await sharp(b)
            .metadata()
            .then((m) => [m.format, m.width, m.height]),
        ]),
      ),
    );
    expect(sizes).toEqual({ thumb: ["webp", 128, 128], medium: ["webp", 512, 384], large: ["webp", 1600, 1200] });

    // (2) No sharp work at all while the mutation runs (libvips works on its own threads, so the
    // event loop is free to look every millisecond).
    let busiest = 0;
    const watch = setInterval(() => {
      const { queue, process } = sharp.counters();
      busiest = Math.max(busiest, queue + process);
    }, 1);
    let r: Awaited<ReturnType<typeof gql>>;
    try {
      r = await gql(server.url, NEW_FILES, { sessionId, type: "user", id }, user.token);
    } finally {
      clearInterval(watch);
    }
    expect(r.errors).toBeUndefined();
    expect(busiest).toBe(0);
    // The stored pictures are the files made at upload time, moved, not made again.
    const stored = await webpsUnder(path.join(dataDir, "images", "user", id));
    expect(Object.keys(stored).sort()).toEqual(["large", "medium", "thumb"]);
    for (const v of ["thumb", "medium", "large"]) expect(stored[v].equals(pending[v]), v).toBe(true);
    // The pending upload is used up.
    expect(fs.existsSync(path.join(dataDir, "uploads", "pending", id, sessionId))).toBe(false);
  }, 60_000);
});
