// Wires the query limits (query-limits.ts) and the introspection switch into PostGraphile V5.
//
// Two places, both shared by HTTP and websocket operations:
// - grafserv's `setPreset` middleware adds our validation rules to `validationRules`, which the
//   one parse-and-validate function of both transports applies (its results are cached per
//   query text, so a repeated query is measured once);
// - grafast's `execute` and `subscribe` middleware measure the operation again with the
//   variables sent, because a limit such as `first: $n` is only known then. An operation over
//   the limits answers errors and no data, and nothing of it runs.
import { GraphQLError, type ASTVisitor, type ValidationContext } from "postgraphile/graphql";
import type { GrafastExecutionArgs } from "postgraphile/grafast";
import { checkOperationWithVariables, makeQueryLimitsRule, type QueryLimits } from "./query-limits.ts";

export const INTROSPECTION_OFF = "Introspection is switched off on this server";

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

export function makeQueryLimitsPlugin(options: { limits: QueryLimits; introspection: boolean }): GraphileConfig.Plugin {
  const { limits, introspection } = options;
  const rules = [makeQueryLimitsRule(limits), ...(introspection ? [] : [NoIntrospectionRule])];
  const refusal = (args: GrafastExecutionArgs) => {
    const errors = checkOperationWithVariables(args.schema, args.document, args.operationName, args.variableValues, limits);
    return errors.length ? { errors } : null;
  };
  return {
    name: "QueryLimitsPlugin",
    version: "1.0.0",
    description: "Depth, cost, field and alias limits on every operation; introspection on or off",
    grafserv: {
      middleware: {
        setPreset(next, event) {
          event.validationRules.push(...rules);
          return next();
        },
      },
    },
    grafast: {
      middleware: {
        execute(next, event) {
          return refusal(event.args) ?? next();
        },
        subscribe(next, event) {
          return refusal(event.args) ?? next();
        },
      },
    },
  };
}
