// How the status line names queued actions and counts them, in English and German.
import { describe, expect, it } from "vitest";
import { translator } from "../../../../shared/i18n/translate.ts";
import { de } from "../../lib/i18n/messages/de.ts";
import { en, type MessageKey } from "../../lib/i18n/messages/en-GB.ts";
import type { QueuedAction } from "../../lib/offline/action-queue.ts";
import { queuedActionLabel, waitingCount } from "./QueuedActionsStatus.tsx";

const action = (type: string, litres: number | null): QueuedAction => ({
  key: `k-${type}-${litres}`,
  thingId: "t",
  thingName: "Oak",
  type,
  comments: "",
  litres,
  location: null,
  recordedAt: "2026-11-26T10:00:00Z",
  status: "queued",
  attempts: 0,
  sentAt: null,
  actionId: null,
  error: null,
});
const germanT = translator<MessageKey>("de", { "en-GB": en, de });

describe("the queued actions' words", () => {
  it("name the action, the thing and the litres", () => {
    expect(queuedActionLabel(action("WATERING", 10))).toBe("Watering of Oak, 10 L");
    expect(queuedActionLabel(action("UPKEEP", null))).toBe("Upkeep of Oak");
    expect(queuedActionLabel(action("SOMETHING_NEW", null))).toBe("Action of Oak");
    expect(queuedActionLabel(action("WATERING", 10), germanT)).toBe("Oak: Gießen, 10 L");
  });

  it("count waterings as waterings and a mix as actions", () => {
    expect(waitingCount([action("WATERING", 10)])).toBe("1 watering");
    expect(waitingCount([action("WATERING", 10), action("WATERING", 5)])).toBe("2 waterings");
    expect(waitingCount([action("WATERING", 10), action("UPKEEP", null)])).toBe("2 actions");
    expect(waitingCount([action("WATERING", 10), action("UPKEEP", null)], germanT)).toBe("2 Einsätze");
  });
});
