// The chat panel against a fake urql client: the conversation as shown, the thinking indicator
// while a question waits and its end when the live "chat" event brings the answer, one-click
// suggestions, the length rule and the keyboard, server errors, guests and folding away.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { Client, Provider, getOperationName, makeResult, type Exchange, type Operation } from "urql";
import { filter, fromPromise, makeSubject, map, mergeMap, pipe, share, takeUntil } from "wonka";
import { beforeEach, describe, expect, it } from "vitest";
import { ConfigProvider } from "../../lib/config-context.tsx";
import { NoticeProvider, NoticeStore } from "../../lib/notices.tsx";
import { SessionProvider } from "../../lib/session-context.tsx";
import { SessionStore, type Session } from "../../lib/session.ts";
import type { Data, Handlers, NodeOf, OperationName, Reply } from "../../test/fake-api.tsx";
import { ALICE, MemoryStorage, TEST_CONFIG, fakeAuth, guestSession, userSession } from "../../test/helpers.tsx";
import { ChatPanel } from "./ChatPanel.tsx";
import { PANEL_STATE_KEY } from "./chat-logic.ts";

const THING_ID = "0b7e7a3e-2f53-4d6b-9d0e-1d1c7f0a1b2c";

type Message = NodeOf<Data<"ChatMessages">["allChatMessages"]>;
type UntypedHandler = (variables: Record<string, unknown>) => Reply<OperationName> | Promise<Reply<OperationName>>;

interface Call {
  name: string;
  kind: string;
  variables: Record<string, unknown>;
  requestPolicy: string;
}

/** A urql client whose operations are answered by handlers named after the operation. */
function fakeClient(handlers: Handlers) {
  const calls: Call[] = [];
  const live = makeSubject<unknown>();
  const exchange: Exchange = () => (operations$) => {
    const shared = pipe(operations$, share);
    return pipe(
      shared,
      filter((op) => op.kind !== "teardown"),
      mergeMap((op: Operation) => {
        const name = getOperationName(op.query) ?? "";
        calls.push({ name, kind: op.kind, variables: op.variables as Record<string, unknown>, requestPolicy: op.context.requestPolicy });
        const torn = pipe(
          shared,
          filter((t) => t.kind === "teardown" && t.key === op.key),
        );
        if (op.kind === "subscription") {
          return pipe(
            live.source,
            map((data) => makeResult(op, { data } as never)),
            takeUntil(torn),
          );
        }
        // Each handler takes its own operation's variables, as sent.
        const handler = (handlers as Record<string, UntypedHandler | undefined>)[name] ?? (() => ({ data: null }));
        return pipe(
          fromPromise(Promise.resolve().then(() => handler(op.variables as Record<string, unknown>))),
          map((payload) => makeResult(op, payload as never)),
          takeUntil(torn),
        );
      }),
    );
  };
  const client = new Client({ url: "http://localhost/graphql", exchanges: [exchange] });
  return {
    client,
    calls,
    /** Sends a thingUpdated event to the open subscriptions. */
    event(event: string) {
      act(() =>
        live.next({ thingUpdated: { __typename: "ThingSubscriptionPayload", event, thing: { __typename: "Thing", id: THING_ID } } }),
      );
    },
    count: (name: string) => calls.filter((c) => c.name === name).length,
  };
}

function message(extra: Partial<Message> & { id: string }): Message {
  return {
    __typename: "ChatMessage",
    eventId: `e-${extra.id}`,
    typeName: "user",
    messageText: "Does it need water?",
    createdAt: new Date().toISOString(),
    recipientId: ALICE.id,
    thingId: THING_ID,
    sender: "Alice Smith",
    status: "answered",
    inReplyTo: null,
    ...extra,
  };
}

function list(...nodes: Message[]): Reply<"ChatMessages"> {
  return { data: { allChatMessages: { __typename: "ChatMessagesConnection", nodes } } };
}

