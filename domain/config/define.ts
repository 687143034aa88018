// What one entry of the settings table (domain/config/settings.ts) says about a variable.
import type { Kind } from "./kinds.ts";

/**
 * Who reads a setting. server, worker and start are checked when those start (domain/config/read.ts);
 * the others are documented here for .env.example's check and read by their own tools.
 */
export const PARTS = ["server", "worker", "start", "migrate", "simulate", "build", "tests", "compose"] as const;
export type Part = (typeof PARTS)[number];

/** The parts whose settings are checked at start by this schema. */
export type CheckedPart = "server" | "worker" | "start";

export type NodeEnv = "development" | "production" | "test";

/** What a default may depend on (read before the rest). */
export interface DefaultContext {
  NODE_ENV: NodeEnv;
  PORT: number;
  DATA_DIR: string;
}

export interface Setting<T = unknown, P extends readonly Part[] = readonly Part[]> extends Kind<NonNullable<T>> {
  parts: P;
  /** One line: what it does. */
  description: string;
  /** The value when unset or empty; undefined: none (the reader decides, e.g. generates a secret). */
  default: T | ((context: DefaultContext) => T);
  /** How a refused value is shown: "secret" gives only its length, "url" hides a password in it. */
  shown?: "secret" | "url";
}

type Input<T, P extends readonly Part[]> = Kind<T> & { parts: P; description: string; shown?: "secret" | "url" };
type Default<T> = NoInfer<T> | ((context: DefaultContext) => NoInfer<T>);

/** A setting with a default (a value, or one computed from DefaultContext): its value is always there. */
export function setting<T, const P extends readonly Part[], D extends Default<T>>(
  s: Input<T, P> & { default: D },
): Setting<T, P> & { default: D };
/** A setting without a default: its value may be undefined. */
export function setting<T, const P extends readonly Part[]>(s: Input<T, P>): Setting<T | undefined, P> & { default: undefined };
export function setting<T, const P extends readonly Part[]>(s: Input<T, P> & { default?: Default<T> }): Setting<T | undefined, P> {
  return { default: undefined, ...s } as Setting<T | undefined, P>;
}
