// The one parse-and-validate step of every GraphQL operation, HTTP and websocket alike, with the
// limits that must hold BEFORE the costly parts run (issue #20):
//
//  1. before parsing: the document's size in bytes, then the nesting of its brackets, read from
//     the characters (no tokens, no AST): a document too deep for the recursive parser never
//     reaches it; `parse` runs with `maxTokens` and stops at the first token over the limit;
//  2. after parsing, before validation: the shape limits of query-limits.ts (depth, fields with
//     fragments counted at every use, aliases, cost), plus directives, root fields and the fields
//     written in the whole document (fragments unused by the operation included). Validation's
//     costly rule (OverlappingFieldsCanBeMerged, quadratic in the fields of a selection) thus
//     only ever sees small documents;
//  3. validation with the schema (the rules grafserv collected, introspection switch included).
//
// Results are cached per document text, in an LRU bounded by entries AND by an estimate of the
// bytes each entry keeps alive. A refused or invalid document keeps only a compact copy of its
// errors (message, locations, code): never the GraphQLError itself, whose source, AST nodes and
// captured stack trace keep the parser, its lexer and so every token of the document alive
// (about 90 bytes a token: 4.5 MB for one 98 KB document, measured).
import { SETTINGS } from "../../domain/config/settings.ts";
import { createHash, randomBytes } from "node:crypto";
import {
  GraphQLError,
  Kind,
  Source,
  parse,
  validate,
  visit,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationRule,
} from "postgraphile/graphql";
import { QUERY_TOO_BIG, limitErrors, measureOperation, type QueryLimits } from "./query-limits.ts";
import { componentLogger } from "../../domain/logger.ts";

const log = componentLogger("graphql");

export interface DocumentLimits {
  /** Largest HTTP body, and largest websocket message, in bytes (GRAPHQL_MAX_BODY_BYTES). */
  maxBodyBytes: number;
  /** Largest document (the `query` text), in UTF-8 bytes (QUERY_MAX_BYTES). */
  maxBytes: number;
  /** Most lexical tokens in one document (QUERY_MAX_TOKENS). */
  maxTokens: number;
  /** Deepest nesting of brackets { [ ( in a document, and of lists/objects in the variables (QUERY_MAX_NESTING). */
  maxNesting: number;
  /** Most directives in one document (QUERY_MAX_DIRECTIVES). */
  maxDirectives: number;
  /** Most root fields in one operation, fragments included (QUERY_MAX_ROOT_FIELDS). */
  maxRootFields: number;
  /** Bytes the parse-and-validate cache may keep alive, by estimate (QUERY_CACHE_MAX_BYTES). */
  cacheMaxBytes: number;
}

/**
 * The SPA's largest document (web/src/**\/*.graphql) is 1,867 bytes and 165 tokens, nests
 * brackets 8 deep, uses 2 directives and 9 root fields; graphql-js's full introspection query is
 * 2,075 bytes and 184 tokens, nesting 10. The defaults leave ample room
 * (test/security/graphql-document-limits.test.ts keeps the SPA's documents checked).
 */
export const DEFAULT_DOCUMENT_LIMITS: DocumentLimits = {
  maxBodyBytes: SETTINGS.GRAPHQL_MAX_BODY_BYTES.default,
  maxBytes: SETTINGS.QUERY_MAX_BYTES.default,
  maxTokens: SETTINGS.QUERY_MAX_TOKENS.default,
  maxNesting: SETTINGS.QUERY_MAX_NESTING.default,
  maxDirectives: SETTINGS.QUERY_MAX_DIRECTIVES.default,
  maxRootFields: SETTINGS.QUERY_MAX_ROOT_FIELDS.default,
  cacheMaxBytes: SETTINGS.QUERY_CACHE_MAX_BYTES.default,
};

/** Entries kept at most, whatever their size (grafserv's own cache kept 500). */
const CACHE_MAX_ENTRIES = 500;
/** Estimated bytes a parsed document keeps alive per token (AST node, location, token), measured at ~150-250. */
const BYTES_PER_TOKEN = 300;

export type ParseAndValidateResult =
  | { document: DocumentNode; errors?: undefined }
  | { errors: readonly GraphQLError[]; document?: undefined };

export const tooBig = (message: string) => new GraphQLError(message, { extensions: { code: QUERY_TOO_BIG } });

/** A GraphQLError that keeps only what the client is sent: no source, nodes or stack frames. */
function compact(error: GraphQLError): GraphQLError {
  const copy = new GraphQLError(error.message, { extensions: { ...error.extensions } });
  if (error.locations)
    Object.defineProperty(copy, "locations", { value: error.locations.map((l) => ({ line: l.line, column: l.column })), enumerable: true });
  // Formatting the stack now drops the frames V8 captured (and what they hold).
  void copy.stack;
  return copy;
}

/** An error nobody meant (e.g. the stack ran out): masked with an id; the detail is logged once. */
function internal(error: unknown, what: string): GraphQLError {
  const errorId = randomBytes(6).toString("hex").toUpperCase();
  log.error({ err: error instanceof Error ? `${error.name}: ${error.message}` : error }, `[graphql] masked error ${errorId} while ${what}`);
  return new GraphQLError("An error occurred", { extensions: { errorId } });
}