function renderPanel(
  handlers: Handlers,
  { session = userSession({ id: ALICE.id }, { user_id: ALICE.id }) }: { session?: Session | null } = {},
) {
  const fake = fakeClient(handlers);
  const sessionStore = new SessionStore({ storage: new MemoryStorage() });
  if (session) sessionStore.set(session);
  render(
    <ConfigProvider config={TEST_CONFIG}>
      <NoticeProvider store={new NoticeStore()}>
        <SessionProvider store={sessionStore} auth={fakeAuth()} domainName="localhost">
          <Provider value={fake.client}>
            <MemoryRouter initialEntries={[`/things/${THING_ID}/dashboard`]}>
              <ChatPanel thingId={THING_ID} thingName="Big Planter" />
            </MemoryRouter>
          </Provider>
        </SessionProvider>
      </NoticeProvider>
    </ConfigProvider>,
  );
  return fake;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const box = () => screen.getByLabelText("Your question about Big Planter") as HTMLTextAreaElement;
const sendButton = () => screen.getByRole("button", { name: /^Send/ }) as HTMLButtonElement;
const log = () => screen.getByRole("log");

beforeEach(() => {
  window.localStorage.clear();
});

describe("chat panel", () => {
  it("shows the conversation: questions and answers with their times, in a polite live log", async () => {
    const fake = renderPanel({
      ChatMessages: () =>
        list(
          message({ id: "q1", createdAt: "2026-11-21T10:00:00Z" }),
          message({
            id: "a1",
            typeName: "assistant",
            sender: "Care assistant",
            inReplyTo: "q1",
            createdAt: "2026-11-21T10:00:02Z",
            messageText: "The soil moisture is 14% (dry is below 20%).",
          }),
        ),
    });
    expect(await screen.findByText("The soil moisture is 14% (dry is below 20%).")).toBeTruthy();
    expect(log().getAttribute("aria-live")).toBe("polite");
    const items = within(log()).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0].className).toContain("chat-message-user");
    expect(items[0].textContent).toContain("Does it need water?");
    expect(items[1].className).toContain("chat-message-assistant");
    expect(items[1].querySelector("time")?.getAttribute("dateTime")).toBe("2026-11-21T10:00:02Z");
    expect(screen.queryByText("Thinking…")).toBeNull();
    // Only this user's conversation about this thing is asked for.
    expect(fake.calls.find((c) => c.name === "ChatMessages")?.variables).toEqual({ recipientId: ALICE.id, thingId: THING_ID });
  });

  it("says what to do when there is no conversation yet", async () => {
    renderPanel({ ChatMessages: () => list() });
    expect(await screen.findByText(/The care assistant answers from its own data/)).toBeTruthy();
    expect(screen.getByText("Only you can see this conversation.")).toBeTruthy();
    expect(within(screen.getByRole("group", { name: "Suggested questions" })).getAllByRole("button")).toHaveLength(5);
  });

  it("thinks while the last question is pending, and shows the answer when the live event comes", async () => {
    let answered = false;
    const fake = renderPanel({
      ChatMessages: () =>
        answered
          ? list(message({ id: "q1" }), message({ id: "a1", typeName: "assistant", inReplyTo: "q1", messageText: "Yes: water it today." }))
          : list(message({ id: "q1", status: "pending" })),
    });
    expect(await screen.findByText("Thinking…")).toBeTruthy();
    const before = fake.count("ChatMessages");
    answered = true;
    // Other events of the thing (a new reading) do not reread the conversation.
    fake.event("update");
    expect(fake.count("ChatMessages")).toBe(before);
    fake.event("chat");
    expect(await screen.findByText("Yes: water it today.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("Thinking…")).toBeNull());
    const refetch = fake.calls.filter((c) => c.name === "ChatMessages").at(-1);
    expect(refetch?.requestPolicy).toBe("network-only");
  });

  it("asks a suggested question in one click, shows it at once and then waits for the answer", async () => {
    const send = deferred<Reply<"SendChatMessage">>();
    const fake = renderPanel({
      ChatMessages: () => list(),
      SendChatMessage: () => send.promise,
    });
    await screen.findByText(/The care assistant answers from its own data/);
    fireEvent.click(screen.getByRole("button", { name: "Is the sensor working?" }));
    // On its way: shown greyed, chips and send wait.
    expect(await within(log()).findByText("Is the sensor working?")).toBeTruthy();
    expect(within(log()).getByText("Sending…")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Does it need water?" }) as HTMLButtonElement).disabled).toBe(true);
    const call = fake.calls.find((c) => c.name === "SendChatMessage");
    expect(call?.variables).toEqual({ message: "Is the sensor working?", metadata: { thingId: THING_ID } });

    send.resolve({
      data: {
        sendChatMessage: {
          __typename: "SendChatMessagePayload",
          chatMessage: message({ id: "q9", messageText: "Is the sensor working?", status: "pending" }),
        },
      },
    });
    expect(await screen.findByText("Thinking…")).toBeTruthy();
    expect(within(log()).queryByText("Sending…")).toBeNull();
    expect(within(log()).getAllByText("Is the sensor working?")).toHaveLength(1);
    expect((screen.getByRole("button", { name: "Does it need water?" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("counts characters live, refuses more than 1000 and needs something to send", async () => {
    const fake = renderPanel({ ChatMessages: () => list() });
    await screen.findByText(/The care assistant answers from its own data/);
    expect(sendButton().disabled).toBe(true);
    expect(screen.getByText("0 of 1000 characters")).toBeTruthy();

    fireEvent.change(box(), { target: { value: "Why are the leaves yellow?" } });
    expect(screen.getByText("26 of 1000 characters")).toBeTruthy();
    expect(sendButton().disabled).toBe(false);

    fireEvent.change(box(), { target: { value: "x".repeat(1001) } });
    expect(screen.getByText("Messages must be at most 1000 characters")).toBeTruthy();
    expect(screen.getByText("1001 of 1000 characters")).toBeTruthy();
    expect(box().getAttribute("aria-invalid")).toBe("true");
    expect(sendButton().disabled).toBe(true);
    fireEvent.keyDown(box(), { key: "Enter" });

    fireEvent.change(box(), { target: { value: "x".repeat(1000) } });
    expect(screen.queryByText("Messages must be at most 1000 characters")).toBeNull();
    expect(sendButton().disabled).toBe(false);

    // Enter in an empty box says what is missing.
    fireEvent.change(box(), { target: { value: "   " } });
    fireEvent.keyDown(box(), { key: "Enter" });
    expect(screen.getByText("Message is required")).toBeTruthy();
    fireEvent.change(box(), { target: { value: "Hello" } });
    expect(screen.queryByText("Message is required")).toBeNull();
    expect(fake.count("SendChatMessage")).toBe(0);
  });

  it("sends with Enter, keeps Shift+Enter for a new line, and empties the box", async () => {
    const fake = renderPanel({
      ChatMessages: () => list(),
      SendChatMessage: (variables) => ({
        data: {
          sendChatMessage: {
            __typename: "SendChatMessagePayload",
            chatMessage: message({ id: "q2", messageText: String(variables.message), status: "pending" }),
          },
        },
      }),
    });
    await screen.findByText(/The care assistant answers from its own data/);
    fireEvent.change(box(), { target: { value: "  When was it last watered?\n" } });
    fireEvent.keyDown(box(), { key: "Enter", shiftKey: true });
    expect(fake.count("SendChatMessage")).toBe(0);
    fireEvent.keyDown(box(), { key: "Enter" });
    await waitFor(() => expect(fake.count("SendChatMessage")).toBe(1));
    expect(fake.calls.find((c) => c.name === "SendChatMessage")?.variables.message).toBe("When was it last watered?");
    expect(box().value).toBe("");
    expect(await screen.findByText("Thinking…")).toBeTruthy();
  });

  it("shows the server's message next to the box (the hourly limit as the server says it) and gives the words back", async () => {
    renderPanel({
      ChatMessages: () => list(),
      SendChatMessage: () => ({
        data: { sendChatMessage: null },
        errors: [{ message: "You can send up to 20 messages an hour. Please try again in 42 minutes.", extensions: { code: "RATEL" } }],
      }),
    });
    await screen.findByText(/The care assistant answers from its own data/);
    fireEvent.change(box(), { target: { value: "What should I do this week?" } });
    fireEvent.click(sendButton());
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("You can send up to 20 messages an hour. Please try again in 42 minutes.");
    expect(box().value).toBe("What should I do this week?");
    expect(screen.queryByText("Thinking…")).toBeNull();
    expect(within(log()).queryByText("What should I do this week?")).toBeNull();
  });

  it("marks a reply the assistant could not give in full", async () => {
    renderPanel({
      ChatMessages: () =>
        list(
          message({ id: "q1", status: "failed" }),
          message({
            id: "a1",
            typeName: "assistant",
            inReplyTo: "q1",
            status: "failed",
            messageText: "Sorry, the language model did not answer in time.",
          }),
        ),
    });
    expect(await screen.findByText("Sorry, the language model did not answer in time.")).toBeTruthy();
    expect(screen.getByText("Could not answer fully")).toBeTruthy();
    expect(screen.queryByText("Thinking…")).toBeNull();
  });

  it("offers guests a sign-in that comes back to the thing, and asks the server nothing", async () => {
    const fake = renderPanel({}, { session: guestSession() });
    const link = await screen.findByRole("link", { name: "Sign in to ask" });
    expect(link.getAttribute("href")).toBe(`/signin?next=${encodeURIComponent(`/things/${THING_ID}/dashboard`)}`);
    expect(screen.queryByRole("log")).toBeNull();
    expect(fake.count("ChatMessages")).toBe(0);
  });

  it("folds away, remembers it, and reads nothing while folded", async () => {
    renderPanel({ ChatMessages: () => list() });
    const toggle = screen.getByRole("button", { name: /^Ask the care assistant/ });
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    await screen.findByText(/The care assistant answers from its own data/);
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(window.localStorage.getItem(PANEL_STATE_KEY)).toBe("closed");
    expect(screen.queryByRole("log")).toBeNull();
    cleanup();

    const again = renderPanel({ ChatMessages: () => list() });
    expect(screen.getByRole("button", { name: /^Ask the care assistant/ }).getAttribute("aria-expanded")).toBe("false");
    // Whatever the folded panel would ask for at mount has been asked once its effects and the
    // promises they start have run (the fake client records a request as it is made).
    await act(async () => {});
    expect(again.count("ChatMessages")).toBe(0);
    expect(again.count("ChatThingUpdated")).toBe(0);
    fireEvent.click(screen.getByRole("button", { name: /^Ask the care assistant/ }));
    expect(await screen.findByRole("log")).toBeTruthy();
    expect(window.localStorage.getItem(PANEL_STATE_KEY)).toBe("open");
    await waitFor(() => expect(again.count("ChatMessages")).toBeGreaterThan(0));
  });
});
