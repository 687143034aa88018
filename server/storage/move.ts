// Moves the pictures and pending uploads of one store into another (npm run pictures:move,
// scripts/move-pictures.ts): every object under images/ and uploads/pending/ is copied whole,
// one write each, so an interrupted run leaves whole objects or none. Resumable: an object the
// target already has with the same size, written no earlier than the source's, is skipped, so
// running again copies only what is missing or changed since. A dry run reads both listings
// and writes nothing. The source is left as it was; remove it once the servers use the target.
import type { PictureStore } from "./store.ts";

export const MOVED_PREFIXES = ["images/", "uploads/pending/"];

export interface MoveReport {
  /** Objects copied (in a dry run: that would be copied). */
  copied: number;
  /** Objects the target already had. */
  skipped: number;
  /** Bytes copied (or that would be). */
  bytes: number;
}

export interface MoveOptions {
  dryRun?: boolean;
  /** Copies under way at once. */
  concurrency?: number;
  log?: (line: string) => void;
}

export async function movePictures(from: PictureStore, to: PictureStore, options: MoveOptions = {}): Promise<MoveReport> {
  const { dryRun = false, concurrency = 4, log = () => {} } = options;
  const report: MoveReport = { copied: 0, skipped: 0, bytes: 0 };
  for (const prefix of MOVED_PREFIXES) {
    const there = new Map<string, { size: number; lastModified: number }>();
    for await (const item of to.list(prefix)) there.set(item.key, { size: item.size, lastModified: item.lastModified.getTime() });

    const pending: Promise<void>[] = [];
    let failure: unknown = null;
    const running = new Set<Promise<void>>();
    for await (const item of from.list(prefix)) {
      if (failure) break;
      const target = there.get(item.key);
      // A second of slack: some backends keep whole seconds.
      if (target && target.size === item.size && target.lastModified >= Math.floor(item.lastModified.getTime() / 1000) * 1000) {
        report.skipped += 1;
        continue;
      }
      report.copied += 1;
      report.bytes += item.size;
      if (dryRun) {
        log(`would copy ${item.key} (${item.size} bytes)`);
        continue;
      }
      const copy = (async () => {
        const body = await from.read(item.key);
        // Removed from the source meanwhile (a form's pending upload used up): nothing to move.
        if (body === null) return;
        await to.put(item.key, body, "image/webp");
      })().catch((e) => {
        failure ??= e;
      });
      const tracked = copy.finally(() => running.delete(tracked));
      running.add(tracked);
      pending.push(tracked);
      if (running.size >= concurrency) await Promise.race(running);
      if (report.copied % 100 === 0) log(`${report.copied} copied, ${report.skipped} already there`);
    }
    await Promise.all(pending);
    if (failure) throw failure;
  }
  return report;
}
