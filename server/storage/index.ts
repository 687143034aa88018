// The picture store the configuration chooses (STORAGE: local, the default; postgres; s3), see
// ./store.ts for the interface and docs/decisions.md ("Fleet (issue 24)") for the why.
import { localStore } from "./local.ts";
import { postgresStore } from "./postgres.ts";
import { s3Store, type S3Settings } from "./s3.ts";
import type { PictureStore, StorageKind } from "./store.ts";

export type { PictureStore, StoredObject, ListedObject, StorageKind } from "./store.ts";
export { STORAGE_KINDS, collect } from "./store.ts";

export interface StorageSettings {
  storage: StorageKind;
  /** local: the data folder (DATA_DIR). */
  dataDir: string;
  /** postgres: the owner's URL (DATABASE_URL). */
  databaseUrl: string;
  s3: S3Settings;
}

export function openPictureStore(settings: StorageSettings): PictureStore {
  switch (settings.storage) {
    case "local":
      return localStore(settings.dataDir);
    case "postgres":
      if (!settings.databaseUrl) throw new Error("STORAGE=postgres needs DATABASE_URL");
      return postgresStore({ databaseUrl: settings.databaseUrl });
    case "s3":
      return s3Store(settings.s3);
    default:
      throw new Error(`Unknown STORAGE "${String(settings.storage)}": use local, postgres or s3`);
  }
}
