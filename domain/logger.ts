// The one logger of the server, the worker and `npm start` (issue 22: the first minute of
// `npm start` printed ~290 lines, whole job objects among them). pino underneath:
//
//   LOG_LEVEL   fatal | error | warn | info (default) | debug | trace | silent
//   LOG_FORMAT  json (default when NODE_ENV=production) | pretty (default otherwise)
//
// JSON lines carry time, level, component and msg plus any fields given; the pretty form is one
// line per event, "20:35:42 INFO  worker  Completed job 9 (send_email) in 37 ms". Parts log through
// a child: logger.child({ component: "worker" }), or componentLogger("worker").
import { pino, type DestinationStream, type Logger, type LevelWithSilent } from "pino";
import { readSettings } from "./config/read.ts";
import type { LOG_LEVELS } from "./config/settings.ts";

export type { Logger } from "pino";

export { LOG_LEVELS } from "./config/settings.ts";
export type LogLevel = (typeof LOG_LEVELS)[number];
export type LogFormat = "json" | "pretty";

export interface LoggerSettings {
  level: LogLevel;
  format: LogFormat;
}

/** LOG_LEVEL and LOG_FORMAT, checked by the settings schema; a wrong value is an error that names the setting. */
export function loggerSettings(env: NodeJS.ProcessEnv = process.env): LoggerSettings {
  const s = readSettings(env, ["LOG_LEVEL", "LOG_FORMAT"]);
  return { level: s.LOG_LEVEL, format: s.LOG_FORMAT };
}

/** The environment's settings; the defaults when they are wrong (loadConfig reports that). */
function settingsOrDefaults(): LoggerSettings {
  try {
    return loggerSettings();
  } catch {
    return { level: "info", format: process.env.NODE_ENV === "production" ? "json" : "pretty" };
  }
}

const LEVEL_NAMES: Record<number, string> = { 10: "TRACE", 20: "DEBUG", 30: "INFO", 40: "WARN", 50: "ERROR", 60: "FATAL" };
const HIDDEN = new Set(["level", "time", "pid", "hostname", "msg", "component"]);

function fieldText(value: unknown): string {
  if (typeof value === "string") return /\s/.test(value) ? JSON.stringify(value) : value;
  if (value && typeof value === "object" && "message" in value && "stack" in value) {
    // pino's serialised error: its stack says where (message first).
    return String((value as { stack: unknown }).stack);
  }
  return JSON.stringify(value);
}

/** One pretty line from one pino JSON line: time, level, component, message, then key=value. */
export function prettyLine(json: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith("\n") ? json : `${json}\n`;
  }
  const time = new Date(typeof record.time === "number" ? record.time : Date.now()).toTimeString().slice(0, 8);
  const level = (LEVEL_NAMES[Number(record.level)] ?? String(record.level)).padEnd(5);
  const component = record.component ? `${String(record.component)}  ` : "";
  const extras = Object.entries(record)
    .filter(([key, value]) => !HIDDEN.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${fieldText(value)}`);
  return `${time} ${level} ${component}${String(record.msg ?? "")}${extras.length ? `  ${extras.join(" ")}` : ""}\n`;
}

/** A destination that writes each JSON line as a pretty line. */
export function prettyDestination(out: { write(text: string): unknown } = process.stdout): DestinationStream {
  return {
    write(chunk: string) {
      out.write(prettyLine(chunk.trimEnd()));
    },
  };
}

export interface CreateLoggerOptions extends Partial<LoggerSettings> {
  /** Where lines go (stdout by default). */
  destination?: { write(text: string): unknown };
}

/** A root logger with these settings (the environment's for whatever is not given). */
export function createLogger(options: CreateLoggerOptions = {}): Logger {
  const fromEnv = options.level && options.format ? (options as LoggerSettings) : settingsOrDefaults();
  const level: LevelWithSilent = options.level ?? fromEnv.level;
  const format = options.format ?? fromEnv.format;
  const out = options.destination ?? process.stdout;
  const destination: DestinationStream = format === "pretty" ? prettyDestination(out) : { write: (chunk: string) => void out.write(chunk) };
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.epochTime }, destination);
}

let root: Logger | null = null;

/** The process's logger, made on first use from LOG_LEVEL and LOG_FORMAT. */
export function rootLogger(): Logger {
  root ??= createLogger();
  return root;
}

/** Replaces the process's logger (tests; a caller with its own destination). */
export function setRootLogger(logger: Logger): void {
  root = logger;
}

/**
 * A child of the process's logger for one part: its lines say component=<name>. Modules make
 * theirs when loaded; it follows setRootLogger made later (tests capture lines that way).
 */
export function componentLogger(component: string): Logger {
  let made: { root: Logger; child: Logger } | null = null;
  const current = (): Logger => {
    const root = rootLogger();
    if (!made || made.root !== root) made = { root, child: root.child({ component }) };
    return made.child;
  };
  return new Proxy({} as Logger, {
    get(_target, property) {
      const child = current();
      const value = Reflect.get(child, property, child);
      return typeof value === "function" ? value.bind(child) : value;
    },
  });
}
