// An SMTP server the test controls: it can hold a message after receiving it whole, before it
// answers "250 accepted", so a worker is caught in the middle of a send_email job for as long as
// the test likes (deterministic, no sleeps).
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { simpleParser } from "mailparser";

export interface Received {
  messageId: string;
  to: string;
  subject: string;
}

export interface ControlledSmtp {
  url: string;
  /** Messages received whole (the final dot arrived), in order, whether or not answered. */
  received: Received[];
  /** Messages answered with 250 while the sender was still connected: what the sender knows was delivered. */
  accepted: Received[];
  /** From now on, hold each received message until `release()` (true) or answer at once (false). */
  hold(on: boolean): void;
  /** Answers the held messages. */
  release(): void;
  /** Connections open now. */
  openConnections(): number;
  close(): Promise<void>;
}

export async function startControlledSmtp(): Promise<ControlledSmtp> {
  const received: Received[] = [];
  const accepted: Received[] = [];
  let holding = false;
  let held: Array<() => void> = [];
  const closed = new Set<string>();
  const open = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onConnect(session, callback) {
      open.add(session.id);
      callback();
    },
    onClose(session) {
      open.delete(session.id);
      closed.add(session.id);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        const parsed = await simpleParser(Buffer.concat(chunks));
        const mail: Received = {
          messageId: parsed.messageId ?? "",
          to: session.envelope.rcptTo.map((r) => r.address).join(","),
          subject: parsed.subject ?? "",
        };
        received.push(mail);
        const answer = () => {
          // A sender that died while we held its message never hears the 250.
          if (!closed.has(session.id)) accepted.push(mail);
          callback();
        };
        if (holding) held.push(answer);
        else answer();
      });
    },
  });
  // A sender killed mid-conversation resets the socket; that is expected here.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    accepted,
    hold(on) {
      holding = on;
    },
    release() {
      const answers = held;
      held = [];
      for (const a of answers) a();
    },
    openConnections: () => open.size,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
