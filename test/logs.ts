// Tests that check what the server or worker logs: every line of the one logger (domain/logger.ts)
// while `fn` runs, as parsed JSON records (msg, level, component, err, ...).
import { createLogger, rootLogger, setRootLogger } from "../domain/logger.ts";

export interface LogRecord {
  level: number;
  msg: string;
  component?: string;
  err?: { message: string; stack?: string; type?: string } | string;
  [key: string]: unknown;
}

/** Captures the logger's lines until stop() (debug and up); `lines` are the raw JSON lines. */
export function captureLogs(): { records: LogRecord[]; lines: string[]; stop(): void } {
  const previous = rootLogger();
  const lines: string[] = [];
  const records: LogRecord[] = [];
  setRootLogger(
    createLogger({
      level: "debug",
      format: "json",
      destination: {
        write(text: string) {
          for (const line of text.split("\n").filter(Boolean)) {
            lines.push(line);
            records.push(JSON.parse(line) as LogRecord);
          }
        },
      },
    }),
  );
  return { records, lines, stop: () => setRootLogger(previous) };
}
