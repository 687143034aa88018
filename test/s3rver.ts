// A local server that speaks the S3 protocol (the s3rver package), started by a test on a free
// port with a bucket, so STORAGE=s3 is tested against real HTTP requests of the AWS SDK, not a
// mock of the client. Objects are files in a temporary folder, removed on stop.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import type { S3Settings } from "../server/storage/s3.ts";

const require = createRequire(import.meta.url);

export interface LocalS3 {
  settings: S3Settings;
  stop(): Promise<void>;
}

export async function startLocalS3(bucket = "steward-test", prefix = ""): Promise<LocalS3> {
  const S3rver = require("s3rver");
  const directory = await fs.promises.mkdtemp(path.join(os.tmpdir(), "steward-s3rver-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: bucket }] });
  const address = (await server.run()) as AddressInfo;
  return {
    settings: {
      bucket,
      endpoint: `http://127.0.0.1:${address.port}`,
      region: "us-east-1",
      // s3rver's fixed credentials; it checks the signatures made with them.
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
      prefix,
    },
    async stop() {
      await server.close();
      await fs.promises.rm(directory, { recursive: true, force: true });
    },
  };
}
