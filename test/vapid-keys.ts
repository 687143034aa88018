// A fresh VAPID key pair for tests, in the form VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY take.
// ECDH's getPrivateKey() drops a leading zero byte (1 key in 256), which the settings rightly
// reject as not 32 bytes; a test that used it raw failed in CI once in a few hundred runs.
import { createECDH } from "node:crypto";
import { fullPrivateKey } from "../domain/notice-keys.ts";

export function vapidKeyPair(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString("base64url"),
    privateKey: fullPrivateKey(ecdh.getPrivateKey()).toString("base64url"),
  };
}