/**
 * Before parsing: bytes, then the nesting of brackets, read from the characters (strings and
 * comments skipped) without allocating anything: a document too deep for the recursive parser
 * never reaches it. Returns the refusal, or null. Tokens are counted by `parse` itself
 * (`maxTokens`), which stops at the first one over the limit.
 */
export function checkBeforeParse(query: string, limits: DocumentLimits): GraphQLError | null {
  // Each UTF-16 unit is at most 3 UTF-8 bytes: only count exactly when it could matter.
  if (query.length * 3 > limits.maxBytes) {
    const bytes = Buffer.byteLength(query, "utf8");
    if (bytes > limits.maxBytes) {
      return tooBig(
        `Query is too large: ${bytes.toLocaleString("en-US")} bytes, at most ${limits.maxBytes.toLocaleString("en-US")} are allowed`,
      );
    }
  }
  if (bracketNesting(query, limits.maxNesting) > limits.maxNesting) {
    return tooBig(`Query is nested too deeply: more than ${limits.maxNesting} levels of brackets are not allowed`);
  }
  return null;
}

const tooManyTokens = (limits: DocumentLimits) =>
  tooBig(`Query has too many tokens: more than ${limits.maxTokens.toLocaleString("en-US")} are not allowed`);

/**
 * The deepest nesting of { [ ( in GraphQL text, outside strings, block strings and comments;
 * stops counting once over `max`. (An unterminated string ends the scan: parse reports it.)
 */
export function bracketNesting(text: string, max: number): number {
  let depth = 0;
  let deepest = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x7b /* { */ || c === 0x5b /* [ */ || c === 0x28 /* ( */) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > max) return deepest;
      }
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */ || c === 0x29 /* ) */) {
      if (depth > 0) depth--;
    } else if (c === 0x23 /* # */) {
      while (i + 1 < n && text.charCodeAt(i + 1) !== 0x0a && text.charCodeAt(i + 1) !== 0x0d) i++;
    } else if (c === 0x22 /* " */) {
      if (text.charCodeAt(i + 1) === 0x22 && text.charCodeAt(i + 2) === 0x22) {
        // Block string: up to the next """ not escaped as \""".
        i += 3;
        while (i < n && !(text.charCodeAt(i) === 0x22 && text.charCodeAt(i + 1) === 0x22 && text.charCodeAt(i + 2) === 0x22)) {
          i += text.charCodeAt(i) === 0x5c /* \ */ && text.startsWith('"""', i + 1) ? 4 : 1;
        }
        i += 2;
      } else {
        i++;
        while (i < n && text.charCodeAt(i) !== 0x22 && text.charCodeAt(i) !== 0x0a && text.charCodeAt(i) !== 0x0d) {
          i += text.charCodeAt(i) === 0x5c /* \ */ ? 2 : 1;
        }
      }
    }
  }
  return deepest;
}

/** Root fields of an operation, fragments at the root expanded (each fragment once). */
function rootFieldCount(operation: OperationDefinitionNode, fragments: Map<string, FragmentDefinitionNode>): number {
  let count = 0;
  const seen = new Set<string>();
  const pending: SelectionSetNode[] = [operation.selectionSet];
  for (let set = pending.pop(); set; set = pending.pop()) {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value !== "__typename") count += 1;
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        pending.push(selection.selectionSet);
      } else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) pending.push(fragment.selectionSet);
      }
    }
  }
  return count;
}

/**
 * After parsing, before validation: every limit that can be read from the document (variables
 * not yet known: query-limits.ts counts a `first: $n` as its default, else 1, and the execute
 * middleware measures again with the values sent).
 */
export function checkBeforeValidation(schema: GraphQLSchema, document: DocumentNode, limits: DocumentLimits & QueryLimits): GraphQLError[] {
  let directives = 0;
  let fields = 0;
  visit(document, {
    Directive() {
      directives += 1;
    },
    Field() {
      fields += 1;
    },
  });
  const errors: GraphQLError[] = [];
  if (directives > limits.maxDirectives) {
    errors.push(tooBig(`Query uses too many directives: ${directives}, at most ${limits.maxDirectives} are allowed`));
  }
  // The fields written in the document, unused fragments included (validation visits them all).
  if (fields > limits.maxFields) {
    errors.push(tooBig(`Query has too many fields: more than ${limits.maxFields} are not allowed`));
  }
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  for (const operation of document.definitions) {
    if (operation.kind !== Kind.OPERATION_DEFINITION) continue;
    const roots = rootFieldCount(operation, fragments);
    if (roots > limits.maxRootFields) {
      errors.push(tooBig(`Query asks for too many root fields: ${roots}, at most ${limits.maxRootFields} are allowed`));
    }
    const size = measureOperation(schema, fragments, operation, "unknown", limits);
    for (const error of limitErrors(size, limits)) {
      if (!errors.some((e) => e.message === error.message)) errors.push(error);
    }
  }
  return errors;
}

interface CacheEntry {
  result: ParseAndValidateResult;
  bytes: number;
}

