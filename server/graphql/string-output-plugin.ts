// Answers over HTTP are written by Grafast straight into a JSON string, instead of being built
// as objects and then stringified whole (grafserv's `outputDataAsString`, set in the preset, which
// this switches on for each HTTP execution: grafserv alone does not pass it to Grafast). Writing
// text is what lets readings' data go out as PostgreSQL sent it (raw-readings-plugin.ts); it also
// saves building a 10,000-row object tree. Websocket operations keep object data, which graphql-ws
// needs.
import type { GrafastExecutionArgs } from "postgraphile/grafast";

const overHttp = (args: GrafastExecutionArgs) => {
  const context = args.requestContext as { http?: unknown; ws?: unknown } | undefined;
  return Boolean(context?.http) && !context?.ws;
};

export const StringOutputPlugin: GraphileConfig.Plugin = {
  name: "StringOutputPlugin",
  version: "1.0.0",
  description: "HTTP answers built as JSON text by Grafast",
  grafast: {
    middleware: {
      execute(next, event) {
        if (overHttp(event.args)) event.args.outputDataAsString = true;
        return next();
      },
    },
  },
};
