// Runs rows of the matrix (matrix.ts) for every role against the real API, in a world arranged
// once per test file; each (row, role) is one test named after what it tries and what must happen.
import { describe, it, expect, beforeAll, beforeEach, afterAll } from "vitest";
import { MATRIX } from "./matrix.ts";
import { denialFor, observe, type Row } from "./matrix-types.ts";
import { ROLES } from "./roles.ts";
import { World } from "./world.ts";

export function runMatrix(title: string, select: (row: Row, index: number) => boolean) {
  let world: World;
  beforeAll(async () => {
    world = await World.create();
  }, 120_000);
  afterAll(async () => {
    await world?.close();
  });
  // Arranging fresh invitations and addresses sends the world's users far more than the 30
  // notice e-mails an hour each may cause (test/security/invitation-email-flood.test.ts); each
  // case starts with a clean count, so the matrix sees the permission rules alone.
  beforeEach(async () => {
    await world.forgetNoticeEmails();
  });

  const cases = MATRIX.flatMap((row, index) => (select(row, index) ? ROLES.map((role) => ({ row, role })) : [])).map(
    ({ row, role }) => [row.field, row.does, role, row.allowed.includes(role) ? "allowed" : denialFor(row, role), row] as const,
  );

  describe(title, () => {
    it.each(cases)("%s: %s, as %s → %s", async (_field, _does, role, expected, row) => {
      const outcome = await row.probe(world, role);
      // On a mismatch the message shows what came back, so the failing rule is plain to see.
      expect(observe(outcome), JSON.stringify(outcome.result.errors ?? outcome.value ?? null)).toBe(expected);
    });
  });
}
