// STORAGE=local (the default): objects are files under the data folder, a key being the path
// below DATA_DIR (images/<type>/<id>/<variant>.webp, uploads/pending/...), which is the layout
// used before there was a choice, so an existing installation keeps its pictures. One server
// only, unless DATA_DIR is shared storage.
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { checkKey, type ListedObject, type PictureStore, type StoredObject } from "./store.ts";

/** The file (or a folder on its path) is not there: the object does not exist. */
function isMissing(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException | null | undefined)?.code;
  return code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR";
}

export function localStore(dataDir: string): PictureStore {
  const root = path.resolve(dataDir);
  const fileOf = (key: string) => path.join(root, ...checkKey(key).split("/"));

  async function* walk(dir: string, keyPrefix: string): AsyncGenerator<ListedObject> {
    const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => [] as fs.Dirent[]);
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      // Files being written (".name.tmp") are not objects yet.
      if (entry.name.startsWith(".")) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(full, `${keyPrefix}${entry.name}/`);
      else if (entry.isFile()) {
        const stat = await fs.promises.stat(full).catch(() => null);
        if (stat) yield { key: `${keyPrefix}${entry.name}`, size: stat.size, lastModified: stat.mtime };
      }
    }
  }

  return {
    kind: "local",
    async put(key, body) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // Written beside its name, then renamed: readers see the old file or the new one whole.
      const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
      try {
        await fs.promises.writeFile(temp, body, { flag: "wx" });
        await fs.promises.rename(temp, file);
      } catch (e) {
        await fs.promises.rm(temp, { force: true }).catch(() => {});
        throw e;
      }
    },

    async get(key): Promise<StoredObject | null> {
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(fileOf(key), "r");
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
      // Headers come from the opened file, so a picture replaced meanwhile (by rename) is served
      // whole, old or new, with the matching tag.
      const stat = await handle.stat().catch(async (e) => {
        await handle.close().catch(() => {});
        throw e;
      });
      if (!stat.isFile()) {
        await handle.close().catch(() => {});
        return null;
      }
      let streamed = false;
      return {
        size: stat.size,
        etag: `"${stat.ino.toString(36)}-${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`,
        lastModified: stat.mtime,
        stream() {
          streamed = true;
          // The stream owns the handle from here and closes it when done or destroyed.
          return handle.createReadStream();
        },
        async close() {
          if (!streamed) await handle.close().catch(() => {});
        },
      };
    },

    async read(key) {
      try {
        return await fs.promises.readFile(fileOf(key));
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },

    async *list(prefix) {
      checkKey(prefix, { prefix: true });
      // The folder holding the prefix, then the names in it that start with the rest.
      const slash = prefix.lastIndexOf("/");
      const dirKey = prefix.slice(0, slash + 1);
      const rest = prefix.slice(slash + 1);
      const dir = path.join(root, ...dirKey.split("/").filter(Boolean));
      for await (const item of walk(dir, dirKey)) {
        if (item.key.slice(dirKey.length).startsWith(rest)) yield item;
      }
    },

    async delete(keys) {
      await Promise.all(keys.map((key) => fs.promises.rm(fileOf(key), { force: true })));
    },

    async deletePrefix(prefix) {
      checkKey(prefix, { prefix: true });
      if (!prefix.endsWith("/")) throw new Error("deletePrefix takes a folder prefix ending with /");
      await fs.promises.rm(path.join(root, ...prefix.split("/").filter(Boolean)), { recursive: true, force: true });
    },

    async close() {},
  };
}
