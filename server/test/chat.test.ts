// The AI chat about a thing over real HTTP and websockets: sendChatMessage stores the question
// and queues the reply job; each user reads only their own conversation; guests, strangers to a
// private thing, bad lengths and floods are refused; a stored reply reaches thingUpdated.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import pg from "pg";
import { createClient } from "graphql-ws";
import { startTestServer, gql, signUp, withOwner, makeAdmin } from "./harness.ts";
import { replyToChatMessage } from "../../worker/tasks/chat_reply.ts";
import { createRulesAssistant } from "../../worker/assistant/assistant.ts";
import { pokeUntilHeard } from "../../test/until-heard.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const sql = <T = any>(text: string, values: unknown[] = []) =>
  withOwner(server.databaseUrl, async (c) => (await c.query(text, values)).rows as T[]);

const GROUP = `mutation { createGroup(input: { name: "Chat Growers", type: GROWER, isPublic: true }) { group { id } } }`;
const JOIN = `mutation J($g: UUID!) { changeGroupMembership(input: { groupId: $g, join: true }) { group { id } } }`;
const THING = `mutation T($g: UUID!, $isPublic: Boolean!) { createThing(input: { groupId: $g, name: "Chatty Planter", type: PLANTER, location: { x: 61.5, y: 15.5 }, isPublic: $isPublic }) { thing { id } } }`;
const GUEST = `mutation SignInAsGuest { signInAsGuest(input: { domainName: "localhost" }) { jwtToken } }`;
const ME = `query { currentUser { id name } }`;
const SEND = `mutation SendChatMessage($message: String!, $sender: String, $metadata: JSON!) {
  sendChatMessage(input: { message: $message, sender: $sender, metadata: $metadata }) {
    chatMessage { id eventId typeName messageText createdAt recipientId thingId sender status metadata }
  }
}`;
const MESSAGES = `query ChatMessages($recipientId: UUID!, $thingId: UUID) {
  allChatMessages(condition: { recipientId: $recipientId, thingId: $thingId }, orderBy: CREATED_AT_ASC) {
    nodes { id eventId typeName messageText createdAt recipientId thingId sender status question { id } }
  }
}`;
const BY_THING = `query ThingChat($id: UUID!) { thingById(id: $id) { chatMessagesByThingId(orderBy: CREATED_AT_ASC) { nodes { id typeName } } } }`;
const BY_ID = `query ChatMessageById($id: UUID!) { chatMessageById(id: $id) { id } }`;

async function me(token: string): Promise<{ id: string; name: string }> {
  return (await gql(server.url, ME, {}, token)).data.currentUser;
}
async function arrange(isPublic = true) {
  const owner = await signUp(server.url);
  const groupId = (await gql(server.url, GROUP, {}, owner.token)).data.createGroup.group.id as string;
  const thingId = (await gql(server.url, THING, { g: groupId, isPublic }, owner.token)).data.createThing.thing.id as string;
  return { owner, groupId, thingId };
}
const send = (token: string | undefined, thingId: string, message = "Does it need water?", sender: string | null = "user") =>
  gql(server.url, SEND, { message, sender, metadata: { thingId } }, token);

async function queuedReplies(messageId: string) {
  return sql<{ key: string | null; queue_name: string | null; max_attempts: number }>(
    `select j.key, q.queue_name, j.max_attempts
     from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
       left join graphile_worker._private_job_queues q on q.id = j.job_queue_id
     where t.identifier = 'chat_reply' and j.payload->>'messageId' = $1`,
    [messageId],
  );
}

