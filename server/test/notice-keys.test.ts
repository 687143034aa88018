// VAPID keys generated into DATA_DIR (domain/notice-keys.ts): always a valid pair, also when
// ECDH hands back a private key with its leading zero byte dropped (1 key in 256: a fleet test
// failed on one), and one file whoever writes first.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createECDH } from "node:crypto";
import { describe, expect, it } from "vitest";
import { fullPrivateKey, readVapidKeys, vapidKeysFromEnv } from "../../domain/notice-keys.ts";
import { vapidKeyPair } from "../../test/vapid-keys.ts";

describe("generated VAPID keys", () => {
  it("pads a private key ECDH shortened back to 32 bytes, and the pair still matches", () => {
    // Find a key with a leading zero byte (about 1 in 256).
    let short: Buffer | null = null;
    let publicKey: Buffer | null = null;
    for (let i = 0; i < 20_000 && !short; i++) {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const key = ecdh.getPrivateKey();
      if (key.length < 32) [short, publicKey] = [key, ecdh.getPublicKey()];
    }
    expect(short).not.toBeNull();
    const full = fullPrivateKey(short!);
    expect(full.length).toBe(32);
    expect(full[0]).toBe(0);
    const again = createECDH("prime256v1");
    again.setPrivateKey(full);
    expect(again.getPublicKey().equals(publicKey!)).toBe(true);
  });

  it("keeps one pair per data folder: the second reader gets what the first wrote", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "steward-vapid-"));
    try {
      const first = readVapidKeys({}, dir);
      const second = readVapidKeys({}, dir);
      expect(second).toEqual(first);
      expect(Buffer.from(first.privateKey, "base64url").length).toBe(32);
      expect(fs.readdirSync(dir)).toEqual(["vapid-keys.json"]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the tests' own key pairs are always accepted by the settings (one in 256 raw ECDH keys is not)", () => {
    // 2,000 pairs hold a shortened key with probability 1 - (255/256)^2000 > 99.9 %.
    for (let i = 0; i < 2000; i++) {
      const pair = vapidKeyPair();
      expect(() => vapidKeysFromEnv({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey })).not.toThrow();
    }
  });
});
