// /account/notices against a fake API (issue 25): preferences per kind and channel, the digest and
// quiet hours (checked here before the server sees them), and the devices that get push messages,
// with the browser's Push API stood in for.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TEST_CONFIG, userSession } from "../../test/helpers.tsx";
import { browserLabel, fromBase64Url, toBase64Url } from "./push.ts";
import { gqlError, renderWithApi } from "./test-utils.tsx";

const KINDS = ["WATER", "TASK", "INVITATION", "GROUP", "DEVICE", "DIGEST"];
const DEFAULTS: Record<string, [boolean, boolean, boolean]> = {
  WATER: [true, true, true],
  TASK: [true, true, true],
  INVITATION: [true, true, true],
  GROUP: [false, false, false],
  DEVICE: [true, false, true],
  DIGEST: [false, false, false],
};
const PREFS = {
  data: {
    myNoticePreferencesList: KINDS.map((kind) => ({
      __typename: "NoticePreference",
      kind,
      inApp: DEFAULTS[kind][0],
      email: DEFAULTS[kind][1],
      push: DEFAULTS[kind][2],
    })),
    myNoticeSettings: {
      __typename: "NoticeSetting",
      digestFrequency: "DAILY",
      singleEmails: true,
      quietStart: "22:00:00.000000",
      quietEnd: "07:00:00.000000",
      timeZone: "Europe/London",
    },
  },
};
const DEVICE = {
  __typename: "PushSubscription",
  id: "s1",
  label: "Firefox on Linux",
  endpoint: "https://updates.push.services.mozilla.com/wpush/v2/abc",
  createdAt: "2026-11-01T10:00:00Z",
  lastSuccessAt: null,
};
const NO_DEVICES = { data: { allPushSubscriptions: { __typename: "PushSubscriptionsConnection", nodes: [] } } };
const SAVED_PREF = (v: Record<string, unknown>) => ({
  data: { setNoticePreference: { __typename: "SetNoticePreferencePayload", noticePreference: { __typename: "NoticePreference", ...v } } },
});
const SAVED_SETTINGS = (v: Record<string, unknown>) => ({
  data: { setNoticeSettings: { __typename: "SetNoticeSettingsPayload", noticeSetting: { __typename: "NoticeSetting", ...v } } },
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete (TEST_CONFIG as { vapidPublicKey?: string | null }).vapidPublicKey;
});

function open(answers: Record<string, unknown> = {}) {
  return renderWithApi({
    path: "/account/notices",
    session: userSession(),
    answers: {
      NoticePreferences: PREFS,
      PushSubscriptions: NO_DEVICES,
      SetNoticePreference: SAVED_PREF,
      SetNoticeSettings: SAVED_SETTINGS,
      ...answers,
    } as never,
  });
}