describe("sendChatMessage", () => {
  it("stores the question under the signed-in user's own name and queues one reply job", async () => {
    const { owner, thingId } = await arrange();
    const user = await me(owner.token);
    const result = await send(owner.token, thingId, "  Does it need water?  ", "Someone Else");
    expect(result.errors).toBeUndefined();
    const message = result.data.sendChatMessage.chatMessage;
    expect(message).toMatchObject({
      typeName: "user",
      messageText: "Does it need water?",
      recipientId: user.id,
      thingId,
      sender: user.name,
      status: "pending",
      metadata: { thingId },
    });
    expect(message.eventId).toMatch(/^[0-9a-f-]{36}$/);
    expect(message.eventId).not.toBe(message.id);
    expect(await queuedReplies(message.id)).toEqual([
      { key: `chat_reply:${message.id}`, queue_name: `chat_reply:${user.id}`, max_attempts: 3 },
    ]);

    const list = (await gql(server.url, MESSAGES, { recipientId: user.id }, owner.token)).data.allChatMessages.nodes;
    expect(list.map((m: any) => m.id)).toEqual([message.id]);
    const byThing = (await gql(server.url, BY_THING, { id: thingId }, owner.token)).data.thingById.chatMessagesByThingId.nodes;
    expect(byThing).toEqual([{ id: message.id, typeName: "user" }]);
  });

  it("lets group members ask about their group's private thing", async () => {
    const { groupId, thingId } = await arrange(false);
    const member = await signUp(server.url);
    await gql(server.url, JOIN, { g: groupId }, member.token);
    expect((await send(member.token, thingId)).errors).toBeUndefined();
  });

  it("refuses guests, and anyone who cannot see the thing, as if it did not exist", async () => {
    const { thingId } = await arrange(false);
    const guest = (await gql(server.url, GUEST)).data.signInAsGuest.jwtToken;
    for (const token of [guest, undefined]) {
      const r = await send(token, thingId);
      expect(r.errors?.[0]).toMatchObject({ message: "You must be signed in", extensions: { code: "LOGIN" } });
    }
    const stranger = await signUp(server.url);
    expect((await send(stranger.token, thingId)).errors?.[0]).toMatchObject({ message: "Thing not found", extensions: { code: "NTFND" } });
    expect((await send(stranger.token, "00000000-0000-4000-8000-000000000000")).errors?.[0].extensions.code).toBe("NTFND");
    expect((await send(stranger.token, "not-a-uuid")).errors?.[0].extensions.code).toBe("NTFND");
    const noThing = await gql(server.url, SEND, { message: "Hello", metadata: {} }, stranger.token);
    expect(noThing.errors?.[0]).toMatchObject({ message: "Choose the thing to ask about", extensions: { code: "INVLD" } });
    expect(await sql("select 1 from app_public.chat_messages where thing_id = $1", [thingId])).toEqual([]);
  });

  it("requires 1 to 1000 characters", async () => {
    const { owner, thingId } = await arrange();
    for (const message of ["", "   \n "]) {
      expect((await send(owner.token, thingId, message)).errors?.[0]).toMatchObject({
        message: "Message is required",
        extensions: { code: "INVLD" },
      });
    }
    expect((await send(owner.token, thingId, "x".repeat(1001))).errors?.[0]).toMatchObject({
      message: "Messages must be at most 1000 characters",
      extensions: { code: "INVLD" },
    });
    expect(await sql("select 1 from app_public.chat_messages where thing_id = $1", [thingId])).toEqual([]);
    expect((await send(owner.token, thingId, "y".repeat(1000))).errors).toBeUndefined();
    expect((await send(owner.token, thingId, "?")).errors).toBeUndefined();
  });

  it("allows 20 questions per user per hour, then answers RATEL until the hour has passed", async () => {
    const { owner, thingId } = await arrange();
    for (let i = 1; i <= 20; i++) {
      const r = await send(owner.token, thingId, `Question ${i}`);
      expect(r.errors, `question ${i}`).toBeUndefined();
    }
    const refused = await send(owner.token, thingId, "Question 21");
    expect(refused.errors?.[0].extensions.code).toBe("RATEL");
    expect(refused.errors?.[0].message).toMatch(/^You can send up to 20 messages an hour\. Please try again in (60|59) minutes\.$/);
    expect((await sql("select count(*)::int as n from app_public.chat_messages where thing_id = $1", [thingId]))[0].n).toBe(20);
    // Someone else is not limited by it.
    const other = await signUp(server.url);
    expect((await send(other.token, thingId)).errors).toBeUndefined();
    // An hour later the oldest questions no longer count.
    const user = await me(owner.token);
    await sql(
      `update app_public.chat_messages set created_at = created_at - interval '61 minutes'
               where id in (select id from app_public.chat_messages where recipient_id = $1 order by created_at limit 2)`,
      [user.id],
    );
    expect((await send(owner.token, thingId, "Question 21")).errors).toBeUndefined();
  });
});