/** An LRU (a Map in use order) bounded by entries and by estimated bytes. */
export class ByteBoundedCache {
  #entries = new Map<string, CacheEntry>();
  #bytes = 0;
  constructor(
    readonly maxBytes: number,
    readonly maxEntries = CACHE_MAX_ENTRIES,
  ) {}

  get bytes() {
    return this.#bytes;
  }
  get size() {
    return this.#entries.size;
  }

  get(key: string): ParseAndValidateResult | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.result;
  }

  set(key: string, result: ParseAndValidateResult, bytes: number) {
    if (bytes > this.maxBytes / 4) return; // one entry never crowds out the rest
    const old = this.#entries.get(key);
    if (old) {
      this.#bytes -= old.bytes;
      this.#entries.delete(key);
    }
    this.#entries.set(key, { result, bytes });
    this.#bytes += bytes;
    for (const [k, entry] of this.#entries) {
      if (this.#bytes <= this.maxBytes && this.#entries.size <= this.maxEntries) break;
      this.#entries.delete(k);
      this.#bytes -= entry.bytes;
    }
  }
}

function errorBytes(errors: readonly GraphQLError[]): number {
  let bytes = 0;
  for (const e of errors) bytes += 200 + e.message.length * 2 + (e.locations?.length ?? 0) * 40;
  return bytes;
}

const keyOf = (query: string) => (query.length > 200 ? createHash("sha256").update(query).digest("base64") : query);

export interface ParseAndValidate {
  (query: string): ParseAndValidateResult;
  cache: ByteBoundedCache;
  /** Whether the document was parsed and validated before, and passed (a cache look-up only). */
  isKnownGood(query: string): boolean;
}

/** Grafserv's parseAndValidate, with our limits and cache (installed by query-limits-plugin.ts). */
export function makeParseAndValidate(
  schema: GraphQLSchema,
  validationRules: readonly ValidationRule[],
  limits: DocumentLimits & QueryLimits,
): ParseAndValidate {
  const cache = new ByteBoundedCache(limits.cacheMaxBytes);
  // The last answer, for the same string asked again at once (the refusal budget asks before
  // grafserv does): an identity check instead of hashing the text and a cache look-up.
  let lastQuery: string | undefined;
  let lastResult: ParseAndValidateResult | undefined;
  const parseAndValidate = (query: string): ParseAndValidateResult => {
    if (query === lastQuery) return lastResult!;
    const result = parseAndValidateOnce(query);
    lastQuery = query;
    lastResult = result;
    return result;
  };
  const parseAndValidateOnce = (query: string): ParseAndValidateResult => {
    const key = keyOf(query);
    const cached = cache.get(key);
    if (cached) return cached;
    const refusal = checkBeforeParse(query, limits);
    if (refusal) {
      // Cheap to find again, and the text would be the larger part: not cached.
      return { errors: [refusal] };
    }
    let result: ParseAndValidateResult;
    let bytes: number;
    try {
      let document: DocumentNode;
      try {
        document = parse(new Source(query, "GraphQL request"), { maxTokens: limits.maxTokens });
      } catch (e) {
        if (!(e instanceof GraphQLError)) throw e;
        // Refused like the checks before parsing: not cached (finding out again is cheap).
        if (/^Syntax Error: Document contains more th[ae]t \d+ tokens\. Parsing aborted\.$/.test(e.message)) {
          return { errors: [tooManyTokens(limits)] };
        }
        const errors = [compact(e)];
        result = { errors };
        cache.set(key, result, errorBytes(errors) + key.length * 2);
        return result;
      }
      const early = checkBeforeValidation(schema, document, limits);
      const errors = early.length ? early : validate(schema, document, validationRules);
      if (errors.length) {
        const kept = errors.map(compact);
        result = { errors: kept };
        bytes = errorBytes(kept);
      } else {
        result = { document };
        bytes = query.length * 2 + (document.loc?.endToken ? countTokens(document) : query.length) * BYTES_PER_TOKEN;
      }
    } catch (e) {
      // Not a GraphQL error: a bug, or the stack ran out in spite of the nesting limit.
      return { errors: [internal(e, "parsing and validating a document")] };
    }
    cache.set(key, result, bytes + key.length * 2);
    return result;
  };
  const isKnownGood = (query: string) => cache.get(keyOf(query))?.document !== undefined;
  return Object.assign(parseAndValidate, { cache, isKnownGood });
}

/** Tokens of a parsed document, from its location's token list (bounded by maxTokens). */
function countTokens(document: DocumentNode): number {
  let n = 0;
  for (let token = document.loc?.startToken ?? null; token; token = token.next) n += 1;
  return n;
}

/**
 * The deepest nesting of arrays and objects in a JSON value (the variables), without recursion;
 * stops counting once over `max`.
 */
export function jsonNesting(value: unknown, max: number): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  let visited = 0;
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    const d = depth + 1;
    if (d > deepest) deepest = d;
    if (deepest > max || ++visited > 1_000_000) return deepest;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (child !== null && typeof child === "object") stack.push([child, d]);
    }
  }
  return deepest;
}
