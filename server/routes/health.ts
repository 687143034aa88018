// GET /health: the app's and the database's state, for load balancers and people.
import type { Router } from "express";
import express from "express";
import type pg from "pg";
import { readFileSync } from "node:fs";
import path from "node:path";
import { rootDir } from "../config.ts";

const version = JSON.parse(readFileSync(path.join(rootDir, "package.json"), "utf8")).version as string;
const startedAt = Date.now();

export function healthRouter(pool: pg.Pool): Router {
  const router = express.Router();
  router.get("/health", async (_req, res) => {
    const started = performance.now();
    let database: Record<string, unknown>;
    try {
      const { rows } = await pool.query<{ version: string | null }>(
        "select (select max(version) from public.schema_migrations) as version",
      );
      database = { ok: true, latencyMs: Math.round(performance.now() - started), migration: rows[0]?.version ?? null };
    } catch (e) {
      database = { ok: false, error: e instanceof Error ? e.message : String(e) };
    }
    const ok = database.ok === true;
    res.status(ok ? 200 : 503).json({
      status: ok ? "ok" : "degraded",
      app: { name: "steward", version, uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) },
      database,
    });
  });
  return router;
}
