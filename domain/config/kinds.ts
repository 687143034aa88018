// The kinds of value a setting can hold, each a zod schema over the variable's text (already
// trimmed, never empty: an empty variable means "unset" and takes the default) together with the
// words that say what is allowed. domain/config/read.ts turns a refusal into
// `NAME must be <allowed>, got "<value>"`, so the words here are the user's only guide.
import { z } from "zod";

/** A kind: how the text is read, and what a message says is allowed. */
export interface Kind<T> {
  schema: z.ZodType<T, string>;
  allowed: string;
}

const TRUE_WORDS = ["true", "1", "yes"];
const FALSE_WORDS = ["false", "0", "no"];

/** true/false, 1/0, yes/no in any case; "ture", "on" or "enabled" are refused, never read as false. */
export function bool(): Kind<boolean> {
  return {
    schema: z.stringbool({ truthy: TRUE_WORDS, falsy: FALSE_WORDS, case: "insensitive" }),
    allowed: "true or false (or 1/0, yes/no)",
  };
}

function bounds(min: number, max: number | undefined, what: string): string {
  return max === undefined ? `${what} of at least ${min}` : `${what} from ${min} to ${max}`;
}

/** A whole number in decimal digits (no 1e3, 0x10 or 1.0), from min (to max). */
export function int(min: number, max?: number, unit = ""): Kind<number> {
  let n = z.number().int().min(min);
  if (max !== undefined) n = n.max(max);
  return {
    schema: z
      .string()
      .regex(/^[+-]?\d+$/)
      .transform(Number)
      .pipe(n),
    allowed:
      bounds(min, max, "a whole number") + (unit || min === 0 ? ` (${[unit, min === 0 ? "0: none" : ""].filter(Boolean).join("; ")})` : ""),
  };
}

/** A decimal number, from min (to max). */
export function num(min: number, max?: number, unit = ""): Kind<number> {
  let n = z.number().min(min);
  if (max !== undefined) n = n.max(max);
  return {
    schema: z
      .string()
      .regex(/^[+-]?(\d+\.?\d*|\.\d+)$/)
      .transform(Number)
      .pipe(n),
    allowed: bounds(min, max, "a number") + (unit ? ` (${unit})` : ""),
  };
}

/** One of the given words; caseInsensitive also takes "JSON" for "json" (the result is the listed spelling). */
export function oneOf<const V extends readonly [string, ...string[]]>(
  values: V,
  opts: { caseInsensitive?: boolean } = {},
): Kind<V[number]> {
  const exact = z.enum(values);
  return {
    schema: opts.caseInsensitive
      ? z
          .string()
          .transform((v) => v.toLowerCase())
          .pipe(exact)
      : exact,
    allowed: `one of ${values.join(", ")}`,
  };
}

/** Any text; oneLine refuses line breaks (values that end up in headers or one-line documents). */
export function text(opts: { oneLine?: boolean } = {}): Kind<string> {
  return {
    schema: opts.oneLine ? z.string().regex(/^[^\r\n]*$/) : z.string(),
    allowed: opts.oneLine ? "one line of text" : "text",
  };
}

/** At least `min` characters (secrets: the message gives the length, never the value). */
export function secret(min: number, tip: string): Kind<string> {
  return { schema: z.string().min(min), allowed: `at least ${min} characters (${tip})` };
}

/** An absolute URL with one of the protocols; web URLs lose a trailing slash ("https://x/app/" -> "https://x/app"). */
export function url(protocols: readonly string[], opts: { example: string; noQuery?: boolean; normalise?: boolean }): Kind<string> {
  const pattern = new RegExp(`^(${protocols.join("|")})$`);
  // The checks after z.url run only on what it accepted (a pipe stops at the first refusal).
  const schema = z.url({ protocol: pattern }).pipe(
    z
      .string()
      .refine((v) => !opts.noQuery || (!new URL(v).search && !new URL(v).hash))
      .transform((v) => {
        if (!opts.normalise) return v;
        const u = new URL(v);
        return `${u.origin}${u.pathname}`.replace(/\/+$/, "");
      }),
  );
  const names = protocols.map((p) => `${p}://`).join(" or ");
  return { schema, allowed: `an absolute ${names} URL${opts.noQuery ? " without a query or fragment" : ""} (such as ${opts.example})` };
}

/** A list separated by commas or spaces; each entry checked by `entry`. */
export function list(entry: RegExp, allowed: string): Kind<string[]> {
  return {
    schema: z
      .string()
      .transform((v) => v.split(/[\s,]+/).filter(Boolean))
      .pipe(z.array(z.string().regex(entry))),
    allowed,
  };
}
