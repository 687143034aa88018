// Imported first by every entry point: Grafast reads GRAPHILE_ENV when it loads, so the default
// (development checks unless NODE_ENV is production) must be set before anything imports it.
process.env.GRAPHILE_ENV ??= process.env.NODE_ENV === "production" ? "production" : "development";
