// The recorded device payloads, TTN uplinks and Environment Agency answers the product's
// specification comes with (test/fixtures, copied from the spec's fixtures folder so that a clone
// of this repository tests on its own, wherever it is checked out).
import { readFileSync } from "node:fs";

/** The text of one fixture file, e.g. "ttn-uplink-lse01.json". */
export function specFixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
}