describe("reading conversations", () => {
  it("each user sees only their own conversation, admins included", async () => {
    const { owner, thingId } = await arrange();
    const ownerUser = await me(owner.token);
    const question = (await send(owner.token, thingId, "When was it last watered?")).data.sendChatMessage.chatMessage;
    const other = await signUp(server.url);
    const otherQuestion = (await send(other.token, thingId, "Is the sensor working?")).data.sendChatMessage.chatMessage;
    const admin = await makeAdmin(server.url, server.databaseUrl, await signUp(server.url));

    expect((await gql(server.url, MESSAGES, { recipientId: ownerUser.id }, other.token)).data.allChatMessages.nodes).toEqual([]);
    expect((await gql(server.url, BY_ID, { id: question.id }, other.token)).data.chatMessageById).toBeNull();
    expect((await gql(server.url, BY_ID, { id: question.id }, admin.token)).data.chatMessageById).toBeNull();
    const othersView = (await gql(server.url, BY_THING, { id: thingId }, other.token)).data.thingById.chatMessagesByThingId.nodes;
    expect(othersView).toEqual([{ id: otherQuestion.id, typeName: "user" }]);
    const ownersView = (await gql(server.url, BY_THING, { id: thingId }, owner.token)).data.thingById.chatMessagesByThingId.nodes;
    expect(ownersView).toEqual([{ id: question.id, typeName: "user" }]);

    const guest = (await gql(server.url, GUEST)).data.signInAsGuest.jwtToken;
    const guestRead = await gql(server.url, MESSAGES, { recipientId: ownerUser.id }, guest);
    expect(guestRead.data?.allChatMessages ?? null).toBeNull();
    expect(guestRead.errors?.[0].message).toBe("Permission denied");
  });

  it("hides a conversation once its thing is no longer visible to the user", async () => {
    const { groupId, thingId } = await arrange(false);
    const member = await signUp(server.url);
    await gql(server.url, JOIN, { g: groupId }, member.token);
    const memberUser = await me(member.token);
    await send(member.token, thingId);
    expect((await gql(server.url, MESSAGES, { recipientId: memberUser.id }, member.token)).data.allChatMessages.nodes).toHaveLength(1);
    await gql(
      server.url,
      `mutation L($g: UUID!) { changeGroupMembership(input: { groupId: $g, join: false }) { group { id } } }`,
      { g: groupId },
      member.token,
    );
    expect((await gql(server.url, MESSAGES, { recipientId: memberUser.id }, member.token)).data.allChatMessages.nodes).toEqual([]);
  });
});

describe("replies", () => {
  it("a reply stored by the job arrives over thingUpdated as a chat event; the conversation then holds both", async () => {
    const { owner, thingId } = await arrange();
    const user = await me(owner.token);
    await sql("update app_public.things set water = 14, last_sensor_data = now() - interval '2 hours' where id = $1", [thingId]);
    const question = (await send(owner.token, thingId, "Does it need water?")).data.sendChatMessage.chatMessage;

    const client = createClient({
      url: server.url.replace("http", "ws") + "/graphql",
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${owner.token}` },
      retryAttempts: 0,
    });
    const events: any[] = [];
    const got = new Promise<void>((resolve, reject) => {
      client.subscribe(
        { query: `subscription ThingUpdated($id: UUID!) { thingUpdated(id: $id) { event thing { id } } }`, variables: { id: thingId } },
        {
          next: (v: any) => {
            events.push(v);
            if (v.data?.thingUpdated?.event === "chat") resolve();
          },
          error: reject,
          complete: () => {},
        },
      );
    });
    const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 2 });
    const helpers = {
      logger: { debug() {}, info() {}, warn() {}, error() {} },
      withPgClient: async <T>(fn: (c: pg.PoolClient) => Promise<T>) => {
        const c = await pool.connect();
        try {
          return await fn(c);
        } finally {
          c.release();
        }
      },
    } as any;
    try {
      // Listening once an update of the thing (its water written again, unchanged) is heard.
      await pokeUntilHeard(
        () => sql("update app_public.things set water = 14 where id = $1", [thingId]),
        () => events.some((e) => e.data?.thingUpdated?.event === "update"),
        "the subscription to hear the thing's update",
      );
      const result = await replyToChatMessage({ messageId: question.id }, helpers, createRulesAssistant());
      expect(result).toMatchObject({ outcome: "stored", status: "answered" });
      await Promise.race([got, new Promise((_, rej) => setTimeout(() => rej(new Error("no chat event within 5 s")), 5000))]);
      // Run again (a retried job): nothing more is stored and nothing more is announced.
      expect(await replyToChatMessage({ messageId: question.id }, helpers, createRulesAssistant())).toEqual({
        outcome: "already-answered",
      });
    } finally {
      await client.dispose();
      await pool.end();
    }
    expect(events.find((e) => e.data?.thingUpdated?.event === "chat").data.thingUpdated).toEqual({ event: "chat", thing: { id: thingId } });

    const list = (await gql(server.url, MESSAGES, { recipientId: user.id, thingId }, owner.token)).data.allChatMessages.nodes;
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ id: question.id, typeName: "user", status: "answered" });
    expect(list[1]).toMatchObject({
      typeName: "assistant",
      sender: "Care assistant",
      status: "answered",
      recipientId: user.id,
      thingId,
      question: { id: question.id },
    });
    expect(list[1].messageText).toContain("The soil moisture is 14% (dry is below 20%), measured 2 hours ago.");
    expect(list[1].messageText).toContain("water it today");
  });
});
