// Issue 22: "`npm start`'s first minute prints at most 20 lines (today ~290, with whole job
// objects): one line per event at info, jobs by name and id, a LOG_LEVEL setting, JSON lines in
// production." The one logger (domain/logger.ts) and graphile-worker's adapter (worker/logger.ts).
import { describe, expect, it } from "vitest";
import { createLogger, loggerSettings, prettyLine } from "../../domain/logger.ts";
import { workerLogger } from "../../worker/logger.ts";

function capture() {
  const lines: string[] = [];
  return { lines, destination: { write: (text: string) => void lines.push(...text.split("\n").filter(Boolean)) } };
}

describe("logger settings", () => {
  it("is info and pretty by default, JSON in production, and LOG_LEVEL chooses the level", () => {
    expect(loggerSettings({})).toEqual({ level: "info", format: "pretty" });
    expect(loggerSettings({ NODE_ENV: "production" })).toEqual({ level: "info", format: "json" });
    expect(loggerSettings({ LOG_LEVEL: "DEBUG", LOG_FORMAT: "json" })).toEqual({ level: "debug", format: "json" });
    expect(() => loggerSettings({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/);
  });
});

describe("logger output", () => {
  it("writes one JSON line per event in production, with time, level, component and fields", () => {
    const out = capture();
    const log = createLogger({ level: "info", format: "json", destination: out.destination }).child({ component: "worker" });
    log.info({ job: "send_email#9" }, "done");
    log.debug("hidden at info");
    expect(out.lines).toHaveLength(1);
    const record = JSON.parse(out.lines[0]);
    expect(record).toMatchObject({ level: 30, component: "worker", job: "send_email#9", msg: "done" });
    expect(typeof record.time).toBe("number");
  });

  it("writes one readable line per event in development", () => {
    const out = capture();
    const log = createLogger({ level: "debug", format: "pretty", destination: out.destination }).child({ component: "mail" });
    log.debug("link: http://localhost/tasks");
    log.warn({ job: "hourly_checks#13" }, "slow");
    expect(out.lines).toHaveLength(2);
    // biome-ignore lint/complexity/noAdjacentSpacesInRegex: the expected lines show the padded columns as the pretty format prints them
    expect(out.lines[0]).toMatch(/^\d\d:\d\d:\d\d DEBUG mail  link: http:\/\/localhost\/tasks$/);
    // biome-ignore lint/complexity/noAdjacentSpacesInRegex: as above, the padded columns as printed
    expect(out.lines[1]).toMatch(/^\d\d:\d\d:\d\d WARN  mail  slow  job=hourly_checks#13$/);
    expect(prettyLine("not json")).toBe("not json\n");
  });

  it("LOG_LEVEL=warn keeps warnings and errors only", () => {
    const out = capture();
    const log = createLogger({ level: "warn", format: "json", destination: out.destination });
    log.info("no");
    log.warn("yes");
    log.error("yes too");
    expect(out.lines.map((l) => JSON.parse(l).msg)).toEqual(["yes", "yes too"]);
  });
});

describe("graphile-worker through the logger", () => {
  const job = { id: "9", task_identifier: "send_email", payload: { to: "member@example.com" }, attempts: 1, max_attempts: 25 };

  it("names jobs by name and id and never prints the job object; a success is a debug line", () => {
    const out = capture();
    const base = createLogger({ level: "info", format: "json", destination: out.destination });
    const logger = workerLogger(base).scope({ label: "job", workerId: "worker-1", taskIdentifier: "send_email", jobId: "9" });
    logger.info("Completed task 9 (send_email, 37.20ms) with success", { job } as never);
    logger.info("send_email: notification to member@example.com delivered");
    logger.error("Failed task 9 (send_email, 12ms) with error boom", { job, error: new Error("boom") } as never);
    expect(out.lines).toHaveLength(2);
    const [info, error] = out.lines.map((l) => JSON.parse(l));
    expect(info).toMatchObject({ level: 30, job: "send_email#9", msg: "send_email: notification to member@example.com delivered" });
    expect(error).toMatchObject({ level: 50, job: "send_email#9" });
    expect(error.err.message).toBe("boom");
    expect(out.lines.join("\n")).not.toContain("max_attempts");
  });

  it("shows the successes at LOG_LEVEL=debug", () => {
    const out = capture();
    const logger = workerLogger(createLogger({ level: "debug", format: "json", destination: out.destination }));
    logger.info("Completed task 9 (send_email, 37.20ms) with success", { job } as never);
    expect(JSON.parse(out.lines[0])).toMatchObject({ level: 20, msg: "Completed task 9 (send_email, 37.20ms) with success" });
  });
});
