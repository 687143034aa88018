// STORAGE=s3: objects in an S3-compatible bucket through the AWS SDK v3 client: AWS S3, MinIO
// (docker-compose), Cloudflare R2, Ceph's RADOS Gateway. Settings: S3_BUCKET (required),
// S3_ENDPOINT (anything but AWS), S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (else the
// SDK's usual chain: environment, profile, instance role), S3_FORCE_PATH_STYLE (MinIO, Ceph),
// S3_PREFIX (keys under a folder of a shared bucket). The bucket stays private: pictures are
// served by the servers, after the visibility check, never by bucket URLs.
import type { Readable } from "node:stream";
import {
  S3Client,
  GetObjectCommand,
  PutObjectCommand,
  DeleteObjectCommand,
  ListObjectsV2Command,
  type GetObjectCommandOutput,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { checkKey, type ListedObject, type PictureStore } from "./store.ts";

export interface S3Settings {
  bucket: string;
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Prepended to every key ("" or a folder ending with "/"). */
  prefix: string;
}

/** Deletes sent at once; one request per object works on every S3-compatible server alike. */
const DELETE_CONCURRENCY = 8;

function isNotFound(error: unknown): boolean {
  const e = error as { name?: unknown; $metadata?: { httpStatusCode?: number } } | null | undefined;
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}

export function s3Store(settings: S3Settings): PictureStore {
  if (!settings.bucket) throw new Error("STORAGE=s3 needs S3_BUCKET");
  const clientConfig: S3ClientConfig = {
    region: settings.region || "us-east-1",
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: MinIO, R2 and Ceph versions differ in what they accept.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  };
  if (settings.endpoint) clientConfig.endpoint = settings.endpoint;
  if (settings.accessKeyId && settings.secretAccessKey) {
    clientConfig.credentials = { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey };
  }
  const client = new S3Client(clientConfig);
  const Bucket = settings.bucket;
  const prefix = settings.prefix;
  const full = (key: string) => `${prefix}${checkKey(key)}`;

  return {
    kind: "s3",
    async put(key, body, contentType = "image/webp") {
      // A PUT replaces the object whole: readers get the old one or the new one.
      await client.send(new PutObjectCommand({ Bucket, Key: full(key), Body: body, ContentType: contentType, ContentLength: body.length }));
    },

    async get(key) {
      let out: GetObjectCommandOutput;
      try {
        out = await client.send(new GetObjectCommand({ Bucket, Key: full(key) }));
      } catch (e) {
        if (isNotFound(e)) return null;
        throw e;
      }
      const body = out.Body as Readable;
      let streamed = false;
      return {
        size: Number(out.ContentLength ?? 0),
        etag: out.ETag ?? `"${Number(out.LastModified ?? 0).toString(36)}"`,
        lastModified: out.LastModified ?? new Date(0),
        stream() {
          streamed = true;
          return body;
        },
        async close() {
          if (!streamed) body.destroy();
        },
      };
    },

    async read(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: full(key) }));
        return Buffer.from(await out.Body!.transformToByteArray());
      } catch (e) {
        if (isNotFound(e)) return null;
        throw e;
      }
    },

    async *list(listPrefix): AsyncGenerator<ListedObject> {
      checkKey(listPrefix, { prefix: true });
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: `${prefix}${listPrefix}`, ContinuationToken }));
        for (const item of page.Contents ?? []) {
          if (!item.Key) continue;
          yield { key: item.Key.slice(prefix.length), size: Number(item.Size ?? 0), lastModified: item.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async delete(keys) {
      const queue = keys.map(full);
      const worker = async () => {
        for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
          await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
        }
      };
      await Promise.all(Array.from({ length: Math.min(DELETE_CONCURRENCY, queue.length) }, worker));
    },

    async deletePrefix(folder) {
      checkKey(folder, { prefix: true });
      if (!folder.endsWith("/")) throw new Error("deletePrefix takes a folder prefix ending with /");
      const keys: string[] = [];
      for await (const item of this.list(folder)) keys.push(item.key);
      await this.delete(keys);
    },

    async close() {
      client.destroy();
    },
  };
}