describe("notice preferences", () => {
  it("shows each kind by channel with the saved choices; the digest is e-mail only", async () => {
    open();
    expect(((await screen.findByLabelText("Water needed: Push")) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText("Group activity: In the app") as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText("Device health: E-mail") as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText("Digest: E-mail") as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByLabelText("Digest: Push")).toBeNull();
    expect((screen.getByLabelText("From") as HTMLInputElement).value).toBe("22:00");
    expect((screen.getByLabelText("Until") as HTMLInputElement).value).toBe("07:00");
  });

  it("saves only the kinds that changed, then the digest and quiet hours", async () => {
    const app = open();
    fireEvent.click(await screen.findByLabelText("Tasks: E-mail"));
    fireEvent.click(screen.getByLabelText("Digest: E-mail"));
    fireEvent.click(screen.getByLabelText("Together in the digest instead"));
    fireEvent.change(screen.getByLabelText("Digest"), { target: { value: "WEEKLY" } });
    fireEvent.change(screen.getByLabelText("Time zone"), { target: { value: "Europe/Berlin" } });
    fireEvent.click(screen.getByRole("button", { name: "Save preferences" }));
    await waitFor(() => expect(app.callsOf("SetNoticeSettings")).toHaveLength(1));
    expect(app.callsOf("SetNoticePreference").map((c) => c.variables)).toEqual([
      { kind: "TASK", inApp: true, email: false, push: true },
      { kind: "DIGEST", inApp: false, email: true, push: false },
    ]);
    expect(app.callsOf("SetNoticeSettings")[0].variables).toEqual({
      digestFrequency: "WEEKLY",
      singleEmails: false,
      quietStart: "22:00",
      quietEnd: "07:00",
      timeZone: "Europe/Berlin",
    });
  });

  it("says what is wrong with quiet hours or the time zone before asking the server", async () => {
    const app = open();
    fireEvent.change(await screen.findByLabelText("Until"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Save preferences" }));
    expect(await screen.findByText("Quiet hours need both a start and an end")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Until"), { target: { value: "22:00" } });
    fireEvent.click(screen.getByRole("button", { name: "Save preferences" }));
    expect(await screen.findByText("Quiet hours must start and end at different times")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Until"), { target: { value: "06:30" } });
    fireEvent.change(screen.getByLabelText("Time zone"), { target: { value: "Mars/Olympus" } });
    fireEvent.click(screen.getByRole("button", { name: "Save preferences" }));
    expect(await screen.findByText('Unknown time zone "Mars/Olympus"')).toBeTruthy();
    expect(app.callsOf("SetNoticeSettings")).toHaveLength(0);
  });

  it("shows the server's message when it refuses", async () => {
    open({ SetNoticeSettings: gqlError('Unknown time zone "Europe/Nowhere"', "INVLD") });
    fireEvent.click(await screen.findByRole("button", { name: "Save preferences" }));
    expect((await screen.findByRole("alert")).textContent).toContain('Unknown time zone "Europe/Nowhere"');
  });
});

describe("devices that get push messages", () => {
  it("lists them and removes one", async () => {
    const app = open({
      PushSubscriptions: [{ data: { allPushSubscriptions: { __typename: "PushSubscriptionsConnection", nodes: [DEVICE] } } }, NO_DEVICES],
      DeletePushSubscription: {
        data: { deletePushSubscriptionById: { __typename: "DeletePushSubscriptionPayload", deletedPushSubscriptionId: "x" } },
      },
    });
    const list = (await screen.findByText("Firefox on Linux")).closest("ul")!;
    expect(within(list).getByText("Firefox on Linux")).toBeTruthy();
    fireEvent.click(within(list).getByRole("button", { name: "Remove Firefox on Linux" }));
    await waitFor(() => expect(app.callsOf("DeletePushSubscription")[0]?.variables).toEqual({ id: "s1" }));
    expect(await screen.findByText("No device gets push messages.")).toBeTruthy();
  });

  it("says so when this browser cannot receive push", async () => {
    open();
    expect((await screen.findByTestId("push-state")).textContent).toContain("This browser cannot receive push messages");
  });

  describe("with the Push API", () => {
    const KEY = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 3)]).toString("base64url");
    let subscribed: { endpoint: string } | null;
    let asked: PushSubscriptionOptionsInit | undefined;

    beforeEach(() => {
      (TEST_CONFIG as { vapidPublicKey?: string | null }).vapidPublicKey = KEY;
      subscribed = null;
      asked = undefined;
      const pushManager = {
        getSubscription: async () => subscribed,
        subscribe: async (options: PushSubscriptionOptionsInit) => {
          asked = options;
          subscribed = {
            endpoint: "https://fcm.googleapis.com/fcm/send/device-1",
            expirationTime: null,
            options: { applicationServerKey: (options.applicationServerKey as Uint8Array).buffer },
            getKey: (name: string) => (name === "p256dh" ? fromBase64Url(KEY).buffer : new Uint8Array(16).fill(5).buffer),
            unsubscribe: async () => true,
          } as never;
          return subscribed;
        },
      };
      const registration = { pushManager };
      vi.stubGlobal("PushManager", function PushManager() {});
      vi.stubGlobal(
        "Notification",
        Object.assign(function Notification() {}, { permission: "default", requestPermission: async () => "granted" }),
      );
      Object.defineProperty(navigator, "serviceWorker", {
        configurable: true,
        value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
      });
    });
    afterEach(() => {
      delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    });

    it("asks for permission, subscribes with the server's key and registers this device", async () => {
      const app = open({
        RegisterPushSubscription: (v: Record<string, unknown>) => ({
          data: {
            registerPushSubscription: {
              __typename: "RegisterPushSubscriptionPayload",
              pushSubscription: {
                __typename: "PushSubscription",
                id: "s9",
                label: v.label,
                endpoint: v.endpoint,
                createdAt: "2026-11-25T10:00:00Z",
                lastSuccessAt: null,
              },
            },
          },
        }),
      });
      fireEvent.click(await screen.findByRole("button", { name: "Get push messages on this device" }));
      await waitFor(() => expect(app.callsOf("RegisterPushSubscription")).toHaveLength(1));
      expect(asked?.userVisibleOnly).toBe(true);
      expect(toBase64Url((asked?.applicationServerKey as Uint8Array | undefined)?.buffer as ArrayBuffer)).toBe(KEY);
      expect(app.callsOf("RegisterPushSubscription")[0].variables).toEqual({
        endpoint: "https://fcm.googleapis.com/fcm/send/device-1",
        p256dh: KEY,
        auth: Buffer.alloc(16, 5).toString("base64url"),
        expiresAt: null,
        label: browserLabel(navigator.userAgent),
      });
    });

    it("explains a refused permission and registers nothing", async () => {
      vi.stubGlobal(
        "Notification",
        Object.assign(function Notification() {}, { permission: "default", requestPermission: async () => "denied" }),
      );
      const app = open();
      fireEvent.click(await screen.findByRole("button", { name: "Get push messages on this device" }));
      expect((await screen.findByRole("alert")).textContent).toContain("Notifications are blocked for this site");
      expect(app.callsOf("RegisterPushSubscription")).toHaveLength(0);
    });
  });
});

describe("browserLabel", () => {
  it("names the browser and the system", () => {
    expect(browserLabel("Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36")).toBe(
      "Chrome on Android",
    );
    expect(browserLabel("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0")).toBe("Firefox on Linux");
    expect(
      browserLabel(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari on iOS");
  });
});
