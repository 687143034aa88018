// Reads settings from an environment through the one table (domain/config/settings.ts): each value
// through its zod schema, every wrong value collected (not only the first), then the rules over
// several settings (domain/config/rules.ts). A blank variable counts as unset.
import type { CheckedPart, DefaultContext, NodeEnv, Setting } from "./define.ts";
import { RULES } from "./rules.ts";
import { SETTINGS, type NamesOf, type SettingName, type Settings } from "./settings.ts";

export type Env = Record<string, string | undefined>;

/** Every wrong value at once, one line each; `problems` holds the lines. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.length === 1 ? problems[0] : `${problems.length} settings are wrong:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

const ALL_NAMES = Object.keys(SETTINGS) as SettingName[];

/** The settings a part reads (server, worker or start); several parts: any of them. */
export function namesOf<P extends CheckedPart>(...parts: P[]): NamesOf<P>[] {
  return ALL_NAMES.filter((name) =>
    (SETTINGS[name].parts as readonly string[]).some((p) => (parts as string[]).includes(p)),
  ) as NamesOf<P>[];
}

function raw(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** How a refused value appears: secrets by their length only, URLs without their password. */
function shown(setting: Setting, value: string): string {
  if (setting.shown === "secret") return `a value of ${value.length} characters`;
  if (setting.shown === "url") return `"${value.replace(/(\/\/[^/@:]*:)[^/@]*@/, "$1***@")}"`;
  return `"${value}"`;
}

type Parsed = { ok: true; value: unknown } | { ok: false; problem: string };

function parseOne(name: SettingName, value: string): Parsed {
  const setting = SETTINGS[name] as unknown as Setting;
  const result = setting.schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  // A message written for the user (TRUST_PROXY's, say) is shown as written; zod's own are
  // replaced by the setting's words for what is allowed.
  const verbatim = result.error.issues.find((i) => i.code === "custom" && (i as { params?: { verbatim?: boolean } }).params?.verbatim);
  return { ok: false, problem: verbatim ? verbatim.message : `${name} must be ${setting.allowed}, got ${shown(setting, value)}` };
}

/** NODE_ENV, PORT and DATA_DIR, which other defaults depend on (their defaults where wrong: reported when read). */
function defaultContext(env: Env): DefaultContext {
  const pick = <K extends "NODE_ENV" | "PORT" | "DATA_DIR">(name: K): DefaultContext[K] => {
    const value = raw(env, name);
    const parsed = value === undefined ? undefined : parseOne(name, value);
    return (parsed?.ok ? parsed.value : SETTINGS[name].default) as DefaultContext[K];
  };
  return { NODE_ENV: pick("NODE_ENV") as NodeEnv, PORT: pick("PORT"), DATA_DIR: pick("DATA_DIR") };
}

/** The problems with these settings in `env` (empty when all are right). */
export function settingsProblems(env: Env, names: readonly SettingName[]): string[] {
  try {
    readSettings(env, names);
    return [];
  } catch (e) {
    if (e instanceof ConfigError) return [...e.problems];
    throw e;
  }
}

/** The named settings, defaults applied; throws ConfigError listing every wrong value. */
export function readSettings<K extends SettingName>(env: Env, names: readonly K[]): Pick<Settings, K> {
  const context = defaultContext(env);
  const values: Partial<Record<SettingName, unknown>> = {};
  const problems: string[] = [];
  for (const name of new Set(names)) {
    const setting = SETTINGS[name] as unknown as Setting;
    const value = raw(env, name);
    if (value === undefined) {
      values[name] = typeof setting.default === "function" ? (setting.default as (c: DefaultContext) => unknown)(context) : setting.default;
      continue;
    }
    const parsed = parseOne(name, value);
    if (parsed.ok) values[name] = parsed.value;
    else problems.push(parsed.problem);
  }
  for (const rule of RULES) {
    if (!rule.names.every((n) => n in values)) continue;
    const message = rule.check(values as Settings);
    if (message) problems.push(message);
  }
  if (problems.length) throw new ConfigError(problems);
  return values as Pick<Settings, K>;
}
