// Wires the request limits (document-limits.ts, query-limits.ts) and the introspection switch into
// PostGraphile V5. Every place is shared by HTTP and websocket operations:
// - grafserv's `setPreset` middleware replaces the parse-and-validate function grafserv hands to
//   both transports (through `getExecutionConfig`) with ours: size, tokens and nesting before
//   parsing, the shape limits before validation, a cache bounded by bytes (document-limits.ts);
//   the introspection switch stays a validation rule;
// - grafserv's `processGraphQLRequestBody` middleware (HTTP bodies and websocket subscribe
//   payloads) refuses variables nested deeper than the documents may be;
// - grafast's `execute` and `subscribe` middleware measure the operation again with the
//   variables sent, because a limit such as `first: $n` is only known then. An operation over
//   the limits answers errors and no data, and nothing of it runs. An error thrown out of
//   execution (not a GraphQL result) is masked with an id instead of reaching the client.
import { GraphQLError, type ASTVisitor, type GraphQLSchema, type ValidationContext } from "postgraphile/graphql";
import { SafeError, type GrafastExecutionArgs } from "postgraphile/grafast";
import { QUERY_TOO_BIG, checkOperationWithVariables, type QueryLimits } from "./query-limits.ts";
import { jsonNesting, makeParseAndValidate, type DocumentLimits, type ParseAndValidate } from "./document-limits.ts";
import { maskError } from "./errors.ts";
import { makeRefusalBudget } from "./refusal-budget.ts";
import { clientAddress, type TrustProxy } from "../client-address.ts";
import type { IncomingMessage } from "node:http";

export const INTROSPECTION_OFF = "Introspection is switched off on this server";

/** Operation plans grafast keeps (its default is 500, each holding its document and plan). */
export const OPERATION_PLANS_KEPT = 100;

/** Refuses `__schema` and `__type` (the schema's description); `__typename` stays allowed. */
function NoIntrospectionRule(context: ValidationContext): ASTVisitor {
  return {
    Field(node) {
      if (node.name.value === "__schema" || node.name.value === "__type") {
        context.reportError(new GraphQLError(INTROSPECTION_OFF, { nodes: node, extensions: { code: "DNIED" } }));
      }
    },
  };
}

/** The parse-and-validate functions in use, by schema. */
const parseAndValidateBySchema = new WeakMap<GraphQLSchema, ParseAndValidate>();
const liveCaches = new Set<WeakRef<ParseAndValidate["cache"]>>();

/** The caches of parsed documents of the servers alive in this process (tests measure them). */
export function parseAndValidateCaches(): ParseAndValidate["cache"][] {
  const caches = [];
  for (const ref of liveCaches) {
    const cache = ref.deref();
    if (cache) caches.push(cache);
    else liveCaches.delete(ref);
  }
  return caches;
}

export function makeQueryLimitsPlugin(options: {
  limits: QueryLimits;
  documentLimits: DocumentLimits;
  introspection: boolean;
  /** Refused documents an address may send a minute before new ones get 429 (0: no budget; refusal-budget.ts). */
  refusalsPerMinute: number;
  trustProxy: TrustProxy;
}): GraphileConfig.Plugin {
  const { limits, documentLimits, introspection } = options;
  const budget = makeRefusalBudget(options.refusalsPerMinute);
  /** The parse-and-validate function of the current schema (set at the first request). */
  let current: ParseAndValidate | undefined;
  const allLimits = { ...limits, ...documentLimits };
  const refusal = (args: GrafastExecutionArgs) => {
    const errors = checkOperationWithVariables(args.schema, args.document, args.operationName, args.variableValues, limits);
    return errors.length ? { errors } : null;
  };
  /** Thrown out of execution (e.g. the stack ran out coercing a value): a masked result, not a 4xx with the text. */
  const masked = (e: unknown) => ({
    errors: [maskError(new GraphQLError("An error occurred", { originalError: e instanceof Error ? e : new Error(String(e)) }))],
  });
  const guarded = <T>(run: () => T): T | ReturnType<typeof masked> | Promise<Awaited<T> | ReturnType<typeof masked>> => {
    try {
      const result = run();
      return result instanceof Promise ? result.catch(masked) : result;
    } catch (e) {
      return masked(e);
    }
  };
  return {
    name: "QueryLimitsPlugin",
    version: "2.0.0",
    description:
      "Size, token, nesting, depth, cost, field, alias, directive and root-field limits on every operation; introspection on or off",
    grafserv: {
      middleware: {
        setPreset(next, event) {
          if (!introspection) event.validationRules.push(NoIntrospectionRule);
          const rules = event.validationRules;
          const original = event.getExecutionConfig;
          const ours = (schema: GraphQLSchema) => {
            let fn = parseAndValidateBySchema.get(schema);
            if (!fn) {
              fn = makeParseAndValidate(schema, rules, allLimits);
              current = fn;
              parseAndValidateBySchema.set(schema, fn);
              liveCaches.add(new WeakRef(fn.cache));
              // grafast's cache of operation plans (created at the first execution) holds each
              // document it planned: fewer entries, each bounded by the limits above.
              const extensions = schema.extensions as { grafast?: { operationsCacheMaxLength?: number } };
              extensions.grafast ??= Object.create(null);
              extensions.grafast!.operationsCacheMaxLength ??= OPERATION_PLANS_KEPT;
            }
            return fn;
          };
          event.getExecutionConfig = function (ctx) {
            const config = original.call(this, ctx);
            const withOurs = (c: Awaited<typeof config>) => ({ ...c, parseAndValidate: ours(c.schema) });
            return config instanceof Promise ? config.then(withOurs) : withOurs(config as Awaited<typeof config>);
          };
          return next();
        },
        processGraphQLRequestBody(next, event) {
          const address = event.request
            ? (event.request.requestContext as { expressv4?: { req?: { ip?: string } } }).expressv4?.req?.ip
            : clientAddress((event.graphqlWsContext?.extra as { request?: IncomingMessage } | undefined)?.request, options.trustProxy);
          const query = event.body.query;
          if (options.refusalsPerMinute > 0 && typeof query === "string" && current) {
            const parseAndValidate = current;
            budget.check(address, () => parseAndValidate.isKnownGood(query));
            // Parsed here to know whether it is refused; grafserv's own call right after, with the
            // same string, gets the same result back without a look-up (document-limits.ts).
            if (parseAndValidate(query).errors) budget.spend(address);
          }
          const variables = event.body.variableValues;
          if (
            variables != null &&
            typeof variables === "object" &&
            jsonNesting(variables, documentLimits.maxNesting) > documentLimits.maxNesting
          ) {
            budget.spend(address);
            throw new SafeError(
              `Variables are nested too deeply: more than ${documentLimits.maxNesting} levels of lists and objects are not allowed`,
              { code: QUERY_TOO_BIG, statusCode: 400 },
            );
          }
          return next();
        },
      },
    },
    grafast: {
      middleware: {
        execute(next, event) {
          return refusal(event.args) ?? guarded(next);
        },
        subscribe(next, event) {
          return refusal(event.args) ?? guarded(next);
        },
      },
    },
  };
}
