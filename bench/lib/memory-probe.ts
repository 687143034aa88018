// Loaded into the server process under test (node --import) by server-process.ts: answers
// "sample" messages on the IPC channel with process.memoryUsage(), after a full garbage
// collection when asked (the process runs with --expose-gc), so heap figures show what is
// retained rather than when the collector last ran.
interface SampleRequest {
  type: "sample";
  gc?: boolean;
  id: number;
}

if (process.send) {
  process.on("message", (message: SampleRequest) => {
    if (message?.type !== "sample") return;
    const gc = (globalThis as { gc?: () => void }).gc;
    if (message.gc && gc) gc();
    process.send!({ type: "memory", id: message.id, at: Date.now(), ...process.memoryUsage() });
  });
  // The channel must not keep the server alive on its own.
  process.channel?.unref();
}
